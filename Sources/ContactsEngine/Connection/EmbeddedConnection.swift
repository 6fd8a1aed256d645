import ContactsModel
import ContactsPrivacy
import Foundation
import Synchronization

/// The in-process connection: opens the store file on first use and calls the engine directly.
///
/// Opening is deferred because `CNContactStore()` cannot throw; a failure to open is reported by the first
/// call that needs the store, as `CNError.dataAccessError`, and retried by the next one.
package final class EmbeddedConnection: ContactStoreConnection {
    private let configuration: ContactStoreConfiguration?
    private let state = Mutex<StoreDatabase?>(nil)
    /// The privacy gate every call passes (Privacy/PrivacyGate.swift).
    package let gate: PrivacyGate

    /// Creates a connection to the store a configuration names; nil means the environment named no
    /// location, and every call fails.
    package init(configuration: ContactStoreConfiguration?) {
        self.configuration = configuration
        self.gate = PrivacyGate(accessor: configuration?.accessor, options: configuration?.privacy ?? ContactStorePrivacyOptions())
    }

    /// The open store without opening it, or nil when no call opened it yet.
    package var openedDatabase: StoreDatabase? {
        state.withLock { $0 }
    }

    /// The open store, opened now if needed.
    package func database() throws(CNError) -> StoreDatabase {
        guard let configuration else {
            throw StoreError(.cannotOpen, "no store location: set CONTACTS_STORE or HOME").contactsError
        }
        return try state.withLock { (database: inout StoreDatabase?) throws(CNError) -> StoreDatabase in
            if let database { return database }
            do {
                let opened = try StoreDatabase.open(configuration)
                database = opened
                return opened
            } catch {
                throw StoreError.wrapping(error).contactsError
            }
        }
    }

    package func enumerateContacts(_ query: ContactQuery, body: (consuming ContactStorage) throws -> Bool) throws(CNError) {
        let database = try database()
        let query = try gate.authorize(database).restricting(query)
        try StoreError.mapped { try database.enumerateUnifiedContacts(query, body: body) }
    }

    package func contact(identifier: String, keys: ContactKeySet, unify: Bool) throws(CNError) -> ContactStorage? {
        let database = try database()
        let access = try gate.authorize(database)
        guard try access.reveals(identifier, keys: keys, in: database) else { return nil }
        return try StoreError.mapped {
            try database.unifiedContact(identifier: identifier, keys: keys, unify: unify, visibility: access.visibility)
        }
    }

    package func groups(matching predicate: ContactsPredicate.Kind?) throws(CNError) -> [CNGroup.Fields] {
        let database = try database()
        _ = try gate.authorize(database)
        return try StoreError.mapped { try database.groups(matching: predicate) }
    }

    package func containers(matching predicate: ContactsPredicate.Kind?) throws(CNError) -> [ContainerRow] {
        let database = try database()
        guard try gate.authorize(database).reveals(containerPredicate: predicate, in: database) else { return [] }
        return try StoreError.mapped { try database.containersRespectingLinks(matching: predicate) }
    }

    package func defaultContainerIdentifier() throws(CNError) -> String {
        let database = try database()
        _ = try gate.authorize(database)
        return try StoreError.mapped { try database.defaultContainerIdentifier() }
    }

    package func meContactIdentifier() throws(CNError) -> String? {
        let database = try database()
        let access = try gate.authorize(database)
        guard let identifier = try StoreError.mapped({ try database.meContactIdentifier() }),
            try access.reveals(identifier, keys: [], in: database)
        else { return nil }
        return identifier
    }

    package func execute(_ operations: [SaveOperation], author: String?, saveIdentifier: String, refetch: Bool) throws(CNError) {
        let database = try database()
        let gate = try gate.authorize(database).saveGate
        try StoreError.mapped {
            try database.execute(operations, author: author, saveIdentifier: saveIdentifier, refetch: refetch, gate: gate)
        }
    }

    package func addContainer(name: String, type: CNContainerType, isReadOnly: Bool) throws(CNError) -> ContainerRow {
        let database = try database()
        try gate.authorize(database).requirePerson()
        return try StoreError.mapped { try database.addContainer(name: name, type: type, isReadOnly: isReadOnly) }
    }

    package func setContainer(_ identifier: String, isReadOnly: Bool) throws(CNError) {
        let database = try database()
        try gate.authorize(database).requirePerson()
        try StoreError.mapped { try database.setContainer(identifier, isReadOnly: isReadOnly) }
    }
}
