import ContactsClient
import ContactsEngine
import ContactsModel
import Foundation

/// The gateway to the person's contacts: fetches contacts, groups and containers, and saves changes.
///
/// A store is thread-safe; share one or create several, they see the same data. `CNContactStore()` opens
/// the person's store (see ``ContactStoreConfiguration`` for where it lives); `CNContactStore(configuration:)`
/// opens one at an explicit location. The file is opened on first use, so errors opening it surface as
/// `CNError.dataAccessError` from the first call.
///
/// ```swift
/// let store = CNContactStore()
/// let keys = [CNContactGivenNameKey, CNContactFamilyNameKey] as [CNKeyDescriptor]
/// let matches = try store.unifiedContacts(matching: CNContact.predicateForContacts(matchingName: "appleseed"), keysToFetch: keys)
/// ```
///
/// Every data call passes the privacy gate. `CNContactStore()` is the app this process is (its `Info.plist`);
/// while the app is not determined the call asks the person and waits; denied and restricted apps get
/// `CNError.authorizationDenied` (100) from every call; limited apps see only the contacts shared with them
/// and those they created (a hidden contact reads as missing, 200); the note needs the notes entitlement
/// (102). Stores opened with `ContactStoreConfiguration(url:)` act as the person and see everything.
/// docs/Privacy.md describes the rules.
///
/// Parity: full for fetching, enumerating and saving; linked cards are merged into unified contacts
/// (docs/Linking.md). Change history and notifications: `CNContactStore+History.swift` and
/// `CNContactStore+Notifications.swift`. Authorization: see `CNContactStore+Authorization.swift`.
open class CNContactStore: NSObject, @unchecked Sendable {
    // SAFETY: the stored properties are immutable references to a Sendable connection and watcher.
    // TODO(#3): drop @unchecked when NSObject is Sendable on Linux.

    /// The engine behind this store.
    package let connection: any ContactStoreConnection

    /// Notices other processes' changes to the store file; released, and stopped, with the store.
    package let changeWatcher: StoreChangeWatcher?

    /// Opens the person's store: through contactsd when it runs (its socket exists), else in this process at
    /// the default location.
    public override init() {
        if let socket = DaemonSocketLocation.path() {
            self.connection = DaemonConnection(socketPath: socket)
        } else {
            self.connection = EmbeddedConnection(configuration: .default())
        }
        self.changeWatcher = Self.makeChangeWatcher(for: self.connection)
        super.init()
        startWatchingExternalChanges()
    }

    /// Creates a store over another connection: a configured embedded store (module ContactsSystem) or a
    /// daemon client.
    ///
    /// - Parameter watchingChanges: False for a store that lives for one call (contactsd's import or export for
    ///   an app), which posts no notifications of other processes' changes.
    package init(connection: any ContactStoreConnection, watchingChanges: Bool = true) {
        self.connection = connection
        self.changeWatcher = watchingChanges ? Self.makeChangeWatcher(for: self.connection) : nil
        super.init()
        if watchingChanges { startWatchingExternalChanges() }
    }

    // MARK: Authorization

    /// The app's authorization to access contacts; never asks and never waits for the person.
    ///
    /// The class method answers for the app this process is (its `Info.plist`, or `CONTACTS_APP_INFO_PLIST`)
    /// in the person's store at the default location, with the administrator's policy file applied. A process
    /// that cannot be identified gets `.notDetermined`. A store opened with an explicit accessor answers with
    /// the instance method `authorizationStatus(for:)` (our addition).
    ///
    /// ```swift
    /// switch CNContactStore.authorizationStatus(for: .contacts) {
    /// case .authorized, .limited: showContacts()
    /// case .notDetermined: askFirst()
    /// default: explainSettings()
    /// }
    /// ```
    ///
    /// - Parameter entityType: `.contacts`.
    /// - Returns: The current status.
    ///
    /// Parity: full. The store file is not created by this call.
    open class func authorizationStatus(for entityType: CNEntityType) -> CNAuthorizationStatus {
        if let socket = DaemonSocketLocation.path() {
            return DaemonConnection(socketPath: socket).authorizationStatus()
        }
        guard var configuration = ContactStoreConfiguration.default() else { return .notDetermined }
        // Reading a status must not create the person's store: a missing file holds no decision yet.
        let exists = FileManager.default.fileExists(atPath: configuration.url.path)
        configuration.isReadOnly = true
        return EmbeddedConnection(configuration: exists ? configuration : nil).authorizationStatus()
    }

