import ContactsSystem
import Foundation
import Testing

@testable import ContactsSync

/// A server that fails, answers garbage, redirects in circles or answers too slowly, at each step of a sync:
/// the sync ends with a clear error that names nothing private, loses and duplicates nothing, and the next
/// sync finishes the job.
@Suite(.tags(.integration))
struct FaultTests {
    /// A fault at one step of the sync, and the error it must end with.
    struct Case: Sendable, CustomTestStringConvertible {
        enum Step: String, Sendable {
            /// The sync-collection report.
            case listing
            /// The multiget reports that follow it.
            case download
            /// The PUTs of the local contacts.
            case upload
        }

        let step: Step
        let action: FaultProxy.Fault.Action
        let code: SyncError.Code

        var testDescription: String { "\(action.rawValue) during \(step.rawValue)" }

        func fault(on server: CardDAVTestServer) -> FaultProxy.Fault {
            // The fault lasts until cleared, as a failing server does; for uploads a server failing on every
            // card, not one card (the sync goes on past a single card's failure).
            var fault = FaultProxy.Fault(
                method: step == .upload ? "PUT" : "REPORT", action: action, path: server.bookPath, count: 1000)
            fault.after = step == .download ? 1 : 0
            fault.status = action == .status ? 500 : nil
            fault.seconds = action == .slow ? 12 : nil
            return fault
        }
    }

    static let cases: [Case] = [Case.Step.listing, .download, .upload].flatMap { step in
        [
            Case(step: step, action: .status, code: .serverError),
            Case(step: step, action: .redirectLoop, code: .redirectLoop),
            Case(step: step, action: .slow, code: .timedOut),
        ] + (step == .upload ? [] : [Case(step: step, action: .malformed, code: .malformedResponse)])
    }

    @Test(arguments: ServerKind.allCases, cases)
    func aFaultEndsTheSyncWithAClearErrorAndTheNextSyncFinishes(kind: ServerKind, fault: Case) async throws {
        let setup = try await FaultSetup.start(kind)
        try await setup.proxy.inject(fault.fault(on: setup.server))
        let error = await setup.syncError()
        SyncChecks.expectClear(error, code: fault.code)
        #expect((error as? SyncError)?.isTransient == true)

        // Nothing local is lost, nothing is doubled on either side.
        let local = try setup.localFamilies()
        #expect(Set(local).isSuperset(of: FaultSetup.first + FaultSetup.localAdded))
        #expect(Set(local).count == local.count, "no contact twice: \(local)")
        let remote = try await SyncChecks.serverFamilies(setup.server)
        #expect(Set(remote).count == remote.count, "no card twice: \(remote)")

        try await setup.proxy.clear()
        try await setup.harness.sync(setup.account)
        try await SyncChecks.expectBothSides(
            hold: FaultSetup.all, harness: setup.harness, container: setup.container, server: setup.server)
        let again = try await setup.harness.sync(setup.account)
        #expect(again.isEmpty, "the job was finished: \(again)")
    }

    @Test(arguments: ServerKind.allCases)
    func aServerFailingOnOneUploadSkipsThatCardAndSendsItNextTime(kind: ServerKind) async throws {
        let setup = try await FaultSetup.start(kind)
        try await setup.proxy.inject(
            FaultProxy.Fault(method: "PUT", action: .status, path: setup.server.bookPath, status: 500))
        let first = try await setup.harness.sync(setup.account)
        #expect(first.uploaded == FaultSetup.localAdded.count - 1)
        #expect(first.skipped.map(\.reason) == [.serverFailed(status: 500)])
        for skipped in first.skipped { SyncChecks.expectNoSecrets(in: "\(skipped) \(skipped.reason)") }

        let second = try await setup.harness.sync(setup.account)
        #expect(second.uploaded == 1)
        try await SyncChecks.expectBothSides(
            hold: FaultSetup.all, harness: setup.harness, container: setup.container, server: setup.server)
    }

    @Test(arguments: ServerKind.allCases)
    func aServerFailingOnEveryCardEndsTheSyncEvenInBatchesOfOne(kind: ServerKind) async throws {
        let setup = try await FaultSetup.start(kind, batchSize: 1)
        try await setup.proxy.inject(
            FaultProxy.Fault(
                method: "REPORT", action: .status, path: setup.server.bookPath, status: 503, count: 1000, after: 1))
        // Each card alone fails, which would look like each card's own fault; all of them is the server's.
        SyncChecks.expectClear(await setup.syncError(), code: .serverError)

        try await setup.proxy.clear()
        let summary = try await setup.harness.sync(setup.account)
        #expect(summary.downloaded == FaultSetup.serverAdded.count, "no card was set aside as failing")
        try await SyncChecks.expectBothSides(
            hold: FaultSetup.all, harness: setup.harness, container: setup.container, server: setup.server)
    }
}
