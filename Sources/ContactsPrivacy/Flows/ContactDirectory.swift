import ContactsModel

/// The engine's side of the pickers and the button: lists, matches and snapshots of contacts.
///
/// Only the trusted agent sees candidates; the app receives snapshots (one-time picker) or identifiers.
///
/// Parity: our addition; the engine implements it over SQLite.
public protocol ContactDirectory: Sendable {
    /// Every contact the person may choose, with display names (pickers see all contacts, whatever the app's
    /// status).
    ///
    /// - Throws: `CNError` when the store fails.
    func candidates() throws(CNError) -> [ContactCandidate]

    /// Contacts that match the button's query, are not in `visible`, and have none of the ignored e-mail
    /// addresses or phone numbers.
    ///
    /// - Throws: `CNError` when the store fails.
    func matches(for query: AccessButtonQuery, excluding visible: Visibility) throws(CNError) -> [ContactCandidate]

    /// Snapshots of contacts with only the given keys fetched.
    ///
    /// - Throws: `CNError` when the store fails.
    func snapshots(of identifiers: [String], keys: Set<String>) throws(CNError) -> [CNContact]
}
