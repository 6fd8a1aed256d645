import ContactsModel
import Foundation

/// The message of a labeled value: an identifier, a label that may be nil, and a value of its own type.
///
/// Every labeled message of the .proto has the same three fields, so one pair of functions converts all
/// eight multi-value properties.
protocol WireLabeledValue {
    init()
    var identifier: String { get set }
    /// False for a nil label; `label` is then empty and not read.
    var hasLabel_p: Bool { get set }
    var label: String { get set }
}

extension Contacts_V1_LabeledString: WireLabeledValue {}
extension Contacts_V1_LabeledPostalAddress: WireLabeledValue {}
extension Contacts_V1_LabeledDate: WireLabeledValue {}
extension Contacts_V1_LabeledRelation: WireLabeledValue {}
extension Contacts_V1_LabeledSocialProfile: WireLabeledValue {}
extension Contacts_V1_LabeledInstantMessage: WireLabeledValue {}

extension WireLabeledValue {
    /// The messages of labeled values, identifiers and labels kept.
    static func messages<Value>(
        _ values: [CNLabeledValue<Value>],
        setValue: (Value, inout Self) -> Void
    ) -> [Self] {
        values.map { labeled in
            var message = Self()
            message.identifier = labeled.identifier
            if let label = labeled.label {
                message.hasLabel_p = true
                message.label = label
            }
            setValue(labeled.value, &message)
            return message
        }
    }

    /// The messages of one contact's values given as texts (``LabeledValueTexts`` of that contact alone), with
    /// no labeled value built; `setValue` gets each value's strings, `width` of them.
    static func messages(
        _ texts: LabeledValueTexts, width: Int, setValue: (ArraySlice<String>, inout Self) -> Void
    ) -> [Self] {
        texts.identifiers.indices.map { index in
            var message = Self()
            message.identifier = texts.identifiers[index]
            if texts.labelPresent[index] {
                message.hasLabel_p = true
                message.label = texts.labels[index]
            }
            setValue(texts.values[(index * width)..<((index + 1) * width)], &message)
            return message
        }
    }

    /// The labeled values of messages, each keeping the new immutable value `value` builds (no defensive copy).
    static func freshLabeledValues<Value>(_ messages: [Self], value: (Self) -> Value) -> [CNLabeledValue<Value>] {
        messages.map { message in
            CNLabeledValue(
                identifier: message.identifier, label: message.hasLabel_p ? message.label : nil,
                ownedValue: value(message))
        }
    }

    /// The labeled values of messages, identifiers and labels kept.
    ///
    /// - Parameters:
    ///   - messages: The messages.
    ///   - isFresh: Whether `value` builds a new immutable object no one else holds, which the labeled value
    ///     can keep without its defensive copy (a batch of contacts has thousands of them). Date components
    ///     are not: the labeled value must normalize their calendar.
    ///   - value: The value of one message.
    static func labeledValues<Value>(
        _ messages: [Self],
        isFresh: Bool = true,
        value: (Self) throws(WireError) -> Value
    ) throws(WireError) -> [CNLabeledValue<Value>] {
        var result: [CNLabeledValue<Value>] = []
        result.reserveCapacity(messages.count)
        for message in messages {
            let label = message.hasLabel_p ? message.label : nil
            let value = try value(message)
            result.append(
                isFresh
                    ? CNLabeledValue(identifier: message.identifier, label: label, ownedValue: value)
                    : CNLabeledValue(identifier: message.identifier, label: label, value: value)
            )
        }
        return result
    }
}
