import Foundation

/// One property of a contact, as a contact picker returns it: the contact, the key, and for labeled values
/// the value's identifier and label.
///
/// Parity: full.
open class CNContactProperty: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    // SAFETY: immutable after initialization; TODO(#2): revisit when NSObject is Sendable on Linux.

    /// The contact the property belongs to.
    public let contact: CNContact
    /// The property's key, such as `CNContactEmailAddressesKey`.
    public let key: String
    /// The property's value: a labeled value's value for labeled properties, else the property itself.
    public let value: Any?
    /// The labeled value's identifier; nil for properties that are not labeled arrays.
    public let identifier: String?
    /// The labeled value's label; nil for properties that are not labeled arrays.
    public let label: String?

    /// Creates a contact property; pickers and the store create them.
    package init(contact: CNContact, key: String, value: Any?, identifier: String?, label: String?) {
        self.contact = contact
        self.key = key
        self.value = value
        self.identifier = identifier
        self.label = label
        super.init()
    }

    open func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    /// True: the class supports secure coding (`NSSecureCoding`).
    public class var supportsSecureCoding: Bool { true }

    open func encode(with coder: NSCoder) {
        coder.encode(contact, forKey: "contact")
        coder.encode(key as NSString, forKey: "key")
        coder.encode(identifier.map { $0 as NSString }, forKey: "identifier")
        coder.encode(label.map { $0 as NSString }, forKey: "label")
        // The key is always written, nil included: Foundation on Linux reports a missing key as a
        // decoding error rather than as nil.
        if let string = value as? String {
            coder.encode(string as NSString, forKey: "value")
        } else if let data = value as? Data {
            coder.encode(data as NSData, forKey: "value")
        } else if let object = value as? NSObject, object is NSSecureCoding {
            coder.encode(object, forKey: "value")
        } else {
            coder.encode(nil as NSObject?, forKey: "value")
        }
    }

    public required init?(coder: NSCoder) {
        guard let contact = coder.decodeObject(of: CNContact.self, forKey: "contact"),
            let key = coder.decodeObject(of: NSString.self, forKey: "key")
        else { return nil }
        self.contact = contact
        self.key = key as String
        self.identifier = coder.decodeObject(of: NSString.self, forKey: "identifier") as String?
        self.label = coder.decodeObject(of: NSString.self, forKey: "label") as String?
        let valueClasses: [AnyClass] = [
            NSString.self, CNPhoneNumber.self, CNPostalAddress.self, CNContactRelation.self, CNSocialProfile.self,
            CNInstantMessageAddress.self, NSDateComponents.self, NSData.self, NSNumber.self,
        ]
        self.value = coder.decodeObject(of: valueClasses, forKey: "value")
        super.init()
    }

    /// Equal when the contacts are equal and the key, identifier, label and value match.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CNContactProperty else { return false }
        return key == other.key && identifier == other.identifier && label == other.label
            && contact.isEqual(other.contact) && ContactStorage.isEqual(value, other.value)
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(contact.identifier)
        hasher.combine(key)
        hasher.combine(identifier)
        return hasher.finalize()
    }

    open override var description: String {
        "<CNContactProperty contact=\(contact.identifier) key=\(key) identifier=\(identifier ?? "nil")>"
    }
}
