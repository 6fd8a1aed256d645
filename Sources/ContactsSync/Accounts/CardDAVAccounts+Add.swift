import Contacts
import ContactsEngine
import Foundation

extension CardDAVAccounts {
    /// Adds an account: finds its address books (RFC 6764 `/.well-known/carddav`, `current-user-principal`,
    /// `addressbook-home-set`) and makes each a container of type cardDAV. Nothing is downloaded yet: call
    /// ``sync(accountIdentifier:progress:)``.
    ///
    /// ```swift
    /// let account = try await accounts.addAccount(url: url, credentials: credentials, name: "Nextcloud")
    /// ```
    ///
    /// - Parameters:
    ///   - url: The server, the person's principal or an address book. User name and password in it are taken
    ///     as the credentials when none are given, and never stored with the URL.
    ///   - credentials: The user name and password; nil for a server that asks for none.
    ///   - name: The account's name; the server's host by default.
    ///   - pinnedCertificate: A PEM certificate to trust for this server instead of the system's authorities
    ///     (a self-signed server's own certificate).
    ///   - groupDialect: How to write groups; by default what the server's cards show (Apple group cards until
    ///     they show something else).
    ///   - settings: Timeouts, batch size, plain http to other hosts.
    /// - Returns: The account and its address books.
    /// - Throws: ``SyncError``: `invalidURL`, `insecureURL`, `unauthorized`, `noAddressBooks`,
    ///   `certificateUntrusted`, `timedOut`, `connectionFailed`, `credentialStorageFailed`, `store`.
    public func addAccount(
        url: URL, credentials: CardDAVCredentials?, name: String? = nil, pinnedCertificate: String? = nil,
        groupDialect: GroupDialect? = nil, settings: AccountSettings = AccountSettings()
    ) async throws -> CardDAVAccount {
        let (serverURL, credentials) = try Self.validated(url, credentials: credentials, settings: settings)
        let transport = try makeTransport(pinnedCertificate, settings.timeouts)
        let discovered: (books: [DiscoveredAddressBook], principal: URL?)
        do {
            discovered = try await AccountDiscoverer(client: DAVClient(transport: transport, credentials: credentials))
                .discover(from: serverURL)
            await transport.shutdown()
        } catch {
            await transport.shutdown()
            throw error
        }
        let identifier = UUID().uuidString
        let storage = try saveCredentials(credentials, account: identifier)
        let row = SyncAccountRow(
            identifier: identifier, name: name ?? serverURL.host ?? "CardDAV", serverURL: serverURL.absoluteString,
            principalURL: discovered.principal?.absoluteString, credentialStorage: storage.rawValue,
            pinnedCertificate: pinnedCertificate, settings: JSONText.encode(settings), createdAt: Date()
        )
        let collections = discovered.books.map { book in
            var capabilities = book.capabilities
            if let groupDialect {
                capabilities.groupDialect = groupDialect
                capabilities.groupDialectIsChosen = true
            }
            return NewSyncCollection(
                name: book.name, url: book.url.absoluteString, isReadOnly: capabilities.isReadOnly,
                capabilities: JSONText.encode(capabilities))
        }
        do {
            let books = try storing { try $0.addSyncAccount(row, collections: collections) }
            return try Self.account(row, collections: books)
        } catch {
            try? credentialStorages.first { $0.kind == storage }?.remove(account: identifier)
            throw error
        }
    }

    /// Saves credentials in the first storage that takes them; the Secret Service may be present but locked
    /// or refuse, and then the file takes them.
    private func saveCredentials(_ credentials: CardDAVCredentials?, account: String) throws -> CredentialStorageKind {
        guard let credentials else { return .none }
        var lastError: (any Error)?
        for storage in credentialStorages {
            do {
                try storage.save(credentials, account: account)
                return storage.kind
            } catch {
                lastError = error
            }
        }
        throw lastError ?? SyncError(.credentialStorageFailed, "no credential storage is available")
    }

    /// The URL without user information, and the credentials to use.
    static func validated(
        _ url: URL, credentials: CardDAVCredentials?, settings: AccountSettings
    ) throws -> (URL, CardDAVCredentials?) {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else {
            throw SyncError(.invalidURL, "the URL must be an http or https URL with a host")
        }
        var credentials = credentials
        if credentials == nil, let user = components.user {
            credentials = CardDAVCredentials(
                username: user.removingPercentEncoding ?? user,
                password: components.password?.removingPercentEncoding ?? "")
        }
        components.user = nil
        components.password = nil
        if components.path.isEmpty { components.path = "/" }
        if scheme == "http", !settings.allowsInsecureHTTP, !Self.isLoopback(host) {
            throw SyncError(.insecureURL, "plain http to another machine would send the password in clear; use https")
        }
        guard let clean = components.url else {
            throw SyncError(.invalidURL, "the URL cannot be rebuilt without its user")
        }
        return (clean, credentials)
    }

    static func isLoopback(_ host: String) -> Bool {
        let lowered = host.lowercased()
        return lowered == "localhost" || lowered == "::1" || lowered == "[::1]" || lowered.hasPrefix("127.")
    }

    /// Removes an account: its containers, their contacts and groups (each deletion in the change history under
    /// ``transactionAuthor``), what the store knew of the server, and the credentials. The server is not touched.
    ///
    /// - Returns: The number of contacts removed.
    @discardableResult
    public func removeAccount(identifier: String) throws -> Int {
        let (row, removed) = try storing { engine -> (SyncAccountRow, Int) in
            guard let row = try engine.syncAccount(identifier: identifier) else {
                throw SyncError(.accountNotFound, "no account \(identifier)")
            }
            return (row, try engine.removeSyncAccount(identifier: identifier, author: Self.transactionAuthor))
        }
        let kind = CredentialStorageKind(rawValue: row.credentialStorage)
        try credentialStorages.first { $0.kind == kind }?.remove(account: identifier)
        if removed > 0 { store.postStoreDidChange(saveIdentifiers: []) }
        return removed
    }
}