    /// Asks the person for access when they have not decided yet, and reports the answer.
    ///
    /// Returns at once; the handler runs later on an arbitrary thread. The person is asked at most once: later
    /// calls get the remembered answer. Consent comes from the consent agent (the terminal, `CONTACTS_CONSENT`,
    /// or the configuration's agent), never from the app; when no agent can ask, access is not granted and
    /// nothing is recorded, so a later call can ask again.
    ///
    /// ```swift
    /// store.requestAccess(for: .contacts) { granted, error in
    ///     if granted { loadContacts() }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - entityType: `.contacts`.
    ///   - completionHandler: Called once with `true` and nil for full or limited access, otherwise `false` and
    ///     `CNError.authorizationDenied` (100).
    ///
    /// Parity: full. An app without `NSContactsUsageDescription` stops here, as on Apple platforms.
    open func requestAccess(
        for entityType: CNEntityType,
        completionHandler: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        guard let privacy = connection as? any ContactStorePrivacyConnection else {
            completionHandler(false, CNError(.authorizationDenied))
            return
        }
        Task {
            let (granted, error) = await privacy.requestAccess()
            completionHandler(granted, error)
        }
    }

    /// Asks the person for access when they have not decided yet.
    ///
    /// ```swift
    /// let granted = try await store.requestAccess(for: .contacts)
    /// ```
    ///
    /// - Parameter entityType: `.contacts`.
    /// - Returns: True for full or limited access.
    /// - Throws: `CNError.authorizationDenied` (100) when access is denied, restricted, or nobody could ask.
    ///
    /// Parity: full.
    open func requestAccess(for entityType: CNEntityType) async throws -> Bool {
        guard let privacy = connection as? any ContactStorePrivacyConnection else {
            throw CNError(.authorizationDenied)
        }
        let (granted, error) = await privacy.requestAccess()
        if let error { throw error }
        return granted
    }

    // MARK: Fetching contacts

    /// The contacts a predicate selects, holding the requested keys.
    ///
    /// ```swift
    /// let contacts = try store.unifiedContacts(
    ///     matching: CNContact.predicateForContacts(matchingEmailAddress: "john@example.com"),
    ///     keysToFetch: [CNContactGivenNameKey as CNKeyDescriptor])
    /// ```
    ///
    /// - Parameters:
    ///   - predicate: A predicate from a `CNContact` factory.
    ///   - keys: The keys and key descriptors to fetch; the identifier is always fetched.
    /// - Returns: The matching contacts in no particular order; empty when none match.
    /// - Throws: `CNError.predicateInvalid` (400) for a predicate not made by a `CNContact` factory, a
    ///   compound predicate, or a name predicate without words; `CNError.dataAccessError` (2).
    ///
    /// Parity: full.
    open func unifiedContacts(matching predicate: NSPredicate, keysToFetch keys: [any CNKeyDescriptor]) throws
        -> [CNContact]
    {
        let kind = try Self.kind(of: predicate, entity: .contact)
        var result: [CNContact] = []
        let query = ContactQuery(
            predicate: kind, keys: KeyDescriptorExpansion.properties(of: keys), keepsEveryContact: true)
        try connection.enumerateContacts(query) {
            (storage: consuming ContactStorage) in
            result.append(CNContact(storage: consume storage))
            return true
        }
        return result
    }

