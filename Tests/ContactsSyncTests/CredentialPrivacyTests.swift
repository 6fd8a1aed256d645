import ContactsSystem
import Foundation
import Synchronization
import Testing

@testable import ContactsSync

/// The password stays in the credential storage: never in errors, progress reports, summaries or the contacts
/// database.
@Suite(.tags(.integration))
struct CredentialPrivacyTests {
    /// Every file of the store's folder but the credential storage's: the database, its WAL and shared memory.
    static func storeFiles(of harness: SyncHarness) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: harness.temporary.directory, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent != harness.credentialsFolder.lastPathComponent }
    }

    @Test(arguments: ServerKind.allCases)
    func thePasswordIsNeverInTheStoreFilesNorInWhatASyncReports(kind: ServerKind) async throws {
        let server = try CardDAVTestServer.start(kind, tls: true)
        try await server.put(Cards.person(uid: "ada", given: "Ada", family: "Lovelace"), name: "ada.vcf")
        let harness = try SyncHarness()
        // The credentials given inside the URL, as a person might paste them.
        var components = try #require(URLComponents(url: server.baseURL, resolvingAgainstBaseURL: false))
        components.user = CardDAVTestServer.username
        components.password = CardDAVTestServer.password
        let account = try await harness.accounts.addAccount(
            url: try #require(components.url), credentials: nil, pinnedCertificate: server.certificate)
        #expect(account.serverURL.password == nil)
        let container = try harness.container(of: account, server: server)
        try harness.add(given: "Grace", family: "Hopper", to: container)
        let reports = Reports()
        let summaries = try await harness.accounts.sync(accountIdentifier: account.identifier) {
            reports.append("\($0)")
        }
        #expect(summaries.map(\.uploaded).reduce(0, +) == 1)

        for text in reports.all + summaries.map { "\($0)" } + ["\(account)"] {
            for secret in SyncChecks.credentials { #expect(!text.contains(secret)) }
        }
        let files = try Self.storeFiles(of: harness)
        #expect(files.contains { $0.pathExtension == "sqlite" })
        for file in files {
            let bytes = try Data(contentsOf: file)
            for secret in SyncChecks.credentials {
                #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret) is in \(file.lastPathComponent)")
            }
        }
    }

    @Test(arguments: ServerKind.allCases)
    func aRefusedPasswordIsNotRepeatedInTheError(kind: ServerKind) async throws {
        let server = try CardDAVTestServer.start(kind, tls: true)
        let harness = try SyncHarness()
        let wrong = "wr0ng-Pa55word!"
        do {
            _ = try await harness.accounts.addAccount(
                url: server.baseURL,
                credentials: CardDAVCredentials(username: CardDAVTestServer.username, password: wrong),
                pinnedCertificate: server.certificate)
            Issue.record("a wrong password was accepted")
        } catch {
            SyncChecks.expectClear(error, code: .unauthorized)
            #expect(!"\(error)".contains(wrong))
        }
    }
}

/// Progress reports collected from the sync's callback, which may run on any thread.
private final class Reports: Sendable {
    private let texts = Mutex<[String]>([])

    func append(_ text: String) {
        texts.withLock { $0.append(text) }
    }

    var all: [String] { texts.withLock { $0 } }
}
