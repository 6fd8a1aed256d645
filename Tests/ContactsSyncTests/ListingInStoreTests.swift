import ContactsEngine
import ContactsSystem
import Foundation
import Synchronization
import Testing

@testable import ContactsSync

/// A book's listing goes to the store as it is parsed, a batch of entries per transaction, and the download reads
/// it back a batch at a time (docs/Sync.md, "Performance"): what a sync downloads and removes, how it resumes and
/// how it falls back from a refused token stay as they were with the listing in memory.
@Suite(.tags(.integration))
struct ListingInStoreTests {
    /// Cards added on the server after the first sync, in the tests that need a listing of several batches: with
    /// download batches of 2, the listing is written 8 entries at a time, so 17 changed cards take 3 transactions
    /// and 9 multigets.
    static let many = (0..<14).map { "Many\($0)" }

    private static func addMany(to server: CardDAVTestServer) async throws {
        for (index, family) in many.enumerated() {
            try await server.put(
                Cards.person(uid: "many-\(index)", given: "Given", family: family), name: "many-\(index).vcf")
        }
    }

    @Test(arguments: ServerKind.allCases)
    func aListingOfSeveralBatchesInterruptedMidDownloadIsResumedWithNothingFetchedTwice(kind: ServerKind) async throws {
        let trigger = RequestTrigger()
        let setup = try await FaultSetup.start(kind) { trigger.wrap($0) }
        let server = setup.server
        try await Self.addMany(to: server)
        let serverNew = FaultSetup.serverAdded.count + Self.many.count
        #expect(serverNew > CollectionSynchronizer.listingBatchSize(AccountSettings(downloadBatchSize: 2)) * 2)
        // The listing and three batches go through; the server dies before the fourth (of nine).
        trigger.arm(method: "REPORT", skipping: 4) { server.kill() }
        SyncChecks.expectClear(await setup.syncError(), code: .connectionFailed)
        let interrupted = try setup.localFamilies()
        #expect(Set(interrupted).count == interrupted.count, "no card written twice")
        let alreadyDownloaded = interrupted.count - FaultSetup.first.count - FaultSetup.localAdded.count
        // Two batches were written before the fourth went out; the third was in flight when the server died.
        #expect(alreadyDownloaded >= 4 && alreadyDownloaded <= 6, "stopped in the middle: \(alreadyDownloaded)")
        let engine = try setup.harness.accounts.engine()
        #expect(
            try engine.syncListingRunCount(containerIdentifier: setup.container) == 0,
            "the failed sync took its listing away")

