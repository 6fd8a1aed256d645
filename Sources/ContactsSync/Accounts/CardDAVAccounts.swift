import Contacts
import ContactsEngine
import Foundation

/// The person's CardDAV accounts in a store: add, list, sync, remove. Our addition, for the system side (the
/// `contacts` tool, and the daemon later); apps never see it.
///
/// ```swift
/// let accounts = CardDAVAccounts(store: CNContactStore(url: storeURL))
/// let account = try await accounts.addAccount(
///     url: URL(string: "https://dav.example.com/")!, credentials: CardDAVCredentials(username: "me", password: secret))
/// let summaries = try await accounts.sync(accountIdentifier: account.identifier)
/// ```
///
/// Each address book of an account is a container of type cardDAV. Synced changes are written under the
/// transaction author ``transactionAuthor`` (apps can leave them out of their change history) and announced
/// with `CNContactStoreDidChange`. Credentials are kept in the Secret Service when the session has one, else
/// in a file only the person can read; never in the contacts database.
public struct CardDAVAccounts: Sendable {
    /// The history author of every change a sync writes.
    public static let transactionAuthor = "org.swift-contacts.carddav-sync"

    let store: CNContactStore
    /// Where new accounts' credentials go (the first) and where existing ones are looked up (by kind).
    let credentialStorages: [any CredentialStorage]
    /// Makes the transport for an account: the real client, or a test's wrapper.
    let makeTransport: @Sendable (_ pinnedCertificate: String?, _ timeouts: SyncTimeouts) throws -> any DAVTransport

    /// - Parameters:
    ///   - store: The store, opened for the person.
    ///   - credentialStorages: Where credentials are kept; by default the Secret Service when the session has
    ///     one, then a file in the person's configuration folder.
    public init(store: CNContactStore, credentialStorages: [any CredentialStorage]? = nil) {
        self.init(store: store, credentialStorages: credentialStorages) { pinned, timeouts in
            try HTTPClientTransport(pinnedCertificate: pinned, timeouts: timeouts)
        }
    }

    init(
        store: CNContactStore, credentialStorages: [any CredentialStorage]?,
        makeTransport: @escaping @Sendable (String?, SyncTimeouts) throws -> any DAVTransport
    ) {
        self.store = store
        self.credentialStorages = credentialStorages ?? Self.defaultCredentialStorages()
        self.makeTransport = makeTransport
    }

    /// The Secret Service when available, then the credentials file.
    public static func defaultCredentialStorages(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> [any CredentialStorage] {
        var storages: [any CredentialStorage] = []
        if let secretService = SecretServiceCredentialStorage.available(environment: environment) {
            storages.append(secretService)
        }
        storages.append(
            FileCredentialStorage(directory: FileCredentialStorage.defaultDirectory(environment: environment)))
        return storages
    }

    /// The engine as the person; an app's store gets 100.
    func engine() throws -> AuthorizedStore {
        guard let embedded = store.connection as? EmbeddedConnection else {
            throw SyncError.store(CNError(.featureDisabledByUser))
        }
        do {
            let authorized = try embedded.authorized()
            try authorized.access.requirePerson()
            return authorized
        } catch {
            throw SyncError.store(error)
        }
    }

    /// Runs an engine call, turning its errors into ``SyncError``s.
    func storing<T>(_ body: (AuthorizedStore) throws -> T) throws -> T {
        let engine = try engine()
        return try SyncError.fromStore { try body(engine) }
    }

    // MARK: Reading accounts

    /// Every account, oldest first.
    public func accounts() throws -> [CardDAVAccount] {
        try storing { engine in
            try engine.syncAccounts().map {
                try Self.account($0, collections: try engine.syncCollections(accountIdentifier: $0.identifier))
            }
        }
    }

    /// The account with an identifier.
    ///
    /// - Throws: ``SyncError`` `accountNotFound`.
    public func account(identifier: String) throws -> CardDAVAccount {
        try storing { engine in
            guard let row = try engine.syncAccount(identifier: identifier) else {
                throw SyncError(.accountNotFound, "no account \(identifier)")
            }
            return try Self.account(row, collections: try engine.syncCollections(accountIdentifier: identifier))
        }
    }

    static func account(_ row: SyncAccountRow, collections: [SyncCollectionRow]) throws -> CardDAVAccount {
        CardDAVAccount(
            identifier: row.identifier, name: row.name,
            serverURL: URL(string: row.serverURL) ?? URL(fileURLWithPath: "/"),
            principalURL: row.principalURL.flatMap(URL.init(string:)),
            credentialStorage: CredentialStorageKind(rawValue: row.credentialStorage),
            hasPinnedCertificate: row.pinnedCertificate != nil,
            addressBooks: collections.map(addressBook),
            createdAt: row.createdAt,
            settings: JSONText.decode(AccountSettings.self, row.settings) ?? AccountSettings()
        )
    }

    static func addressBook(_ row: SyncCollectionRow) -> CardDAVAddressBook {
        var capabilities = JSONText.decode(AddressBookCapabilities.self, row.capabilities) ?? AddressBookCapabilities()
        capabilities.isReadOnly = row.isReadOnly
        return CardDAVAddressBook(
            containerIdentifier: row.containerIdentifier, name: row.containerName,
            url: URL(string: row.url) ?? URL(fileURLWithPath: "/"), capabilities: capabilities, lastSync: row.lastSyncAt
        )
    }

    /// The credentials of an account, from where they were saved.
    func credentials(for account: SyncAccountRow) throws -> CardDAVCredentials? {
        let kind = CredentialStorageKind(rawValue: account.credentialStorage)
        guard kind != .none else { return nil }
        guard let storage = credentialStorages.first(where: { $0.kind == kind }) else {
            throw SyncError(
                .credentialsMissing,
                "account \(account.identifier) keeps its credentials in \(kind), which this session does not have")
        }
        guard let credentials = try storage.credentials(account: account.identifier) else {
            throw SyncError(.credentialsMissing, "no credentials for account \(account.identifier) in \(kind)")
        }
        return credentials
    }
}

/// JSON text for the engine's opaque columns.
enum JSONText {
    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    static func decode<T: Decodable>(_ type: T.Type, _ text: String) -> T? {
        try? JSONDecoder().decode(type, from: Data(text.utf8))
    }
}
