/// One property the person picked: which contact, which key, and which labeled value.
///
/// Parity: the parts of `CNContactProperty` the engine needs to build it.
public struct ContactPropertySelection: Hashable, Sendable {
    /// The contact's identifier.
    public var contactIdentifier: String
    /// The property's key.
    public var key: String
    /// The labeled value's identifier, for multi-valued properties.
    public var valueIdentifier: String?

    /// Creates a selection.
    public init(contactIdentifier: String, key: String, valueIdentifier: String? = nil) {
        self.contactIdentifier = contactIdentifier
        self.key = key
        self.valueIdentifier = valueIdentifier
    }
}
