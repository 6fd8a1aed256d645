import Foundation
import Testing

@testable import ContactsSync

/// A server may compute a whole listing before its first byte (Radicale did for over a minute with 100,000
/// cards): the listing requests wait for ``SyncTimeouts/listing``, every other request only for `read`.
@Suite(.tags(.integration))
struct ListingTimeoutTests {
    /// Longer than `FaultSetup.timeouts.read` (4 s), shorter than its `listing` (10 s).
    static let delay = 6.0

    @Test(arguments: ServerKind.allCases)
    func aListingSlowerThanTheReadTimeoutFinishesWithinTheListingAllowance(kind: ServerKind) async throws {
        let setup = try await FaultSetup.start(kind)
        #expect(Self.delay > FaultSetup.timeouts.read && Self.delay < FaultSetup.timeouts.listing)
        try await setup.proxy.inject(
            FaultProxy.Fault(method: "REPORT", action: .slow, path: setup.server.bookPath, seconds: Self.delay))
        let summary = try await setup.harness.sync(setup.account)
        #expect(summary.downloaded == FaultSetup.serverAdded.count)
        #expect(summary.uploaded == FaultSetup.localAdded.count)
        try await SyncChecks.expectBothSides(
            hold: FaultSetup.all, harness: setup.harness, container: setup.container, server: setup.server)
    }

    @Test(arguments: ServerKind.allCases)
    func aDownloadAsSlowIsStillCutOffByTheReadTimeout(kind: ServerKind) async throws {
        let setup = try await FaultSetup.start(kind)
        // The listing goes through; the first multiget after it waits as long as the listing above did.
        try await setup.proxy.inject(
            FaultProxy.Fault(
                method: "REPORT", action: .slow, path: setup.server.bookPath, seconds: Self.delay, after: 1))
        let error = await setup.syncError()
        SyncChecks.expectClear(error, code: .timedOut)
        try await setup.proxy.clear()
        try await setup.harness.sync(setup.account)
        try await SyncChecks.expectBothSides(
            hold: FaultSetup.all, harness: setup.harness, container: setup.container, server: setup.server)
    }

    @Test func settingsSavedBeforeTheListingTimeoutExistedTakeItsDefault() throws {
        let old =
            #"{"timeouts":{"connect":5,"read":30,"request":120},"downloadBatchSize":100,"allowsInsecureHTTP":false}"#
        let settings = try JSONDecoder().decode(AccountSettings.self, from: Data(old.utf8))
        #expect(
            settings.timeouts
                == SyncTimeouts(connect: 5, read: 30, request: 120, listing: SyncTimeouts.standard.listing))
        #expect(settings.downloadBatchSize == 100)
        let again = try JSONDecoder().decode(AccountSettings.self, from: JSONEncoder().encode(settings))
        #expect(again == settings)
    }
}
