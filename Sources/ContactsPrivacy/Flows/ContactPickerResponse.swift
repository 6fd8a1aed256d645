import ContactsModel

/// What the app receives from the one-time picker: a snapshot, never a grant.
///
/// Parity: the values passed to `CNContactPickerDelegate`.
public struct ContactPickerResponse: Sendable {
    /// The person's choice, reduced to what the request allows.
    public var choice: ContactPickerChoice
    /// The picked contacts, fetched with ``ContactPickerRequest/keysToFetch(entitlements:)`` only.
    public var contacts: [CNContact]

    /// Creates a response.
    public init(choice: ContactPickerChoice, contacts: [CNContact]) {
        self.choice = choice
        self.contacts = contacts
    }
}
