import ContactsSystem
import ContactsTestSupport
import Foundation
import GRDB
import Testing

@testable import ContactsEngine

/// Embedded only: these tests age and prune the engine's log on the file and count its rows. In daemon mode the
/// person's grant to the test app, made before the test, is a row of that log too (docs/Daemon.md).
@Suite struct HistoryRetentionTests {
    private static let day: TimeInterval = 24 * 3600

    /// Ages every transaction, then prunes with a retention.
    private func ageAndPrune(_ temporary: TemporaryStore, days: Double, retention: HistoryRetention) throws -> Int {
        let database = try temporary.personStore()
        return try database.write { db in
            try db.execute(sql: #"UPDATE "transaction" SET timestamp = timestamp - ?"#, arguments: [days * Self.day])
            return try HistoryLog.prune(retention, now: Date(), in: db)
        }
    }

    @Test func tokenOlderThanThePrunedHistoryHasExpiredAndStartsOver() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let ann = ContactFixtures.person("Ann", "Lee")
        let oldToken = store.currentHistoryToken
        try ContactFixtures.save([ann], in: store)
        let recentToken = store.currentHistoryToken
        let deleted = try ageAndPrune(
            temporary, days: 40,
            retention: HistoryRetention(minimumAge: 30 * Self.day, minimumRows: 0, maximumRows: 100))
        #expect(deleted == 1)
        #expect(try store.historyLines(after: oldToken).lines == ["drop", "add \(ann.identifier)"])
        // A token taken after the pruned rows is still good.
        #expect(try store.historyLines(after: recentToken).lines.isEmpty)
    }

    @Test func historyYoungerThanThirtyDaysIsKept() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let token = store.currentHistoryToken
        let ann = ContactFixtures.person("Ann", "Lee")
        try ContactFixtures.save([ann], in: store)
        let deleted = try ageAndPrune(
            temporary, days: 29,
            retention: HistoryRetention(minimumAge: 30 * Self.day, minimumRows: 0, maximumRows: 100))
        #expect(deleted == 0)
        #expect(try store.historyLines(after: token).lines == ["add \(ann.identifier)"])
    }

    @Test func theNewestRowsAreKeptWhateverTheirAge() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let token = store.currentHistoryToken
        try ContactFixtures.save([ContactFixtures.person("Ann", "Lee"), ContactFixtures.person("Bo", "Ek")], in: store)
        let deleted = try ageAndPrune(
            temporary, days: 90,
            retention: HistoryRetention(minimumAge: 30 * Self.day, minimumRows: 2, maximumRows: 100))
        #expect(deleted == 0)
        #expect(try store.historyLines(after: token).lines.count == 2)
    }

    @Test func theLogIsBoundedEvenWhenYoung() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        try ContactFixtures.save((0..<5).map { ContactFixtures.person("P\($0)", "Q") }, in: store)
        let deleted = try ageAndPrune(
            temporary, days: 0, retention: HistoryRetention(minimumAge: 30 * Self.day, minimumRows: 1, maximumRows: 3))
        #expect(deleted == 2)
    }

    @Test func savesPruneNowAndThen() throws {
        let temporary = try TemporaryStore()
        let database = try temporary.personStore()
        try ContactFixtures.save([ContactFixtures.person("Ann", "Lee")], in: temporary.store)
        let retention = HistoryRetention(minimumAge: 0, minimumRows: 0, maximumRows: 0, pruneInterval: 1)
        try database.write { db in
            let transaction = try HistoryLog.beginTransaction(author: nil, in: db)
            try HistoryLog.didPerformSave(transactionID: transaction, retention: retention, in: db)
        }
        let rows = try database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM change_log") }
        #expect(rows == 0)
    }
}
