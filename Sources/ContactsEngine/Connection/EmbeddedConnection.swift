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
    private let state: Mutex<StoreDatabase?>
    /// The privacy gate every call passes (Privacy/PrivacyGate.swift).
    package let gate: PrivacyGate

    /// Creates a connection to the store a configuration names; nil means the environment named no
    /// location, and every call fails.
    package init(configuration: ContactStoreConfiguration?) {
        self.configuration = configuration
        self.state = Mutex(nil)
        self.gate = PrivacyGate(
            accessor: configuration?.accessor, options: configuration?.privacy ?? ContactStorePrivacyOptions())
    }

    /// Creates a connection over a store another owner keeps open (the daemon: one store per person, one
    /// connection per app process), with its own gate for its own accessor.
    package init(sharing database: StoreDatabase, accessor: AccessorIdentity, privacy: ContactStorePrivacyOptions) {
        var configuration = database.configuration
        configuration.accessor = accessor
        configuration.privacy = privacy
        self.configuration = configuration
        self.state = Mutex(database)
        self.gate = PrivacyGate(accessor: accessor, options: privacy)
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

    /// The open store as this connection's caller may use it: every entry point below starts here, and the
    /// engine's reads and writes need what it returns (``AuthorizedStore``), which only the gate makes.
    package func authorized() throws(CNError) -> AuthorizedStore {
        try gate.authorize(try database())
    }

    package func enumerateContacts(_ query: ContactQuery, body: (consuming ContactStorage) throws -> Bool)
        throws(CNError)
    {
        let store = try authorized()
        try store.access.requireKeys(query.keys)
        try StoreError.mapped { try store.enumerateUnifiedContacts(query, body: body) }
    }

    package func contact(identifier: String, keys: ContactKeySet, unify: Bool) throws(CNError) -> ContactStorage? {
        let store = try authorized()
        try store.access.requireKeys(keys)
        return try StoreError.mapped { try store.unifiedContact(identifier: identifier, keys: keys, unify: unify) }
    }

    package func groups(matching predicate: ContactsPredicate.Kind?) throws(CNError) -> [CNGroup.Fields] {
        let store = try authorized()
        return try StoreError.mapped { try store.groups(matching: predicate) }
    }

    package func containers(matching predicate: ContactsPredicate.Kind?) throws(CNError) -> [ContainerRow] {
        let store = try authorized()
        return try StoreError.mapped { try store.containersRespectingLinks(matching: predicate) }
    }

    package func defaultContainerIdentifier() throws(CNError) -> String {
        let store = try authorized()
        return try StoreError.mapped { try store.defaultContainerIdentifier() }
    }

    package func meContactIdentifier() throws(CNError) -> String? {
        let store = try authorized()
        return try StoreError.mapped { try store.meContactIdentifier() }
    }

    /// Marks (or with nil clears) the person's own card; the person's only.
    package func setMeContact(_ identifier: String?) throws(CNError) {
        let store = try authorized()
        try StoreError.mapped { try store.setMeContact(identifier) }
    }

    package func execute(_ operations: [SaveOperation], author: String?, saveIdentifier: String, refetch: Bool)
        throws(CNError)
    {
        let store = try authorized()
        try StoreError.mapped {
            try store.execute(operations, author: author, saveIdentifier: saveIdentifier, refetch: refetch)
        }
    }

    package func addContainer(name: String, type: CNContainerType, isReadOnly: Bool) throws(CNError) -> ContainerRow {
        let store = try authorized()
        try store.access.requirePerson()
        return try StoreError.mapped { try store.addContainer(name: name, type: type, isReadOnly: isReadOnly) }
    }

    package func setContainer(_ identifier: String, isReadOnly: Bool) throws(CNError) {
        let store = try authorized()
        try store.access.requirePerson()
        try StoreError.mapped { try store.setContainer(identifier, isReadOnly: isReadOnly) }
    }
}
