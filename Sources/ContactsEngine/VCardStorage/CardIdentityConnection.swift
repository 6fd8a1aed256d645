import ContactsModel

/// A connection that can answer for a card's identity (our addition, `CNContactStore.contacts(withCardUID:)`):
/// the embedded store through the gate, or contactsd over its socket, which asks the same gate.
package protocol CardIdentityConnection: ContactStoreConnection {
    /// The contacts from cards with this UID that the caller may see, oldest first.
    func contactIdentifiers(withCardUID uid: String) throws(CNError) -> [String]
    /// The UID of a contact's card; nil for none, or for a contact the caller may not see.
    func cardUID(ofContact identifier: String) throws(CNError) -> String?
}

extension EmbeddedConnection: CardIdentityConnection {
    package func contactIdentifiers(withCardUID uid: String) throws(CNError) -> [String] {
        let store = try authorized()
        return try StoreError.mapped { try store.contactIdentifiers(withCardUID: uid) }
    }

    package func cardUID(ofContact identifier: String) throws(CNError) -> String? {
        let store = try authorized()
        return try StoreError.mapped { try store.cardUID(ofContact: identifier) }
    }
}
