import ContactsEngine
import ContactsModel
import Foundation

// Our addition: a contact's card identity. A contact imported from a vCard or synced from a CardDAV server
// keeps the card's `UID`; scripts and sync find the contact by it.
extension CNContactStore {
    /// The contacts that came from cards with a UID, in every container, oldest first.
    ///
    /// A UID matches with or without its `urn:uuid:` prefix. The same card in two containers (two accounts, or
    /// an import into the local container and a sync) gives two contacts; they are cards, not unified contacts.
    /// An app sees only the contacts its authorization lets it see: a UID of a hidden contact finds nothing.
    ///
    /// ```swift
    /// let found = try store.contacts(withCardUID: "urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1",
    ///                                keysToFetch: [CNContactGivenNameKey as CNKeyDescriptor])
    /// ```
    ///
    /// - Parameters:
    ///   - uid: The card's `UID` as written in the vCard.
    ///   - keys: The keys to fetch.
    /// - Returns: The contacts; empty when none has the UID.
    /// - Throws: `CNError.authorizationDenied` (100) when the app may not read contacts; `unauthorizedKeys` (102)
    ///   for the note without the notes entitlement; `dataAccessError` (2).
    ///
    /// Parity: our addition (Apple keeps a card's UID private).
    public func contacts(withCardUID uid: String, keysToFetch keys: [any CNKeyDescriptor]) throws -> [CNContact] {
        let identifiers = try cardIdentity.contactIdentifiers(withCardUID: uid)
        guard !identifiers.isEmpty else { return [] }
        let request = CNContactFetchRequest(keysToFetch: keys)
        request.predicate = CNContact.predicateForContacts(withIdentifiers: identifiers)
        request.unifyResults = false
        var found: [String: CNContact] = [:]
        try enumerateContacts(with: request) { contact, _ in found[contact.identifier] = contact }
        return identifiers.compactMap { found[$0] }
    }

    /// The `UID` of the card a contact came from, or nil when it came from none (an export then writes the
    /// contact's identifier as its UID).
    ///
    /// ```swift
    /// let uid = try store.cardUID(ofContactWithIdentifier: contact.identifier)
    /// ```
    ///
    /// - Throws: `CNError.authorizationDenied` (100); `dataAccessError` (2). A contact the app may not see has
    ///   no UID, as a missing one.
    ///
    /// Parity: our addition.
    public func cardUID(ofContactWithIdentifier identifier: String) throws -> String? {
        try cardIdentity.cardUID(ofContact: identifier)
    }

    /// The connection's card identity calls: the embedded store's or the daemon's.
    private var cardIdentity: any CardIdentityConnection {
        get throws(CNError) {
            guard let connection = connection as? any CardIdentityConnection else {
                throw CNError(.featureNotAvailable)
            }
            return connection
        }
    }
}
