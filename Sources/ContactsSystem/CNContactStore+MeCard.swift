import Contacts
import ContactsClient
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
        if let daemon = connection as? DaemonConnection { return try daemon.setMeContact(identifier) }
        try meCardConnection().setMeContact(identifier)
    }

    /// Unsets the person's own card. Our addition.
    ///
    /// - Throws: `authorizationDenied` (100) when the store acts as an app.
    public func clearMeContact() throws {
        if let daemon = connection as? DaemonConnection { return try daemon.setMeContact(nil) }
        try meCardConnection().setMeContact(nil)
    }

    /// The identifier of the contact a vCard with this UID was imported as (or saved with, for our exports,
    /// whose UID is the identifier), or nil. Our addition, for the person's tools.
    public func contactIdentifier(forVCardUID uid: String) throws -> String? {
        let keys = [CNContactIdentifierKey as CNKeyDescriptor]
        if connection is DaemonConnection {
            // The daemon's person's agent: the card identity calls, oldest card first, as the engine's lookup.
            if let first = try contacts(withCardUID: uid, keysToFetch: keys).first { return first.identifier }
        } else {
            let store = try meCardConnection().authorized()
            if let identifier = try StoreError.mapped({ try store.contactIdentifier(forUID: uid) }) {
                return identifier
            }
        }
        return try unifiedContacts(matching: CNContact.predicateForContacts(withIdentifiers: [uid]), keysToFetch: keys)
            .first?.identifier
    }

    private func meCardConnection() throws(CNError) -> EmbeddedConnection {
        guard let embedded = connection as? EmbeddedConnection else { throw CNError(.authorizationDenied) }
        return embedded
    }
}
