import ContactsEngine
import ContactsSystem
import Foundation
import Testing

@testable import ContactsSync

/// The sync-collection report cut short (507, RFC 6578 §3.6) and a token the server no longer knows.
@Suite(.tags(.integration))
struct SyncTokenTests {
    @Test(arguments: ServerKind.allCases)
    func aTruncatedReportIsContinuedUntilTheServerHasListedEverything(kind: ServerKind) async throws {
        let setup = try await FaultSetup.start(kind)
        let more = ["Germain", "Lamarr", "Hypatia"]
        for (index, family) in more.enumerated() {
            try await setup.server.put(
                Cards.person(uid: "more-\(index)", given: "Given", family: family), name: "more-\(index).vcf")
        }
        try await setup.proxy.inject(
            FaultProxy.Fault(method: "REPORT", action: .truncate, path: setup.server.bookPath, keep: 2, count: 1))
        let reportsBefore = try await Self.reports(to: setup.server, through: setup.proxy)
        let incremental = try await setup.harness.sync(setup.account)
        // Two reports for the listing, then three multigets of two cards: the truncation was continued.
        #expect(try await Self.reports(to: setup.server, through: setup.proxy) - reportsBefore == 2 + 3)
        #expect(incremental.downloaded == FaultSetup.serverAdded.count + more.count)
        #expect(!incremental.usedFullComparison)
        try await SyncChecks.expectBothSides(
            hold: FaultSetup.all + more, harness: setup.harness, container: setup.container, server: setup.server)
    }

    @Test(arguments: ServerKind.allCases)
    func aFirstSyncWhoseReportIsTruncatedTakesEveryCard(kind: ServerKind) async throws {
        let server = try CardDAVTestServer.start(kind)
        let families = ["Lovelace", "Turing", "Hopper", "Noether", "Curie"]
        for (index, family) in families.enumerated() {
            try await server.put(
                Cards.person(uid: "card-\(index)", given: "Given", family: family), name: "card-\(index).vcf")
        }
        let proxy = try FaultProxy.start(in: server)
        let harness = try SyncHarness()
        let account = try await harness.addAccount(server, url: proxy.baseURL)
        let container = try harness.container(of: account, server: server)
        try await proxy.inject(
            FaultProxy.Fault(method: "REPORT", action: .truncate, path: server.bookPath, keep: 1, count: 1))
        let summary = try await harness.sync(account)
        #expect(summary.downloaded == families.count)
        try await SyncChecks.expectBothSides(hold: families, harness: harness, container: container, server: server)
        // Two reports for the listing, then the multiget: the truncation was continued, not ignored.
        #expect(try await Self.reports(to: server, through: proxy) == 3)
    }

    @Test(arguments: ServerKind.allCases)
    func anExpiredTokenFallsBackToAFullComparisonThatLosesAndDoublesNothing(kind: ServerKind) async throws {
        let setup = try await FaultSetup.start(kind)
        try await setup.harness.sync(setup.account)
        try await setup.server.delete("first-1.vcf")
        try await setup.server.put(Cards.person(uid: "late", given: "Given", family: "Germain"), name: "late.vcf")
        try setup.harness.add(given: "Given", family: "Lamarr", to: setup.container)
        try Self.replaceToken(of: setup.container, in: setup.harness)

        let summary = try await setup.harness.sync(setup.account)
        #expect(summary.usedFullComparison)
        #expect(summary.downloaded == 1)
        #expect(summary.uploaded == 1)
        #expect(summary.deletedLocally == 1)
        let expected = (FaultSetup.all + ["Germain", "Lamarr"]).filter { $0 != "Turing" }
        try await SyncChecks.expectBothSides(
            hold: expected, harness: setup.harness, container: setup.container, server: setup.server)
        #expect(try await setup.harness.sync(setup.account).isEmpty)
    }

    /// How many reports the test's book has had through the proxy.
    static func reports(to server: CardDAVTestServer, through proxy: FaultProxy) async throws -> Int {
        try await proxy.requests().filter { $0 == "REPORT \(server.bookPath)" }.count
    }

    /// Replaces a book's stored token with one of the same shape the server never gave.
    static func replaceToken(of container: String, in harness: SyncHarness) throws {
        let engine = try harness.accounts.engine()
        let book = try #require(try engine.syncCollection(containerIdentifier: container))
        let token = try #require(book.syncToken)
        let unknown = String(token.dropLast(8)) + "0badc0de"
        _ = try engine.syncTransaction(containerIdentifier: container, author: CardDAVAccounts.transactionAuthor) {
            transaction in
            try transaction.finishSync(
                syncToken: unknown, ctag: book.ctag, localSequence: book.localSequence,
                author: CardDAVAccounts.transactionAuthor)
        }
    }
}
