import Contacts
import ContactsEngine
import Foundation

extension CNContactStore {
    /// Marks a contact as the person's own card ("My Card"), which `unifiedMeContactWithKeys(toFetch:)`
    /// returns. Our addition, for the person's tools (in daemon mode, the person's agent).
    ///
    /// ```swift
    /// try store.setMeContact(withIdentifier: card.identifier)
    /// ```
    ///
    /// An app sees the card only when it may see that contact. Deleting the card unsets it.
    ///
    /// - Throws: `CNError.recordDoesNotExist` (200) for an unknown contact; `authorizationDenied` (100) when the
    ///   store acts as an app.
    public func setMeContact(withIdentifier identifier: String) throws {
        try connection.setMeContact(identifier)
    }

    /// Unsets the person's own card. Our addition.
    ///
    /// - Throws: `authorizationDenied` (100) when the store acts as an app.
    public func clearMeContact() throws {
        try connection.setMeContact(nil)
    }

    /// The identifier of the contact a vCard with this UID was imported as (or saved with, for our exports,
    /// whose UID is the identifier), or nil. Our addition, for the person's tools.
    public func contactIdentifier(forVCardUID uid: String) throws -> String? {
        // The card identity calls of the embedded store or the daemon: the oldest card with the UID first.
        guard let cards = connection as? any CardIdentityConnection else { throw CNError(.featureNotAvailable) }
        if let identifier = try cards.contactIdentifiers(withCardUID: uid).first { return identifier }
        let keys = [CNContactIdentifierKey as CNKeyDescriptor]
        return try unifiedContacts(matching: CNContact.predicateForContacts(withIdentifiers: [uid]), keysToFetch: keys)
            .first?.identifier
    }
}
