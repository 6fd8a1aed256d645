import ContactsSystem
import ContactsTestSupport
import Foundation

@testable import ContactsSync

/// A temporary store with its own credentials folder, and the accounts API over it.
final class SyncHarness: Sendable {
    let temporary: TemporaryStore
    let credentialsFolder: URL
    let accounts: CardDAVAccounts

    /// - Parameter wrapTransport: Wraps the real transport, to inject faults.
    init(wrapTransport: (@Sendable (any DAVTransport) -> any DAVTransport)? = nil) throws {
        temporary = try TemporaryStore()
        credentialsFolder = temporary.directory.appendingPathComponent("credentials")
        let storages: [any CredentialStorage] = [FileCredentialStorage(directory: credentialsFolder)]
        accounts = CardDAVAccounts(store: temporary.store, credentialStorages: storages) { pinned, timeouts in
            let transport = try HTTPClientTransport(pinnedCertificate: pinned, timeouts: timeouts)
            return wrapTransport?(transport) ?? transport
        }
    }

    var store: CNContactStore { temporary.store }

    /// Adds an account for a test server's book.
    func addAccount(
        _ server: CardDAVTestServer, url: URL? = nil, dialect: GroupDialect? = nil, batchSize: Int = 250,
        timeouts: SyncTimeouts = SyncTimeouts(connect: 5, read: 20, request: 60)
    ) async throws -> CardDAVAccount {
        try await accounts.addAccount(
            url: url ?? server.baseURL, credentials: server.credentials, name: server.kind.rawValue,
            pinnedCertificate: server.certificate, groupDialect: dialect,
            settings: AccountSettings(timeouts: timeouts, downloadBatchSize: batchSize))
    }

    /// The container of the account's book the tests use.
    func container(of account: CardDAVAccount, server: CardDAVTestServer) throws -> String {
        guard
            let book = account.addressBooks.first(where: {
                $0.url.path.trimmingSuffix("/") == server.bookPath.trimmingSuffix("/")
            })
        else {
            throw ServerError("the account has no book at \(server.bookPath): \(account.addressBooks.map(\.url.path))")
        }
        return book.containerIdentifier
    }

    /// Syncs and returns the total.
    @discardableResult
    func sync(_ account: CardDAVAccount) async throws -> SyncSummary {
        var total = SyncSummary()
        for summary in try await accounts.sync(accountIdentifier: account.identifier) { total.add(summary) }
        return total
    }

    /// Every contact of a container with every key, sorted by family then given name.
    func contacts(in container: String) throws -> [CNContact] {
        let request = CNContactFetchRequest(keysToFetch: [
            CNContactVCardSerialization.descriptorForRequiredKeys(), CNContactNoteKey as NSString,
            CNContactImageDataKey as NSString,
        ])
        request.predicate = CNContact.predicateForContactsInContainer(withIdentifier: container)
        request.unifyResults = false
        var result: [CNContact] = []
        try store.enumerateContacts(with: request) { contact, _ in result.append(contact) }
        return result.sorted {
            ($0.familyName, $0.givenName, $0.organizationName) < ($1.familyName, $1.givenName, $1.organizationName)
        }
    }
}
