import Foundation
import GRDB
import Testing

@testable import ContactsEngine

/// The direct binding of the save and import paths stores exactly what GRDB's statement arguments store.
@Suite struct StatementBinderTests {
    private static let longText = String(repeating: "é", count: 700)

    private static func database() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b TEXT, c INTEGER, d BLOB)")
        }
        return queue
    }

    /// What a row holds, with each value's SQLite type, so NULL, '' and an empty blob differ.
    private static func stored(id: Int64, in db: Database) throws -> [String] {
        let row = try Row.fetchOne(
            db, sql: "SELECT quote(a), typeof(a), quote(b), typeof(b), quote(c), typeof(c), quote(d), typeof(d) FROM t WHERE id = ?",
            arguments: [id]
        )
        return (0..<8).map { index in row?[index] ?? "missing" }
    }

    @Test(arguments: [
        ("plain", "Søren", Int64(7), Data([1, 2, 3])),
        ("", nil, Int64(-1), Data()),
        ("cut\u{0}here", "\u{0}", Int64.max, nil),
        (longText, longText, Int64(0), Data(repeating: 9, count: 3_000)),
        ("👩‍👩‍👧 emoji", String(repeating: "x", count: 1_100), Int64.min, Data([0])),
    ] as [(String, String?, Int64, Data?)])
    func storesWhatStatementArgumentsStore(text: String, optional: String?, number: Int64, blob: Data?) throws {
        let queue = try Self.database()
        try queue.write { db in
            let sql = "INSERT INTO t (a, b, c, d) VALUES (?, ?, ?, ?)"
            try db.execute(sql: sql, arguments: [text, optional, number, blob])
            let general = db.lastInsertedRowID
            try db.cachedStatement(sql: sql).executeBinding { binder in
                binder.bind(text)
                binder.bind(optional)
                binder.bind(number)
                binder.bind(blob)
            }
            let direct = db.lastInsertedRowID
            #expect(try Self.stored(id: direct, in: db) == Self.stored(id: general, in: db))
        }
    }

    @Test func aFailedRunThrowsAndTheStatementStaysUsable() throws {
        let queue = try Self.database()
        try queue.write { db in
            try db.execute(sql: "CREATE UNIQUE INDEX t_a ON t(a)")
            let sql = "INSERT INTO t (a, b, c, d) VALUES (?, ?, ?, ?)"
            func insert(_ text: String) throws {
                try db.cachedStatement(sql: sql).executeBinding { binder in
                    binder.bind(text)
                    binder.bindNull()
                    binder.bind(1)
                    binder.bind(nil as Data?)
                }
            }
            try insert("one")
            #expect(throws: DatabaseError.self) { try insert("one") }
            try insert("two")
            #expect(try String.fetchAll(db, sql: "SELECT a FROM t ORDER BY id") == ["one", "two"])
        }
    }

    @Test func reusedStatementsBindFreshValues() throws {
        let queue = try Self.database()
        try queue.write { db in
            let statement = try db.cachedStatement(sql: "INSERT INTO t (a, b) VALUES (?, ?)")
            for index in 0..<3 {
                try statement.executeBinding { binder in
                    binder.bind("row \(index)")
                    binder.bind(index == 1 ? Self.longText : nil)
                }
            }
            let rows = try Row.fetchAll(db, sql: "SELECT a, b FROM t ORDER BY id")
            #expect(rows.map { $0[0] as String } == ["row 0", "row 1", "row 2"])
            #expect(rows.map { $0[1] as String? } == [nil, Self.longText, nil])
        }
    }
}
