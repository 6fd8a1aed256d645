import ContactsModel
import ContactsTestSupport
import Foundation
import GRDB
import Testing

@testable import ContactsEngine

/// The plans of the queries the reader reads values with.
@Suite struct ContactReaderTests {
    private func plan(_ sql: String, _ arguments: StatementArguments) throws -> String {
        let temporary = try TemporaryStore()
        let database = try temporary.personStore()
        return try database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String }.joined(separator: "\n")
        }
    }

    @Test(arguments: ["= ?", "IN (SELECT value FROM json_each(?))"])
    func valuesOfABatchAreReadInIndexOrderWithoutSorting(condition: String) throws {
        let argument: DatabaseValue = condition == "= ?" ? 1.databaseValue : "[1,2]".databaseValue
        let detail = try plan(
            """
            SELECT contact_id, kind, position, identifier, label, value, detail FROM contact_value
            WHERE contact_id \(condition) ORDER BY contact_id, kind, position
            """,
            [argument]
        )
        #expect(detail.contains("USING INDEX contact_value_contact (contact_id=?)"))
        #expect(!detail.contains("TEMP B-TREE"))
    }

    @Test func identifiersWithoutLinksSeekEachContactByIdentifier() throws {
        let temporary = try TemporaryStore()
        let database = try temporary.personStore()
        let condition = try database.read {
            try database.compiler.condition(for: .contactsWithIdentifiers(["a", "b"]), in: $0)
        }
        #expect(!condition.sql.contains("link"))
        let detail = try plan("SELECT id FROM contact WHERE (\(condition.sql)) ORDER BY id LIMIT 128", condition.arguments)
        #expect(detail.contains("USING INTEGER PRIMARY KEY"))
        #expect(detail.contains("sqlite_autoindex_contact_1 (identifier=?)"))
        #expect(!detail.contains("SCAN contact"))
    }
}
