import ContactsModel
import Foundation

/// What `CNContactStore` needs from a store, so the in-process engine can later be replaced by a client
/// of the contacts daemon without touching the public API.
///
/// Every method throws `CNError` only.
package protocol ContactStoreConnection: Sendable {
    /// Streams contacts; the body returns false to stop.
    func enumerateContacts(_ query: ContactQuery, body: (consuming ContactStorage) throws -> Bool) throws(CNError)
    /// The contact with an identifier, or nil.
    func contact(identifier: String, keys: ContactKeySet, unify: Bool) throws(CNError) -> ContactStorage?
    func groups(matching predicate: ContactsPredicate.Kind?) throws(CNError) -> [CNGroup.Fields]
    func containers(matching predicate: ContactsPredicate.Kind?) throws(CNError) -> [ContainerRow]
    func defaultContainerIdentifier() throws(CNError) -> String
    func meContactIdentifier() throws(CNError) -> String?
    func execute(_ operations: [SaveOperation], author: String?, saveIdentifier: String, refetch: Bool) throws(CNError)
    func addContainer(name: String, type: CNContainerType, isReadOnly: Bool) throws(CNError) -> ContainerRow
    func setContainer(_ identifier: String, isReadOnly: Bool) throws(CNError)
    /// Marks the person's own card, nil to unset it; 100 for an app.
    func setMeContact(_ identifier: String?) throws(CNError)
}
