import ContactsModel
import Foundation

/// What `CNContactStore` needs for change history, linked contacts and change notifications, beside
/// ``ContactStoreConnection``. Every method throws `CNError` only.
package protocol ChangeTrackingConnection: ContactStoreConnection {
    func currentHistoryToken() throws(CNError) -> Data
    func changeHistory(_ query: ChangeHistoryQuery) throws(CNError) -> (events: ChangeHistoryEvents, token: Data)
    func contacts(_ query: ContactQuery, mutableObjects: Bool) throws(CNError) -> (contacts: FetchedContacts, token: Data)
    func link(_ identifiers: [String], preferredIdentifier: String?) throws(CNError)
    func unlink(_ identifiers: [String]) throws(CNError)
    func keepSeparate(_ first: String, _ second: String) throws(CNError)
    func linkReason(forContact identifier: String) throws(CNError) -> ContactLinkReason?
    func linkedIdentifiers(ofContact identifier: String) throws(CNError) -> [String]
    /// The store file, once the store is open; nil before (watching starts then).
    var openedStoreURL: URL? { get }
}

extension EmbeddedConnection: ChangeTrackingConnection {
    package func currentHistoryToken() throws(CNError) -> Data {
        let database = try database()
        return try StoreError.mapped { try database.currentHistoryToken().data }
    }

    package func changeHistory(_ query: ChangeHistoryQuery) throws(CNError) -> (events: ChangeHistoryEvents, token: Data) {
        let database = try database()
        return try StoreError.mapped {
            let plan = try database.historyPlan(query)
            return (ChangeHistoryEvents(database: database, plan: plan, query: query), plan.token.data)
        }
    }

    package func contacts(_ query: ContactQuery, mutableObjects: Bool) throws(CNError) -> (contacts: FetchedContacts, token: Data) {
        let database = try database()
        return try StoreError.mapped {
            let token = try database.currentHistoryToken().data
            return (FetchedContacts(database: database, query: query, mutableObjects: mutableObjects), token)
        }
    }

    package func link(_ identifiers: [String], preferredIdentifier: String?) throws(CNError) {
        let database = try database()
        try StoreError.mapped { try database.link(identifiers, preferredIdentifier: preferredIdentifier) }
    }

    package func unlink(_ identifiers: [String]) throws(CNError) {
        let database = try database()
        try StoreError.mapped { try database.unlink(identifiers) }
    }

    package func keepSeparate(_ first: String, _ second: String) throws(CNError) {
        let database = try database()
        try StoreError.mapped { try database.keepSeparate(first, second) }
    }

    package func linkReason(forContact identifier: String) throws(CNError) -> ContactLinkReason? {
        let database = try database()
        return try StoreError.mapped { try database.linkReason(forContact: identifier) }
    }

    package func linkedIdentifiers(ofContact identifier: String) throws(CNError) -> [String] {
        let database = try database()
        return try StoreError.mapped { try database.linkedIdentifiers(ofContact: identifier) }
    }

    package var openedStoreURL: URL? {
        openedDatabase?.configuration.url
    }
}
