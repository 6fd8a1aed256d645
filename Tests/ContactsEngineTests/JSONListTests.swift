import ContactsTestSupport
import Foundation
import GRDB
import Testing

@testable import ContactsEngine

/// The hand-written JSON lists every `json_each` query binds.
@Suite struct JSONListTests {
    @Test(arguments: [
        [String](), ["plain:ABPerson"], ["quote\"d", "back\\slash", "slash/"],
        ["tab\tnew\nline", "\u{1}\u{1F}\u{7F}", "\u{0}"],
        ["é", "山田", "🙂 emoji", ""], ["00000000-0000-4000-8000-000000000000", "urn:uuid:a\"b", "Søren 山田"],
    ])
    func stringListIsTheJSONOfTheStrings(strings: [String]) throws {
        let json = JSONList.encode(strings)
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String]
        #expect(decoded == strings)
    }

    @Test(arguments: [["a\"b", "c\\d", "e\nf", "plain"], ["山", ""]])
    func sqliteReadsTheSameStringsFromTheList(strings: [String]) throws {
        let temporary = try TemporaryStore()
        let database = try temporary.personStore()
        let read = try database.read { db in
            try String.fetchAll(db, sql: "SELECT value FROM json_each(?)", arguments: [JSONList.encode(strings)])
        }
        #expect(read == strings)
    }

    @Test func sqliteReadsTheSameRowIdsFromTheList() throws {
        let ids: [Int64] = [1, 42, 9_007_199_254_740_993, -3]
        let temporary = try TemporaryStore()
        let database = try temporary.personStore()
        let read = try database.read { db in
            try Int64.fetchAll(db, sql: "SELECT value FROM json_each(?)", arguments: [JSONList.encode(ids)])
        }
        #expect(read == ids)
        #expect(JSONList.encode([Int64]()) == "[]")
    }

    /// The digits written by hand are those `String(_:)` writes, at the ends of the range and around each power
    /// of ten.
    @Test(arguments: [
        [Int64.min, Int64.max, 0], [-1, 1, 9, 10, 99, 100, -10, -9], [1_000_000_007, -999_999_999_999, 4_096],
        [Int64.min + 1, Int64.max - 1],
    ])
    func rowIdListIsWhatStringWrites(ids: [Int64]) {
        #expect(JSONList.encode(ids) == "[" + ids.map(String.init).joined(separator: ",") + "]")
    }
}
