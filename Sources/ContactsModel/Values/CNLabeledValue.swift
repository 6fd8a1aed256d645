import Foundation
import Synchronization

/// A labeled value's identifier as text, or as a UUID's first and last eight bytes (most significant first)
/// whose text is made on first read.
///
/// Outside the generic class on purpose: a type nested in it is generic too, and looking up its metadata for
/// every new labeled value cost ~400 instructions (callgrind).
private enum StoredLabeledValueIdentifier {
    case text(String)
    case bits(UInt64, UInt64)
}

/// A value with a label, such as a home phone number, and a stable identifier.
///
/// Labeled values are immutable and thread-safe. A new labeled value gets a new unique identifier; the
/// `setting` methods return copies that keep it, so a value can be found again in a contact fetched later.
///
/// ```swift
/// let email = CNLabeledValue(label: CNLabelHome, value: "john@example.com" as NSString)
/// let moved = email.settingLabel(CNLabelWork)   // same identifier
/// ```
///
/// Parity: partial. Labeled values archive and decode as part of a contact. Archiving one on its own (as
/// an archive's root object or inside another object) stops the process on Linux, whose Foundation cannot
/// name generic classes in an archive.
open class CNLabeledValue<ValueType: NSCopying & NSSecureCoding>: NSObject, NSCopying, NSSecureCoding,
    @unchecked Sendable
{
    // SAFETY: every stored property is immutable after initialization but the identifier, which changes (from
    // bits to their text, or to a copied identifier in `settingLabel`) only under its lock; the value is copied
    // on the way in; TODO(#2): revisit when Foundation's classes are Sendable on Linux.

    /// The unique identifier of this labeled value, kept across saves and launches.
    ///
    /// A labeled value the vCard reader makes keeps its identifier as 128 bits and makes the text on first
    /// read (the same text every time after): most are returned by `contacts(with:)` and freed without their
    /// identifier being read, and the 36-byte string was an allocation and a free each (docs/VCard.md).
    open var identifier: String {
        storedIdentifier.withLock { stored in
            switch stored {
            case .text(let text):
                return text
            case .bits(let high, let low):
                let text = UUIDText.string(high: high, low: low)
                stored = .text(text)
                return text
            }
        }
    }
    /// Behind a lock so two threads reading a new identifier at once both see the one text that is kept.
    private let storedIdentifier: Mutex<StoredLabeledValueIdentifier>

    /// The label, a predefined token such as `CNLabelHome` or a custom string; nil when unlabeled.
    open var label: String? { storedLabel }
    private let storedLabel: String?

    /// The value.
    open var value: ValueType { storedValue }
    private let storedValue: ValueType

    /// Creates a labeled value with a new unique identifier.
    ///
    /// - Parameters:
    ///   - label: A predefined label constant, a custom label, or nil.
    ///   - value: The value; it is copied.
    public required init(label: String?, value: ValueType) {
        self.storedIdentifier = Mutex(.text(LocalUUID.string()))
        self.storedLabel = label
        self.storedValue = Self.frozenCopy(of: value)
        super.init()
    }

    /// Creates a labeled value with a known identifier, as the store and the vCard reader do.
    package init(identifier: String, label: String?, value: ValueType) {
        self.storedIdentifier = Mutex(.text(identifier))
        self.storedLabel = label
        self.storedValue = Self.frozenCopy(of: value)
        super.init()
    }

    /// Creates a labeled value that keeps `value` as it is, without the defensive copy.
    ///
    /// For callers that just built `value` as an immutable instance no one else holds (the vCard reader's
    /// phone numbers, strings and postal addresses): the copy and its dynamic cast cost more than the rest
    /// of building the labeled value. Mutable values and date components must use
    /// `init(identifier:label:value:)`, which freezes and normalizes them.
    package init(identifier: String, label: String?, ownedValue value: ValueType) {
        self.storedIdentifier = Mutex(.text(identifier))
        self.storedLabel = label
        self.storedValue = value
        super.init()
    }

    /// Creates a labeled value that keeps `value` as it is (see `init(identifier:label:ownedValue:)`), whose
    /// identifier is the text of a UUID's bits (``UUIDText``), made when ``identifier`` is first read.
    package init(identifierHigh high: UInt64, low: UInt64, label: String?, ownedValue value: ValueType) {
        self.storedIdentifier = Mutex(.bits(high, low))
        self.storedLabel = label
        self.storedValue = value
        super.init()
    }

    /// A copy of a value, so later changes by the caller do not leak in: a mutable postal address becomes
    /// immutable, and date components get their own instance with the calendar reduced to its identifier.
    private static func frozenCopy(of value: ValueType) -> ValueType {
        let copy = (value.copy(with: nil) as? ValueType) ?? value
        if let components = copy as? NSDateComponents {
            DateNormalization.normalize(components)
        }
        return copy
    }

    /// Returns a copy with a new label and the same identifier and value.
    open func settingLabel(_ label: String?) -> Self {
        settingLabel(label, value: value)
    }

    /// Returns a copy with a new value and the same identifier and label.
    open func settingValue(_ value: ValueType) -> Self {
        settingLabel(label, value: value)
    }

    /// Returns a copy with a new label and value and the same identifier.
    open func settingLabel(_ label: String?, value: ValueType) -> Self {
        let copy = Self(label: label, value: value)
        let identifier = identifier
        copy.storedIdentifier.withLock { $0 = .text(identifier) }
        return copy
    }

    /// The localized text of a predefined label; custom labels come back unchanged.
    ///
    /// The language comes from the person's locale settings (see ``Localization``).
    ///
    /// Parity: partial. 12 languages (see ``Localization``), in our own wording.
    open class func localizedString(forLabel label: String) -> String {
        Localization.current.label(label)
    }

    // MARK: NSCopying, NSSecureCoding

    open func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    /// True: the class supports secure coding (`NSSecureCoding`).
    public class var supportsSecureCoding: Bool { true }

    open func encode(with coder: NSCoder) {
        coder.encode(identifier as NSString, forKey: "identifier")
        coder.encode(label.map { $0 as NSString }, forKey: "label")
        coder.encode(value, forKey: "value")
    }

    public required init?(coder: NSCoder) {
        let valueClasses: [AnyClass] = [NSString.self] + ((ValueType.self as Any.Type as? AnyClass).map { [$0] } ?? [])
        guard let identifier = coder.decodeObject(of: NSString.self, forKey: "identifier"),
            let value = coder.decodeObject(of: valueClasses, forKey: "value") as? ValueType
        else { return nil }
        self.storedIdentifier = Mutex(.text(identifier as String))
        self.storedLabel = coder.decodeObject(of: NSString.self, forKey: "label") as String?
        self.storedValue = value
        super.init()
    }

    // MARK: Equality

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CNLabeledValue<ValueType> else { return false }
        return identifier == other.identifier && label == other.label
            && ((value as? NSObject)?.isEqual(other.value) ?? false)
    }

    open override var hash: Int {
        identifier.hashValue
    }

    open override var description: String {
        // Identifiers and labels only: values may be personal data.
        "<CNLabeledValue identifier=\(identifier) label=\(label ?? "nil")>"
    }

    /// Whether label and value match, ignoring identifiers.
    package func hasSameContent(as other: CNLabeledValue<ValueType>) -> Bool {
        label == other.label && ((value as? NSObject)?.isEqual(other.value) ?? false)
    }
}