    /// The contact with an identifier, or with a linked contact's identifier.
    ///
    /// - Parameters:
    ///   - identifier: The identifier of the contact or of a contact linked to it.
    ///   - keys: The keys and key descriptors to fetch.
    /// - Returns: The contact; its identifier may differ from the one asked for when contacts are linked.
    /// - Throws: `CNError.recordDoesNotExist` (200) when no contact has the identifier, with the identifier in
    ///   `affectedRecordIdentifiers`; `CNError.dataAccessError` (2).
    ///
    /// Parity: full.
    open func unifiedContact(withIdentifier identifier: String, keysToFetch keys: [any CNKeyDescriptor]) throws
        -> CNContact
    {
        let properties = KeyDescriptorExpansion.properties(of: keys)
        guard let storage = try connection.contact(identifier: identifier, keys: properties, unify: true) else {
            throw CNError(.recordDoesNotExist, userInfo: [CNErrorUserInfoAffectedRecordIdentifiersKey: [identifier]])
        }
        return CNContact(storage: storage)
    }

    /// The person's own card ("My Card").
    ///
    /// - Throws: `CNError.recordDoesNotExist` (200) when no card is marked as the person's own.
    ///
    /// Parity: full (macOS only on Apple platforms). The person marks their card with `contacts me set ID`
    /// (or `setMeContact(withIdentifier:)` in ContactsSystem); an app gets it only when it may see that contact,
    /// else 200 as when none is set; a deleted card is none.
    open func unifiedMeContactWithKeys(toFetch keys: [any CNKeyDescriptor]) throws -> CNContact {
        guard let identifier = try connection.meContactIdentifier() else {
            throw CNError(.recordDoesNotExist)
        }
        return try unifiedContact(withIdentifier: identifier, keysToFetch: keys)
    }

    /// Calls a block for each contact a fetch request selects, streaming them without holding all in memory.
    ///
    /// ```swift
    /// let request = CNContactFetchRequest(keysToFetch: [CNContactGivenNameKey as CNKeyDescriptor])
    /// request.sortOrder = .givenName
    /// try store.enumerateContacts(with: request) { contact, stop in
    ///     if contact.givenName == "John" { stop.pointee = true }
    /// }
    /// ```
    ///
    /// The block may call the store again. Contacts are read in batches, each from a consistent state;
    /// a save from another thread may land between two batches.
    ///
    /// - Parameters:
    ///   - fetchRequest: The predicate, keys, order and options.
    ///   - block: Called once per contact; set `stop.pointee = true` to end early.
    /// - Throws: `CNError.predicateInvalid` (400), `CNError.dataAccessError` (2).
    ///
    /// Parity: full.
    open func enumerateContacts(
        with fetchRequest: CNContactFetchRequest,
        usingBlock block: (CNContact, UnsafeMutablePointer<ObjCBool>) -> Void
    ) throws {
        let kind = try fetchRequest.predicate.map { try Self.kind(of: $0, entity: .contact) }
        let sortOrder =
            fetchRequest.sortOrder == .userDefault ? CNContactsUserDefaults.shared().sortOrder : fetchRequest.sortOrder
        let query = ContactQuery(
            predicate: kind,
            keys: KeyDescriptorExpansion.properties(of: fetchRequest.keysToFetch),
            sortOrder: sortOrder,
            unify: fetchRequest.unifyResults
        )
        let mutable = fetchRequest.mutableObjects
        var stop = ObjCBool(false)
        try connection.enumerateContacts(query) { (storage: consuming ContactStorage) in
            // Consuming hands the storage to the contact without copying (and retaining) its fields.
            let contact = mutable ? CNMutableContact(storage: consume storage) : CNContact(storage: consume storage)
            block(contact, &stop)
            return !stop.boolValue
        }
    }

    // MARK: Groups and containers

