import Contacts
import ContactsModel
import ContactsTestSupport
import Foundation
import GRDB
import Testing

@testable import ContactsEngine

/// Each contact's name tokens kept in its row (`contact.name_words`, migration `name-words`; docs/Store.md, "A
/// contact's name words in its row").
@Suite struct NameWordsTests {
    /// More contacts share the given name than the smallest dense range (256), so a search for it checks each
    /// contact, where the family names, shared by eleven at most, drive.
    private static let count = 300

    private static func people() -> [CNMutableContact] {
        (0..<count).map { ContactFixtures.person("Anna", "Family\($0)") }
    }

    /// Each contact's tokens, from both token tables, sorted.
    private static func tokens(_ db: Database) throws -> [Int64: [String]] {
        var result: [Int64: [String]] = [:]
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT contact_id, token FROM name_index UNION SELECT contact_id, token FROM name_index_staged
                ORDER BY 1, 2
                """)
        for row in rows { result[row[0], default: []].append(row[1]) }
        return result
    }

    /// Each contact's tokens as its row lists them.
    private static func listed(_ db: Database) throws -> [Int64: [String]] {
        var result: [Int64: [String]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, name_words FROM contact WHERE name_words != ''") {
            result[row[0]] = NameWordsColumn.decode(row[1])
        }
        return result
    }

    private static func found(_ name: String, in store: CNContactStore) throws -> Set<String> {
        Set(try store.unifiedContacts(matching: CNContact.predicateForContacts(matchingName: name), keysToFetch: [])
            .map(\.identifier))
    }

    @Test func everyWriteKeepsTheRowsListEqualToTheTokenTables() throws {
        let temporary = try TemporaryStore()
        let saved = try ContactFixtures.save(Self.people(), in: temporary.store)
        let database = try temporary.personStore()
        // Half the tokens in the large index, the later ones staged.
        try database.write { try IndexStaging.merge(in: $0) }
        let later = try ContactFixtures.save(
            [ContactFixtures.person("Zoë", "van der Berg-Smith"), ContactFixtures.person("", "")], in: temporary.store)
        let changed = try #require(saved[7].mutableCopy() as? CNMutableContact)
        changed.givenName = "Renamed"
        changed.middleName = "Middle"
        let request = CNSaveRequest()
        request.update(changed)
        request.delete(try #require(saved[8].mutableCopy() as? CNMutableContact))
        request.delete(try #require(later[0].mutableCopy() as? CNMutableContact))
        try temporary.store.execute(request)

        let (tokens, listed, contacts) = try database.read { db in
            (try Self.tokens(db), try Self.listed(db), try Int.fetchOne(db, sql: "SELECT count(*) FROM contact"))
        }
        #expect(contacts == Self.count + 1 - 1)
        #expect(listed == tokens)
        #expect(tokens.count == Self.count - 1)
        #expect(listed.values.contains(["family7", "middle", "renamed"]))
        #expect(!tokens.values.contains { $0.contains("family8") || $0.contains("zoe") })
        #expect(try Self.found("Anna", in: temporary.store).count == Self.count - 2)
        #expect(try Self.found("Renamed", in: temporary.store) == [saved[7].identifier])
        #expect(try Self.found("anna family12", in: temporary.store).count == 11)
    }

    /// A token never holds the separator, whatever the name: a control character splits words (and the piece
    /// is also indexed joined, as words around punctuation are).
    @Test func aNameWithTheSeparatorInItStillListsWholeTokens() throws {
        let temporary = try TemporaryStore()
        let saved = try ContactFixtures.save([ContactFixtures.person("Ab\u{1}cd", "Éfg")], in: temporary.store)
        let listed = try temporary.personStore().read { try Self.listed($0) }
        #expect(Array(listed.values) == [["ab", "abcd", "cd", "efg"]])
        #expect(try Self.found("cd", in: temporary.store) == [saved[0].identifier])
    }

    @Test func theDeleteOfAContactsTokensSeeksEachTableByKey() throws {
        let temporary = try TemporaryStore()
        let plans = try temporary.personStore().read { db in
            try ["name_index", "name_index_staged"].map { table in
                try Row.fetchAll(
                    db,
                    sql: """
                        EXPLAIN QUERY PLAN DELETE FROM \(table)
                        WHERE token IN (SELECT value FROM json_each(?)) AND contact_id = ?
                        """, arguments: ["[]", 1]
                ).map { $0["detail"] as String }.joined(separator: "; ")
            }
        }
        for plan in plans {
            #expect(plan.contains("USING PRIMARY KEY (token=? AND contact_id=?)"), "\(plan)")
        }
    }

    /// A store from before the migration: a read-only open, which never migrates, still answers both kinds of
    /// name search (the common word checked through the old index by contact); a writable open lists every
    /// contact's tokens, large and staged, in its row, drops the two indexes and answers the same.
    @Test func openingAnEarlierStoreListsEachContactsTokensInItsRow() throws {
        let temporary = try TemporaryStore()
        try ContactFixtures.save(Self.people(), in: temporary.store)
        try temporary.personStore().write { try IndexStaging.merge(in: $0) }
        try ContactFixtures.save([ContactFixtures.person("Anna", "Later Saved")], in: temporary.store)
        let before = try temporary.personStore().read { try Self.tokens($0) }
        #expect(before.count == Self.count + 1)
        let common = try Self.found("Anna", in: temporary.store)
        let rare = try Self.found("Family12", in: temporary.store)
        #expect(common.count == Self.count + 1)
        #expect(rare.count == 11)

        try temporary.rewind(migration: NameWordsSchema.migrationName, undo: TemporaryStore.unlistNameWords)
        let readOnly = CNContactStore(configuration: temporary.configuration(isReadOnly: true))
        #expect(try Self.found("Anna", in: readOnly) == common)
        #expect(try Self.found("Family12", in: readOnly) == rare)

        let reopened = try temporary.reopen()
        #expect(try Self.found("Anna", in: reopened) == common)
        let (listed, indexes, checks) = try temporary.personStore().read { db in
            let indexes = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name LIKE 'name_index%'")
            return (try Self.listed(db), indexes, try String.fetchAll(db, sql: "PRAGMA integrity_check"))
        }
        #expect(listed == before)
        #expect(indexes.isEmpty, "\(indexes)")
        #expect(checks == ["ok"])
        #expect(try Self.found("Family12", in: reopened) == rare)
    }
}
