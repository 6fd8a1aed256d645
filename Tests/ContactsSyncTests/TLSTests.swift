import ContactsSystem
import Foundation
import Testing

@testable import ContactsSync

/// TLS is verified: a server with a self-signed certificate is refused until the person pins that very
/// certificate, and a pin that is not the server's is refused.
@Suite(.tags(.integration))
struct TLSTests {
    static func addAccount(_ harness: SyncHarness, _ server: CardDAVTestServer, pinning certificate: String?)
        async throws -> CardDAVAccount
    {
        try await harness.accounts.addAccount(
            url: server.baseURL, credentials: server.credentials, name: server.kind.rawValue,
            pinnedCertificate: certificate,
            settings: AccountSettings(timeouts: SyncTimeouts(connect: 5, read: 20, request: 60)))
    }

    /// Runs a call that must fail, and returns its error.
    static func failure(_ body: () async throws -> some Any) async -> (any Error)? {
        do {
            _ = try await body()
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: ServerKind.allCases)
    func aSelfSignedServerIsRefusedWithAClearErrorUntilItsCertificateIsPinned(kind: ServerKind) async throws {
        let server = try CardDAVTestServer.start(kind, tls: true)
        try await server.put(Cards.person(uid: "ada", given: "Ada", family: "Lovelace"), name: "ada.vcf")
        let harness = try SyncHarness()

        let refused = await Self.failure { try await Self.addAccount(harness, server, pinning: nil) }
        SyncChecks.expectClear(refused, code: .certificateUntrusted)
        #expect((refused as? SyncError)?.message.contains("pin") == true, "the message says how to trust the server")
        #expect(try harness.accounts.accounts().isEmpty, "nothing is kept of a refused account")

        let account = try await Self.addAccount(harness, server, pinning: server.certificate)
        #expect(account.hasPinnedCertificate)
        let container = try harness.container(of: account, server: server)
        try harness.add(given: "Grace", family: "Hopper", to: container)
        let summary = try await harness.sync(account)
        #expect(summary.downloaded == 1)
        #expect(summary.uploaded == 1)
        try await SyncChecks.expectBothSides(
            hold: ["Hopper", "Lovelace"], harness: harness, container: container, server: server)
    }

    @Test(arguments: ServerKind.allCases)
    func aPinnedCertificateThatIsNotTheServersIsRefused(kind: ServerKind) async throws {
        let server = try CardDAVTestServer.start(kind, tls: true)
        let harness = try SyncHarness()
        let other = harness.temporary.directory.appendingPathComponent("other-certificate")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        let otherCertificate = try CardDAVTestServer.makeCertificate(in: other)
        #expect(otherCertificate != server.certificate)

        let refused = await Self.failure { try await Self.addAccount(harness, server, pinning: otherCertificate) }
        SyncChecks.expectClear(refused, code: .certificateUntrusted)
        #expect(try harness.accounts.accounts().isEmpty)
    }

    /// Radicale alone: its certificate is a file the test can replace, where Xandikos makes its own.
    @Test
    func aServerThatLaterPresentsAnotherCertificateIsRefusedBySync() async throws {
        let server = try CardDAVTestServer.start(.radicale, tls: true)
        let harness = try SyncHarness()
        let account = try await Self.addAccount(harness, server, pinning: server.certificate)
        let container = try harness.container(of: account, server: server)
        try harness.add(given: "Grace", family: "Hopper", to: container)
        server.kill()
        // The same address, another key: what a man in the middle would present.
        _ = try CardDAVTestServer.makeCertificate(in: server.directory)
        try server.restart()

        let refused = await Self.failure { try await harness.sync(account) }
        SyncChecks.expectClear(refused, code: .certificateUntrusted)
        // The test's own client pins the old certificate too, so the server's folder is read from disk.
        let book = server.directory.appendingPathComponent(
            "collections/collection-root/\(CardDAVTestServer.username)/friends")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: book.path).filter { $0.hasSuffix(".vcf") }.isEmpty,
            "nothing was sent")
        #expect(try harness.contacts(in: container).map(\.familyName) == ["Hopper"], "nothing local is lost")
    }

    @Test(arguments: ServerKind.allCases)
    func aPinThatIsNotACertificateIsRefusedBeforeAnyRequest(kind: ServerKind) async throws {
        let server = try CardDAVTestServer.start(kind, tls: true)
        let harness = try SyncHarness()
        let refused = await Self.failure {
            try await Self.addAccount(
                harness, server, pinning: "-----BEGIN CERTIFICATE-----\nnot base64\n-----END CERTIFICATE-----\n")
        }
        SyncChecks.expectClear(refused, code: .certificateUntrusted)
    }
}
