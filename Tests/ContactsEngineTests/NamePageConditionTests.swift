import ContactsModel
import ContactsTestSupport
import Foundation
import GRDB
import Testing

@testable import ContactsEngine

/// A name search's condition for a page that starts after a row id (``PredicateCompiler/Condition/startingAfter(id:)``)
/// reads the word's range only past that id: by itself, without the page's own `id > ?`, it selects the later hits
/// and no others, so SQLite's list of ids starts there instead of at the first hit.
@Suite struct NamePageConditionTests {
    /// 300 contacts, every third named Zed (100 hits, a range small enough to drive the search).
    private func store() throws -> (TemporaryStore, AuthorizedStore) {
        let temporary = try TemporaryStore()
        try ContactFixtures.save(
            (0..<300).map { ContactFixtures.person($0 % 3 == 0 ? "Zed" : "Given\($0)", "Family\($0)") },
            in: temporary.store)
        return (temporary, try temporary.personStore())
    }

    @Test(arguments: ["zed", "zed fam"])
    func aLaterPagesConditionSelectsOnlyTheHitsPastIt(query: String) throws {
        let (temporary, database) = try store()
        defer { withExtendedLifetime(temporary) {} }
        try database.read { db in
            let condition = try database.compiler.condition(for: .contactsMatchingName(query), in: db)
            let all = try condition.ids(in: db)
            #expect(all.count == 100)
            let paged = condition.startingAfter(id: all[39])
            // The same text for every page: one cached statement.
            #expect(paged.sql == condition.sql)
            #expect(try paged.ids(in: db) == Array(all.dropFirst(40)))
            #expect(try condition.startingAfter(id: all[99]).ids(in: db).isEmpty)
        }
    }

    /// Words checked per contact (a range too large to drive) have no list to start later: the page's own
    /// `id > ?` seeks the contact scan there.
    @Test func aCommonWordsConditionIsTheSameOnEveryPage() throws {
        // 700 contacts all named Common: 700 range entries, past the threshold of sqrt(384 · 700) = 518.
        let temporary = try TemporaryStore()
        try ContactFixtures.save(
            (0..<700).map { ContactFixtures.person("Common", "Family\($0)") }, in: temporary.store)
        let database = try temporary.personStore()
        try database.read { db in
            let condition = try database.compiler.condition(for: .contactsMatchingName("com"), in: db)
            // The check reads the contact's own row (NameWordsColumn).
            #expect(condition.sql.contains("instr(contact.name_words, ?)"))
            #expect(condition.startingAfterID == nil)
            #expect(try condition.startingAfter(id: 350).ids(in: db).count == 700)
        }
    }

    /// Restricted to a limited app's visible set, a later page's condition keeps the set: the app sees no
    /// contact past the page that it could not see on the first.
    @Test func aLimitedAppsLaterPageKeepsToItsVisibleSet() throws {
        let (temporary, database) = try store()
        defer { withExtendedLifetime(temporary) {} }
        let appID = try database.write { db -> Int64 in
            try db.execute(sql: "INSERT INTO app (bundle_identifier, status) VALUES ('com.example.pages', 4)")
            let app = db.lastInsertedRowID
            // Every other Zed is shared.
            try db.execute(
                sql: """
                    INSERT INTO app_grant (app_id, contact_identifier)
                    SELECT ?, identifier FROM contact WHERE given_name = 'Zed' AND id % 2 = 0
                    """,
                arguments: [app])
            return app
        }
        try database.read { db in
            let visible = VisibleContacts(appID: appID)
            let condition = try database.compiler.condition(for: .contactsMatchingName("zed"), in: db)
                .restricted(to: visible)
            let all = try condition.ids(in: db)
            #expect(all.count == 50)
            #expect(all.allSatisfy { $0 % 2 == 0 })
            let paged = condition.startingAfter(id: all[9])
            #expect(paged.sql == condition.sql)
            #expect(try paged.ids(in: db) == Array(all.dropFirst(10)))
        }
    }
}
