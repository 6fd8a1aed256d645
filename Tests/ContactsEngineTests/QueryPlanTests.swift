import ContactsModel
import ContactsTestSupport
import Foundation
import GRDB
import Testing

@testable import ContactsEngine

/// The predicates and sorted enumeration must be answered through indexes, never by scanning every contact.
@Suite struct QueryPlanTests {
    private func plan(_ sql: String, _ arguments: StatementArguments) throws -> String {
        let temporary = try TemporaryStore()
        let database = try temporary.personStore()
        return try database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String }
                .joined(separator: "\n")
        }
    }

    @Test func namePredicateUsesTheNameIndexRange() throws {
        let temporary = try TemporaryStore()
        let database = try temporary.personStore()
        let condition = try database.read {
            try database.compiler.condition(for: .contactsMatchingName("jo app"), in: $0)
        }
        #expect(condition.sql.contains("INTERSECT"))
        let detail = try plan("SELECT id FROM contact WHERE \(condition.sql)", condition.arguments)
        #expect(detail.contains("SEARCH name_index USING PRIMARY KEY (token>? AND token<?)"))
        #expect(!detail.contains("SCAN contact"))
    }

    @Test func phoneCandidatesComeFromTheReversedDigitIndex() throws {
        let detail = try plan(
            "SELECT contact_id FROM phone_index WHERE key >= ? AND key < ?",
            ["0010555", "0010555\u{10FFFF}"]
        )
        #expect(detail.contains("SEARCH phone_index USING PRIMARY KEY (key>? AND key<?)"))
    }

    /// Each candidate of both key ranges finds its number with one seek on the values' key, no row id between.
    @Test func phoneCandidatesSeekTheirValueByContactKindAndPosition() throws {
        let detail = try plan(PredicateCompiler.phoneCandidatesSQL, ["0010555", "0010555\u{10FFFF}"])
        let seek = "SEARCH contact_value USING PRIMARY KEY (contact_id=? AND kind=? AND position=?)"
        #expect(detail.components(separatedBy: seek).count == 3, "\(detail)")
        #expect(detail.contains("SEARCH phone_index_staged USING PRIMARY KEY (key>? AND key<?)"), "\(detail)")
        #expect(!detail.contains("SCAN"), "\(detail)")
    }

    @Test func emailPredicateUsesTheSearchIndex() throws {
        let temporary = try TemporaryStore()
        let database = try temporary.personStore()
        let condition = try database.read {
            try database.compiler.condition(for: .contactsMatchingEmailAddress("a@example.com"), in: $0)
        }
        let detail = try plan("SELECT id FROM contact WHERE \(condition.sql)", condition.arguments)
        let search = "USING COVERING INDEX contact_value_search (kind=? AND search=? AND contact_id>?)"
        #expect(detail.contains(search), "\(detail)")
        #expect(!detail.contains("SCAN"), "\(detail)")
    }

    @Test func sortedEnumerationWalksTheSortIndex() throws {
        let detail = try plan(
            """
            SELECT id FROM contact WHERE (1) AND staged = 0 AND (sort_given, id) > (CAST(? AS TEXT), ?) ORDER BY sort_given, id
            LIMIT 500
            """,
            [Data("a".utf8), 1]
        )
        #expect(detail.contains("contact_sort_given"))
        #expect(!detail.contains("TEMP B-TREE"))
    }

    /// With staged contacts, a batch merges two ordered walks, one per partial index, and sorts nothing.
    @Test func sortedEnumerationMergesTheLargeAndTheStagedSortIndexes() throws {
        let arm = "SELECT id, identifier, sort_family FROM contact WHERE (1)"
        let page = " AND (sort_family, id) > (CAST(? AS TEXT), ?)"
        let detail = try plan(
            "\(arm) AND staged = 0\(page) UNION ALL \(arm) AND staged = 1\(page) ORDER BY sort_family, id LIMIT 500",
            [Data("a".utf8), 1, Data("a".utf8), 1]
        )
        #expect(detail.contains("MERGE"), "\(detail)")
        #expect(detail.contains("USING INDEX contact_sort_family "), "\(detail)")
        #expect(detail.contains("USING INDEX contact_sort_family_staged"), "\(detail)")
        #expect(!detail.contains("TEMP B-TREE"), "\(detail)")
    }

    /// Counting and merging the staged contacts reads the small staged index, not every contact.
    @Test func theStagedContactsAreFoundThroughTheirPartialIndex() throws {
        for sql in [
            "SELECT count(*) FROM (SELECT 1 FROM contact WHERE staged = 1 LIMIT 10)",
            "UPDATE contact SET staged = 0 WHERE staged = 1",
        ] {
            let detail = try plan(sql, [])
            #expect(detail.contains("_staged"), "\(sql): \(detail)")
            #expect(!detail.contains("SCAN contact\n") && !detail.hasSuffix("SCAN contact"), "\(sql): \(detail)")
        }
    }

    @Test func stagedPhoneAndNameKeysAreReadByTheirPrimaryKey() throws {
        let detail = try plan(
            "SELECT contact_id FROM phone_index_staged WHERE key >= ? AND key < ?", ["0010555", "0010555\u{10FFFF}"]
        )
        #expect(detail.contains("SEARCH phone_index_staged USING PRIMARY KEY (key>? AND key<?)"))
        let temporary = try TemporaryStore()
        let database = try temporary.personStore()
        let condition = try database.read {
            try database.compiler.condition(for: .contactsMatchingName("jo app"), in: $0)
        }
        let names = try plan("SELECT id FROM contact WHERE \(condition.sql)", condition.arguments)
        #expect(names.contains("SEARCH name_index_staged USING PRIMARY KEY (token>? AND token<?)"), "\(names)")
    }

    /// The query plan of one batch of an unsorted enumeration, as ``AuthorizedStore/batchQuery`` builds it.
    private func batchPlan(keys: ContactKeySet, after: Int64?) throws -> String {
        let temporary = try TemporaryStore()
        let database = try temporary.personStore()
        return try database.read { db in
            let condition = try database.compiler.condition(for: nil, in: db)
            let (sql, arguments) = try database.batchQuery(
                reader: ContactReader(keys: keys, unify: true), condition: condition, sortColumn: nil,
                after: after.map { (key: "", id: $0) }, limit: 1024, in: db
            )
            return try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map {
                $0["detail"] as String
            }
            .joined(separator: "\n")
        }
    }

    /// A fetch of every identifier reads the narrow (id, identifier) index in row-id order, never the contacts'
    /// wide rows, and sorts nothing: the first batch and a later one. (An app restricted to some contacts reads
    /// them through its visible set and the identifier's unique index, as before: few rows, sorted.)
    @Test func identifierBatchesReadTheCoveringIdentifierIndexInRowIDOrder() throws {
        for after in [nil, Int64(640)] {
            let (sql, arguments) = AuthorizedStore.identifierBatchQuery(condition: .all, after: after, limit: 1024)
            let detail = try plan(sql, arguments)
            #expect(detail.contains("contact USING COVERING INDEX \(IdentifierOrderSchema.indexName)"), "\(detail)")
            #expect(!detail.contains("TEMP B-TREE"), "\(detail)")
            #expect(detail.contains("(id>?)") == (after != nil), "\(detail)")
        }
        // The seek that finds where the next batch starts.
        let seek = try plan("SELECT id FROM contact WHERE identifier = CAST(? AS TEXT)", [Data("x".utf8)])
        #expect(seek.contains("USING COVERING INDEX sqlite_autoindex_contact_1 (identifier=?)"), "\(seek)")
    }

    /// A batch that reads any field besides the identifier still reads the contacts' rows by row id: the index
    /// holds nothing else, and a detour through it would add a lookup a contact.
    @Test func batchesWithKeysStillReadTheContactTableByRowID() throws {
        for keys in [ContactKeySet(.givenName), ContactKeySet(.note)] {
            let detail = try batchPlan(keys: keys, after: 640)
            #expect(detail.contains("SEARCH contact USING INTEGER PRIMARY KEY (rowid>?)"), "\(detail)")
            #expect(!detail.contains(IdentifierOrderSchema.indexName), "\(detail)")
        }
    }
}