    /// The groups a predicate selects, or every group when nil.
    ///
    /// - Parameter predicate: A predicate from a `CNGroup` factory, or nil.
    /// - Returns: The groups, ordered by name; empty when none match.
    /// - Throws: `CNError.predicateInvalid` (400) for a predicate of another kind.
    ///
    /// Parity: full.
    open func groups(matching predicate: NSPredicate?) throws -> [CNGroup] {
        let kind = try predicate.map { try Self.kind(of: $0, entity: .group) }
        return try connection.groups(matching: kind).map(CNGroup.init(fields:))
    }

    /// The containers a predicate selects, or every container when nil.
    ///
    /// - Parameter predicate: A predicate from a `CNContainer` factory, or nil.
    /// - Returns: The containers, the default one first.
    /// - Throws: `CNError.predicateInvalid` (400) for a predicate of another kind.
    ///
    /// Parity: full.
    open func containers(matching predicate: NSPredicate?) throws -> [CNContainer] {
        let kind = try predicate.map { try Self.kind(of: $0, entity: .container) }
        return try connection.containers(matching: kind).map(\.container)
    }

    /// The identifier of the container new contacts and groups go into when a save names none.
    ///
    /// - Returns: The local container's identifier, or "" when the store cannot be opened.
    ///
    /// Parity: full.
    open func defaultContainerIdentifier() -> String {
        (try? connection.defaultContainerIdentifier()) ?? ""
    }

    // MARK: Saving

    /// Saves every change of a request, all together or not at all.
    ///
    /// ```swift
    /// let contact = CNMutableContact()
    /// contact.givenName = "John"
    /// let request = CNSaveRequest()
    /// request.add(contact, toContainerWithIdentifier: nil)
    /// try store.execute(request)
    /// ```
    ///
    /// - Parameter saveRequest: The changes; the last operation on an object wins.
    /// - Throws: On failure nothing is saved. `CNError.recordDoesNotExist` (200) for an update, delete or
    ///   membership of a missing record; `insertedRecordAlreadyExists` (201); `containmentCycle` (202);
    ///   `containmentScope` (203); `parentRecordDoesNotExist` (204) for an unknown container;
    ///   `recordIdentifierInvalid` (205); `recordNotWritable` (206); `parentContainerNotWritable` (207);
    ///   `noAccessableWritableContainers` (101); `policyViolation` (500) for groups where the account has
    ///   none; validation errors 300, 301, 302; `dataAccessError` (2) when the file cannot be written.
    ///   Errors name the records in `affectedRecords` and `affectedRecordIdentifiers`.
    ///
    /// Parity: full.
    open func execute(_ saveRequest: CNSaveRequest) throws {
        try connection.execute(
            saveRequest.operations,
            author: saveRequest.transactionAuthor,
            saveIdentifier: saveRequest.saveIdentifier,
            refetch: saveRequest.shouldRefetchContacts
        )
        postStoreDidChange(saveIdentifiers: [saveRequest.saveIdentifier])
    }

    // MARK: Change history

    /// A token for the current state of the change history, or nil when the store cannot be read.
    ///
    /// Prefer the token of a `CNFetchResult` after a fetch: it matches the state the fetch read.
    ///
    /// Parity: full. See `CNContactStore+History.swift`.
    open var currentHistoryToken: Data? {
        historyToken()
    }

    // MARK: Predicates

    /// The engine's view of a framework predicate, or 400 for any other predicate or one of another kind.
    private static func kind(of predicate: NSPredicate, entity: ContactsPredicate.Entity) throws
        -> ContactsPredicate.Kind
    {
        guard let framework = predicate as? ContactsPredicate, framework.kind.entity == entity else {
            throw CNError(.predicateInvalid, userInfo: [CNErrorUserInfoAffectedRecordsKey: [predicate]])
        }
        if case .contactsMatchingName(let name) = framework.kind,
            name.allSatisfy({ $0.isWhitespace || $0.isPunctuation })
        {
            throw CNError(.predicateInvalid, userInfo: [CNErrorUserInfoAffectedRecordsKey: [predicate]])
        }
        return framework.kind
    }
}
