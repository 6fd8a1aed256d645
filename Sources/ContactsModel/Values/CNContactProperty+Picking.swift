import Foundation

extension CNContactProperty {
    /// The property a person picked in a contact picker, taken from the contact's snapshot.
    ///
    /// The picker's system side names a pick by contact, key and labeled value identifier; the app's side turns
    /// it back into the value the delegate receives. Both use this, so a pick that names a key the snapshot was
    /// not fetched with, or a labeled value the contact does not have, is dropped on either side rather than
    /// stopping the process (reading an unfetched key would).
    ///
    /// - Parameters:
    ///   - contact: The snapshot of the contact.
    ///   - key: The property's key.
    ///   - valueIdentifier: The labeled value's identifier; nil (or empty) for a property that is not a labeled
    ///     array.
    /// - Returns: The property, or nil when the snapshot does not hold it.
    package static func picked(from contact: CNContact, key: String, valueIdentifier: String?) -> CNContactProperty? {
        guard ContactProperty(key: key) != nil, contact.isKeyAvailable(key) else { return nil }
        let value = contact.value(forKey: key)
        let wanted = valueIdentifier.flatMap { $0.isEmpty ? nil : $0 }
        if let values = value as? [Any] {
            guard let wanted,
                let labeled = values.lazy.compactMap({ $0 as? any PickableLabeledValue })
                    .first(where: { $0.pickedIdentifier == wanted })
            else { return nil }
            return CNContactProperty(
                contact: contact, key: key, value: labeled.pickedValue, identifier: wanted, label: labeled.pickedLabel)
        }
        guard wanted == nil else { return nil }
        return CNContactProperty(contact: contact, key: key, value: value, identifier: nil, label: nil)
    }
}

/// A labeled value of any value type, so a picked one can be found by identifier in a key's array.
private protocol PickableLabeledValue {
    var pickedIdentifier: String { get }
    var pickedLabel: String? { get }
    var pickedValue: Any { get }
}

extension CNLabeledValue: PickableLabeledValue {
    fileprivate var pickedIdentifier: String { identifier }
    fileprivate var pickedLabel: String? { label }
    fileprivate var pickedValue: Any { value }
}
