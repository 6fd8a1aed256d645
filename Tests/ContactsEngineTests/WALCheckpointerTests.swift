import ContactsModel
import ContactsTestSupport
import Foundation
import GRDB
import Testing

@testable import ContactsEngine

/// Saves hand the WAL's copy back into the store file to the store's checkpointer instead of running it in
/// their commit; a commit that leaves too long a WAL still waits for it.
///
/// The store file grows only when a checkpoint copies pages into it, so its size tells whether one ran.
@Suite struct WALCheckpointerTests {
    /// Saves more than enough contacts to pass SQLite's own automatic checkpoint (1,000 WAL pages).
    private static let contactCount = 4_000

    private func store(_ temporary: TemporaryStore, _ policy: WALCheckpointer.Policy) throws -> AuthorizedStore {
        var configuration = temporary.configuration()
        configuration.checkpointPolicy = policy
        return try EmbeddedConnection(configuration: configuration).authorized()
    }

    private func save(_ count: Int, to store: AuthorizedStore, start: Int = 0) throws {
        let operations: [SaveOperation] = (start..<start + count).map { index in
            let contact = CNMutableContact()
            contact.givenName = "Given\(index % 97)"
            contact.familyName = "Family\(index % 89)"
            contact.phoneNumbers = [
                CNLabeledValue(label: CNLabelHome, value: CNPhoneNumber(stringValue: "+1 415 \(1_000_000 + index * 7)"))
            ]
            contact.emailAddresses = [
                CNLabeledValue(label: CNLabelHome, value: "person\(index)@example.com" as NSString)
            ]
            return .addContact(contact, containerIdentifier: nil)
        }
        try store.execute(operations, author: nil, saveIdentifier: UUID().uuidString, refetch: false)
    }

    private func size(_ url: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    private func walURL(_ temporary: TemporaryStore) -> URL {
        URL(fileURLWithPath: temporary.url.path + "-wal")
    }

    @Test func aCommitNoLongerCheckpointsInline() throws {
        let temporary = try TemporaryStore()
        let database = try store(temporary, WALCheckpointer.Policy(backgroundFrames: .max, blockingFrames: .max))
        let before = size(temporary.url)
        try save(Self.contactCount, to: database)
        // Enough pages that SQLite's automatic checkpoint would have copied them back in the commit.
        #expect(size(walURL(temporary)) / 4_120 > 1_000)
        #expect(size(temporary.url) == before)
    }

    @Test func theCheckpointerCopiesTheLogBackAfterTheSave() async throws {
        let temporary = try TemporaryStore()
        let database = try store(temporary, WALCheckpointer.Policy(backgroundFrames: 100, blockingFrames: .max))
        let before = size(temporary.url)
        try save(Self.contactCount, to: database)
        var waited = 0
        while size(temporary.url) < before + 1_000_000, waited < 20_000 {
            try await Task.sleep(for: .milliseconds(20))
            waited += 20
        }
        #expect(size(temporary.url) >= before + 1_000_000, "no checkpoint ran within 20 s")
        // The copy lost nothing: another connection reads every contact, and the file is sound.
        let other = try temporary.personStore()
        #expect(try other.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM contact") } == Self.contactCount)
        #expect(try other.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") } == "ok")
    }

    @Test func aCommitPastTheBoundWaitsForTheCheckpoint() throws {
        let temporary = try TemporaryStore()
        let database = try store(temporary, WALCheckpointer.Policy(backgroundFrames: .max, blockingFrames: 100))
        let before = size(temporary.url)
        try save(Self.contactCount, to: database)
        #expect(size(temporary.url) >= before + 1_000_000)
    }

    @Test func theBoundKeepsTheLogShort() throws {
        // The same ten saves into a store whose checkpoints never run and one whose commits wait past 300 pages.
        func walSize(after policy: WALCheckpointer.Policy) throws -> Int {
            let temporary = try TemporaryStore()
            let database = try store(temporary, policy)
            for round in 0..<10 {
                try save(300, to: database, start: round * 300)
            }
            return size(walURL(temporary))
        }
        let unbounded = try walSize(after: WALCheckpointer.Policy(backgroundFrames: .max, blockingFrames: .max))
        let bounded = try walSize(after: WALCheckpointer.Policy(backgroundFrames: .max, blockingFrames: 300))
        // The bounded log starts over after each checkpoint: it never holds much more than 300 pages and a save.
        #expect(bounded * 2 < unbounded, "WAL of \(bounded) bytes with the bound, \(unbounded) without")
    }

    @Test func savesWhileCheckpointsRunKeepEveryContact() throws {
        let temporary = try TemporaryStore()
        let database = try store(temporary, WALCheckpointer.Policy(backgroundFrames: 20, blockingFrames: 400))
        for round in 0..<10 {
            try save(300, to: database, start: round * 300)
            #expect(
                try database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM contact") } == (round + 1) * 300)
        }
        let other = try temporary.personStore()
        #expect(try other.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM contact") } == 3_000)
        #expect(try other.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") } == "ok")
    }
}
