import ContactsSystem
import Foundation
import Testing

@testable import ContactsSync

/// A sync cut off by a server that dies or a connection that drops: it ends with a clear error, and once the
/// server is back the next sync continues where it stopped, every card on both sides exactly once.
@Suite(.tags(.integration))
struct ResumeTests {
    @Test(arguments: ServerKind.allCases)
    func aServerKilledDuringTheUploadLosesNothingAndTheNextSyncSendsTheRest(kind: ServerKind) async throws {
        let trigger = RequestTrigger()
        let setup = try await FaultSetup.start(kind) { trigger.wrap($0) }
        let server = setup.server
        // The first contact goes up; the server dies before the second.
        trigger.arm(method: "PUT", skipping: 1) { server.kill() }
        let error = await setup.syncError()
        SyncChecks.expectClear(error, code: .connectionFailed)
        #expect(
            try setup.localFamilies() == (FaultSetup.first + FaultSetup.serverAdded + FaultSetup.localAdded).sorted())

        try server.restart()
        let resumed = try await setup.harness.sync(setup.account)
        #expect(resumed.uploaded == FaultSetup.localAdded.count - 1, "only what was not sent is sent: \(resumed)")
        #expect(resumed.downloaded == 0)
        try await SyncChecks.expectBothSides(
            hold: FaultSetup.all, harness: setup.harness, container: setup.container, server: server)
        #expect(try await setup.harness.sync(setup.account).isEmpty)
    }

    @Test(arguments: ServerKind.allCases)
    func aServerKilledDuringTheDownloadLosesNothingAndTheNextSyncFetchesOnlyTheRest(kind: ServerKind) async throws {
        let trigger = RequestTrigger()
        let setup = try await FaultSetup.start(kind) { trigger.wrap($0) }
        let server = setup.server
        let more = ["Germain", "Lamarr", "Hypatia", "Agnesi", "Somerville", "Herschel"]
        for (index, family) in more.enumerated() {
            try await server.put(
                Cards.person(uid: "more-\(index)", given: "Given", family: family), name: "more-\(index).vcf")
        }
        let serverNew = FaultSetup.serverAdded.count + more.count
        // The listing and two batches go through; the server dies before the third batch (of five).
        trigger.arm(method: "REPORT", skipping: 3) { server.kill() }
        let error = await setup.syncError()
        SyncChecks.expectClear(error, code: .connectionFailed)
        let interrupted = try setup.localFamilies()
        #expect(Set(interrupted).count == interrupted.count)
        #expect(Set(interrupted).isSuperset(of: FaultSetup.first + FaultSetup.localAdded))
        let alreadyDownloaded = interrupted.count - FaultSetup.first.count - FaultSetup.localAdded.count
        #expect(alreadyDownloaded >= 2 && alreadyDownloaded < serverNew, "stopped in the middle: \(alreadyDownloaded)")

        try server.restart()
        let resumed = try await setup.harness.sync(setup.account)
        #expect(resumed.downloaded == serverNew - alreadyDownloaded, "cards already taken are not fetched again")
        #expect(resumed.uploaded == FaultSetup.localAdded.count)
        try await SyncChecks.expectBothSides(
            hold: FaultSetup.all + more, harness: setup.harness, container: setup.container, server: server)
    }

    @Test(arguments: ServerKind.allCases)
    func anUploadWhoseAnswerIsLostIsNotSentTwice(kind: ServerKind) async throws {
        let setup = try await FaultSetup.start(kind)
        // The server stores the card, then the connection drops before its answer.
        try await setup.proxy.inject(FaultProxy.Fault(method: "PUT", action: .drop))
        let error = await setup.syncError()
        SyncChecks.expectClear(error, code: .connectionFailed)
        #expect(
            try await SyncChecks.serverFamilies(setup.server).count == FaultSetup.first.count
                + FaultSetup.serverAdded.count + 1)

        try await setup.harness.sync(setup.account)
        try await SyncChecks.expectBothSides(
            hold: FaultSetup.all, harness: setup.harness, container: setup.container, server: setup.server)
        #expect(try await setup.harness.sync(setup.account).isEmpty)
    }

    @Test(arguments: ServerKind.allCases)
    func aDeletionWhoseAnswerIsLostIsFinishedByTheNextSync(kind: ServerKind) async throws {
        let setup = try await FaultSetup.start(kind)
        try await setup.harness.sync(setup.account)
        try setup.harness.delete("Turing", in: setup.container)
        try await setup.proxy.inject(FaultProxy.Fault(method: "DELETE", action: .drop))
        SyncChecks.expectClear(await setup.syncError(), code: .connectionFailed)

        let summary = try await setup.harness.sync(setup.account)
        #expect(summary.downloaded == 0, "the deleted card does not come back: \(summary)")
        try await SyncChecks.expectBothSides(
            hold: FaultSetup.all.filter { $0 != "Turing" }, harness: setup.harness, container: setup.container,
            server: setup.server)
    }
}
