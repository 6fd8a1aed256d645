import ContactsSystem
import Foundation
import Testing

@testable import ContactsSync

/// Adding an account: from the server's root, a principal or a book's own URL; refusals before anything is
/// stored.
@Suite(.tags(.integration))
struct DiscoveryTests {
    @Test(arguments: ServerKind.allCases)
    func theServersRootAndTheBooksOwnURLFindTheSameBook(kind: ServerKind) async throws {
        let server = try CardDAVTestServer.start(kind)
        let fromRoot = try SyncHarness()
        let account = try await fromRoot.addAccount(server)
        #expect(account.principalURL != nil, "the root led to a principal")
        let direct = try SyncHarness()
        let other = try await direct.addAccount(server, url: server.bookURL)
        let path = { (account: CardDAVAccount) in Set(account.addressBooks.map { $0.url.path.trimmingSuffix("/") }) }
        #expect(path(account).contains(server.bookPath.trimmingSuffix("/")))
        #expect(path(other).contains(server.bookPath.trimmingSuffix("/")))
        // Every book is a cardDAV container named after the book.
        let containers = try fromRoot.store.containers(matching: nil).filter { $0.type == .cardDAV }
        #expect(Set(containers.map(\.identifier)) == Set(account.addressBooks.map(\.containerIdentifier)))
    }

    @Test func aBookThePersonMayOnlyReadIsMarkedReadOnly() async throws {
        let server = try CardDAVTestServer.start(.radicale)
        let harness = try SyncHarness()
        let account = try await harness.addAccount(server)
        let books = Dictionary(uniqueKeysWithValues: account.addressBooks.map { ($0.name, $0.capabilities.isReadOnly) })
        #expect(books == ["Friends": false, "Read only": true])
    }

    @Test func wrongCredentialsAreRefusedAndNothingIsStored() async throws {
        let server = try CardDAVTestServer.start(.radicale)
        let harness = try SyncHarness()
        do {
            _ = try await harness.accounts.addAccount(
                url: server.baseURL, credentials: CardDAVCredentials(username: "alice", password: "wrong-guess-123"))
            Issue.record("wrong credentials were accepted")
        } catch let error as SyncError {
            #expect(error.code == .unauthorized)
            #expect(!error.description.contains("wrong-guess") && !error.description.contains("alice"))
        }
        #expect(try harness.accounts.accounts().isEmpty)
        #expect(try harness.store.containers(matching: nil).allSatisfy { $0.type != .cardDAV })
        let files = (try? FileManager.default.contentsOfDirectory(atPath: harness.credentialsFolder.path)) ?? []
        #expect(files.isEmpty)
    }

    @Test(arguments: [
        ("http://dav.example.com/", SyncError.Code.insecureURL),
        ("ftp://dav.example.com/", .invalidURL),
        ("https:///no-host", .invalidURL),
    ])
    func aURLThatWouldLeakThePasswordOrIsNotHTTPIsRefusedBeforeAnyRequest(url: String, code: SyncError.Code)
        async throws
    {
        let harness = try SyncHarness()
        do {
            _ = try await harness.accounts.addAccount(
                url: URL(string: url)!, credentials: CardDAVCredentials(username: "alice", password: "s3cret"))
            Issue.record("\(url) was accepted")
        } catch let error as SyncError {
            #expect(error.code == code)
        }
        #expect(try harness.accounts.accounts().isEmpty)
    }

    @Test func credentialsInTheURLAreTakenOutOfIt() async throws {
        let server = try CardDAVTestServer.start(.radicale)
        let harness = try SyncHarness()
        var components = URLComponents(url: server.baseURL, resolvingAgainstBaseURL: false)!
        components.user = CardDAVTestServer.username
        components.password = CardDAVTestServer.password
        let account = try await harness.accounts.addAccount(url: components.url!, credentials: nil)
        #expect(account.serverURL.user == nil && account.serverURL.password == nil)
        #expect(account.credentialStorage == .file)
        let stored = try Data(contentsOf: harness.temporary.url)
        #expect(stored.range(of: Data(CardDAVTestServer.password.utf8)) == nil)
    }
}
