import Contacts
import ContactsModel
import ContactsTestSupport
import Foundation
import GRDB
import Testing

@testable import ContactsEngine

/// Every predicate whose condition is a list of ids (identifiers, with and without linked cards in the store; a
/// group's members; an e-mail address; a phone number) gives, for a row-id page after an id, a condition that by
/// itself selects only the matches past that id (``PredicateCompiler/Condition/startingAfter(id:)``): SQLite walks
/// an `id IN (list)` from its start, so a list of every match would be sought again on each later page. The text is
/// the same on every page, and the first page's condition selects every match.
@Suite struct PagedConditionTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case identifiers, identifiersWithLinks, group, email, phone
        var testDescription: String { rawValue }
    }

    /// 90 contacts; every third (30) has the same phone number and e-mail address, is a member of one group and
    /// is named in the identifiers predicate. With links, the first of them is linked to a contact that matches
    /// nothing, which the identifiers predicate then selects too (31).
    @Test(arguments: Kind.allCases)
    func aLaterPagesConditionSelectsOnlyTheMatchesPastIt(kind: Kind) throws {
        let temporary = try TemporaryStore()
        let people = (0..<90).map { index in
            index % 3 == 0
                ? ContactFixtures.person(
                    "Match\(index)", "Family", phones: ["+1 415 555 0100"], emails: ["same@example.com"])
                : ContactFixtures.person(
                    "Other\(index)", "Family", phones: ["+44 20 7946 \(1000 + index)"], emails: ["o\(index)@example.com"])
        }
        try ContactFixtures.save(people, in: temporary.store)
        let matching = people.enumerated().filter { $0.offset % 3 == 0 }.map(\.element)
        let group = try ContactFixtures.group("Paged", members: matching, in: temporary.store)
        if kind == .identifiersWithLinks {
            try temporary.store.link([people[0].identifier, people[1].identifier])
        }
        let predicate: ContactsPredicate.Kind =
            switch kind {
            case .identifiers, .identifiersWithLinks: .contactsWithIdentifiers(matching.map(\.identifier))
            case .group: .contactsInGroup(group.identifier)
            case .email: .contactsMatchingEmailAddress("same@example.com")
            case .phone: .contactsMatchingPhoneNumber("(415) 555-0100")
            }
        let database = try temporary.personStore()
        try database.read { db in
            let condition = try database.compiler.condition(for: predicate, in: db)
            let all = try condition.ids(in: db)
            #expect(all.count == (kind == .identifiersWithLinks ? 31 : 30))
            let paged = condition.startingAfter(id: all[9])
            #expect(paged.sql == condition.sql)
            #expect(try paged.ids(in: db) == Array(all.dropFirst(10)))
            #expect(try condition.startingAfter(id: all[all.count - 1]).ids(in: db).isEmpty)
        }
    }

    /// A fetch by identifiers still finds each identifier through its unique index, and a group's members
    /// through the membership key from the page's id on.
    @Test func listsStartingAfterAnIDStillSeekTheirIndexes() throws {
        let temporary = try TemporaryStore()
        let database = try temporary.personStore()
        let details = try database.read { db in
            try [ContactsPredicate.Kind.contactsWithIdentifiers(["a", "b"]), .contactsInGroup("g")].map { kind in
                let condition = try database.compiler.condition(for: kind, in: db).startingAfter(id: 40)
                return try Row.fetchAll(
                    db, sql: "EXPLAIN QUERY PLAN SELECT id FROM contact WHERE \(condition.sql) AND id > 40",
                    arguments: condition.arguments
                ).map { $0["detail"] as String }.joined(separator: "\n")
            }
        }
        #expect(details[0].contains("sqlite_autoindex_contact_1 (identifier=? AND rowid>?)"), "\(details[0])")
        #expect(details[1].contains("member USING PRIMARY KEY (group_id=? AND contact_id>?)"), "\(details[1])")
        #expect(!details.joined().contains("SCAN contact"), "\(details)")
    }
}
