import ContactsModel
import ContactsTestSupport
import Foundation
import GRDB
import Testing

@testable import ContactsEngine

/// The reader's hand-written JSON identifier lists and the plans of the queries it reads values with.
@Suite struct ContactReaderTests {
    @Test(arguments: [
        [String](), ["plain:ABPerson"], ["quote\"d", "back\\slash", "slash/"], ["tab\tnew\nline", "\u{1}\u{1F}\u{7F}", "\u{0}"],
        ["é", "山田", "🙂 emoji", ""],
    ])
    func identifierListIsTheJSONOfTheStrings(strings: [String]) throws {
        let json = ContactReader.jsonList(strings)
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String]
        #expect(decoded == strings)
    }

    @Test(arguments: [["a\"b", "c\\d", "e\nf", "plain"], ["山", ""]])
    func sqliteReadsTheSameStringsFromTheList(strings: [String]) throws {
        let temporary = try TemporaryStore()
        let database = try StoreDatabase.open(temporary.configuration())
        let read = try database.pool.read { db in
            try String.fetchAll(db, sql: "SELECT value FROM json_each(?)", arguments: [ContactReader.jsonList(strings)])
        }
        #expect(read == strings)
    }

    private func plan(_ sql: String, _ arguments: StatementArguments) throws -> String {
        let temporary = try TemporaryStore()
        let database = try StoreDatabase.open(temporary.configuration())
        return try database.pool.read { db in
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
        let database = try StoreDatabase.open(temporary.configuration())
        let condition = try database.pool.read {
            try database.compiler.condition(for: .contactsWithIdentifiers(["a", "b"]), in: $0)
        }
        #expect(!condition.sql.contains("link"))
        let detail = try plan("SELECT id FROM contact WHERE (\(condition.sql)) ORDER BY id LIMIT 128", condition.arguments)
        #expect(detail.contains("USING INTEGER PRIMARY KEY"))
        #expect(detail.contains("sqlite_autoindex_contact_1 (identifier=?)"))
        #expect(!detail.contains("SCAN contact"))
    }
}
