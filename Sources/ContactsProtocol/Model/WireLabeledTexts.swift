import ContactsModel
import Foundation

/// One contact's labeled values as read from its reply's bytes (``ContactReplyFrame/decode(_:)``), as texts:
/// the values are built on first access, as those of a decoded message (`MessageLabeledValues`).
struct WireLabeledTexts: LabeledValueSource {
    /// One list per property of ``ContactProperty/multiValueProperties``, in that order, each with one count.
    let lists: [LabeledValueTexts]

    private func texts(of property: ContactProperty) -> LabeledValueTexts? {
        ContactProperty.multiValueProperties.firstIndex(of: property).map { lists[$0] }
    }

    func decode(_ property: ContactProperty, into lists: inout LabeledValueLists) {
        // Dates are decoded with the reply (a malformed one is an error of the message), never deferred here.
        guard property != .dates, let texts = texts(of: property) else { return }
        let width = LabeledValueTexts.width(of: property)
        for index in texts.identifiers.indices {
            let identifier = texts.identifiers[index]
            let label = texts.labelPresent[index] ? texts.labels[index] : nil
            lists.appendFromWire(property, identifier: identifier, label: label) { texts.values[index * width + $0] }
        }
    }

    func appendTexts(of property: ContactProperty, to texts: inout LabeledValueTexts) -> Bool {
        guard property != .dates, let own = self.texts(of: property) else { return false }
        texts.identifiers.append(contentsOf: own.identifiers)
        texts.labelPresent.append(contentsOf: own.labelPresent)
        texts.labels.append(contentsOf: own.labels)
        texts.values.append(contentsOf: own.values)
        texts.counts.append(UInt32(own.identifiers.count))
        return true
    }
}