        try server.restart()
        trigger.resetCounts()
        // The reports the download sent: those before the first upload.
        let reportsBeforeUploads = Mutex<Int?>(nil)
        trigger.arm(method: "PUT", skipping: 0) { reportsBeforeUploads.withLock { $0 = trigger.sent("REPORT") } }
        let resumed = try await setup.harness.sync(setup.account)
        #expect(resumed.downloaded == serverNew - alreadyDownloaded, "cards already taken are not fetched again")
        #expect(resumed.deletedLocally == 0)
        #expect(resumed.uploaded == FaultSetup.localAdded.count)
        // One listing, then only the rest, in batches of two.
        #expect(reportsBeforeUploads.withLock { $0 } == 1 + (serverNew - alreadyDownloaded + 1) / 2)
        #expect(try engine.syncListingRunCount(containerIdentifier: setup.container) == 0)
        try await SyncChecks.expectBothSides(
            hold: FaultSetup.all + Self.many, harness: setup.harness, container: setup.container, server: server)
        #expect(try await setup.harness.sync(setup.account).isEmpty)
    }

    @Test(arguments: ServerKind.allCases)
    func anExpiredTokenWithAListingOfSeveralBatchesRemovesOnlyWhatTheServerNoLongerHas(kind: ServerKind) async throws {
        let setup = try await FaultSetup.start(kind)
        try await Self.addMany(to: setup.server)
        try await setup.harness.sync(setup.account)
        // Removed on the server: one card of the first sync and one of the many; added: one.
        try await setup.server.delete("first-1.vcf")
        try await setup.server.delete("many-3.vcf")
        try await setup.server.put(Cards.person(uid: "late", given: "Given", family: "Germain"), name: "late.vcf")
        try SyncTokenTests.replaceToken(of: setup.container, in: setup.harness)

        let summary = try await setup.harness.sync(setup.account)
        #expect(summary.usedFullComparison)
        #expect(summary.downloaded == 1, "only the new card: every other listed tag is the stored one")
        #expect(summary.deletedLocally == 2)
        let expected = (FaultSetup.all + Self.many + ["Germain"]).filter { $0 != "Turing" && $0 != "Many3" }
        try await SyncChecks.expectBothSides(
            hold: expected, harness: setup.harness, container: setup.container, server: setup.server)
        #expect(try await setup.harness.sync(setup.account).isEmpty)
    }

    /// The store decides from its copy of the listing what the listing in memory decided: a card at its stored
    /// tag is not fetched, a card without a tag is; a card listed as present anywhere is not removed; a known
    /// card missing from a whole book's listing is removed unless its creation is still being sent.
    @Test
    func theStoredListingDecidesDownloadsAndRemovalsAsTheListingInMemoryDid() async throws {
        let setup = try await FaultSetup.start(.radicale)
        let engine = try setup.harness.accounts.engine()
        let tags = try engine.syncCardTags(containerIdentifier: setup.container)
        let hrefs = tags.keys.sorted()
        try #require(hrefs.count == 2)
        let (first, second) = (hrefs[0], hrefs[1])

        func plan(_ entries: [SyncListingEntry], isComplete: Bool) throws -> (downloads: [String], removals: [String]) {
            let run = try engine.beginSyncListing(containerIdentifier: setup.container)
            defer { try? engine.endSyncListing(run: run) }
            try engine.appendSyncListing(run: run, entries: entries)
            let downloads = try engine.syncListingDownloads(
                containerIdentifier: setup.container, run: run, after: 0, limit: 100
            ).hrefs
            #expect(
                try engine.syncListingDownloadCount(containerIdentifier: setup.container, run: run) == downloads.count)
            let removals = try engine.syncListingRemovals(
                containerIdentifier: setup.container, run: run, isComplete: isComplete)
            return (downloads, removals)
        }

        let same = SyncListingEntry(href: first, etag: tags[first]?.etag)
        var result = try plan(
            [
                SyncListingEntry(href: "/new-b.vcf", etag: "\"1\""), same,
                SyncListingEntry(href: "/new-a.vcf", etag: nil),
            ], isComplete: false)
        #expect(
            result.downloads == ["/new-b.vcf", "/new-a.vcf"],
            "in listing order; the card at its stored tag is not fetched")
        #expect(result.removals.isEmpty)

        result = try plan(
            [
                SyncListingEntry(href: first, etag: "\"moved\""),
                SyncListingEntry(href: second, etag: nil, isRemoved: true),
            ], isComplete: false)
        #expect(result.downloads == [first])
        #expect(result.removals == [second])

        // Listed as removed, then as present (a continued report): present wins, whichever comes first.
        result = try plan(
            [
                SyncListingEntry(href: second, etag: nil, isRemoved: true),
                SyncListingEntry(href: second, etag: tags[second]?.etag),
                SyncListingEntry(href: first, etag: tags[first]?.etag),
                SyncListingEntry(href: first, etag: nil, isRemoved: true),
                SyncListingEntry(href: "/unknown.vcf", etag: nil, isRemoved: true),
            ],
            isComplete: false)
        #expect(result.downloads.isEmpty)
        #expect(result.removals.isEmpty, "neither a listed card nor one the store never knew is removed")

        // A whole book's listing that lacks a known card removes it.
        result = try plan([same], isComplete: true)
        #expect(result.downloads.isEmpty)
        #expect(result.removals == [second])
        result = try plan([], isComplete: true)
        #expect(result.removals == hrefs)
        #expect(try engine.syncListingRunCount(containerIdentifier: setup.container) == 0)
    }

    /// Two syncs of a book never read each other's listing, and a listing a killed process left is deleted by a
    /// later sync once it is a day old, never sooner: a sync still running may own it.
    @Test
    func aListingLeftBehindChangesNothingAndGoesOnceItIsADayOld() async throws {
        let setup = try await FaultSetup.start(.radicale)
        let engine = try setup.harness.accounts.engine()
        let known = try engine.syncCardTags(containerIdentifier: setup.container).keys.sorted()
        // Left behind: one listing started just now (as a sync running beside this one would), one two days ago.
        let recent = try engine.beginSyncListing(containerIdentifier: setup.container)
        let old = try engine.beginSyncListing(
            containerIdentifier: setup.container, at: Date().addingTimeInterval(-2 * 24 * 60 * 60))
        for run in [old, recent] {
            try engine.appendSyncListing(
                run: run,
                entries: known.map { SyncListingEntry(href: $0, etag: nil, isRemoved: true) } + [
                    SyncListingEntry(href: "/ghost.vcf", etag: nil)
                ])
        }
        #expect(try engine.syncListingRunCount(containerIdentifier: setup.container) == 2)

        let summary = try await setup.harness.sync(setup.account)
        #expect(summary.downloaded == FaultSetup.serverAdded.count, "the other listings' entries are not this sync's")
        #expect(summary.deletedLocally == 0)
        #expect(summary.skipped.isEmpty)
        #expect(
            try engine.syncListingRunCount(containerIdentifier: setup.container) == 1,
            "the day-old listing is gone, the recent one stays")
        #expect(try engine.syncListingDownloadCount(containerIdentifier: setup.container, run: recent) == 1)
        try await SyncChecks.expectBothSides(
            hold: FaultSetup.all, harness: setup.harness, container: setup.container, server: setup.server)
    }
}
