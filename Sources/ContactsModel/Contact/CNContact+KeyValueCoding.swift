import Foundation

extension CNContact {
    /// Returns the value of a property by its key, as key-value coding does on Apple platforms.
    ///
    /// Strings come back as `String`, dates as `DateComponents`, images as `Data`, arrays as arrays of
    /// `CNLabeledValue`, and the contact type as its raw `Int`, as Apple's key-value coding returns an
    /// `NSNumber` for it (so `as? Int` works on both platforms). Reading a key that was not fetched stops
    /// the process, as reading the property does.
    ///
    /// - Parameter key: A contact key constant such as `CNContactGivenNameKey`.
    /// - Returns: The value, or nil for an unset optional or a string that is not a contact key.
    public func value(forKey key: String) -> Any? {
        guard let property = ContactProperty(key: key) else { return nil }
        storage.require(property)
        if property == .contactType {
            return storage.contactType.rawValue
        }
        return storage.value(of: property)
    }
}
