import ContactsModel
import Foundation

/// What `CNContactStore` needs for change history, linked contacts and change notifications, beside
/// ``ContactStoreConnection``. Every method throws `CNError` only.
package protocol ChangeTrackingConnection: ContactStoreConnection {
    func currentHistoryToken() throws(CNError) -> Data
    func changeHistory(_ query: ChangeHistoryQuery) throws(CNError) -> (events: ChangeHistoryEvents, token: Data)
    func contacts(_ query: ContactQuery, mutableObjects: Bool) throws(CNError) -> (
        contacts: FetchedContacts, token: Data
    )
    func link(_ identifiers: [String], preferredIdentifier: String?) throws(CNError)
    func unlink(_ identifiers: [String]) throws(CNError)
    func keepSeparate(_ first: String, _ second: String) throws(CNError)
    func linkReason(forContact identifier: String) throws(CNError) -> ContactLinkReason?
    func linkedIdentifiers(ofContact identifier: String) throws(CNError) -> [String]
    /// The store file, once the store is open; nil before (watching starts then).
    var openedStoreURL: URL? { get }
}
