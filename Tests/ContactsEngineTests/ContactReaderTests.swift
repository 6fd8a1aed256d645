import Contacts
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
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String }
                .joined(separator: "\n")
        }
    }

    @Test(arguments: ["= ?", "IN (SELECT value FROM json_each(?))"])
    func valuesOfABatchAreReadInKeyOrderWithoutSorting(condition: String) throws {
        let argument: DatabaseValue = condition == "= ?" ? 1.databaseValue : "[1,2]".databaseValue
        let detail = try plan(
            """
            SELECT contact_id, kind, position, identifier, label, value, detail FROM contact_value
            WHERE contact_id \(condition) ORDER BY contact_id, kind, position
            """,
            [argument]
        )
        #expect(detail.contains("SEARCH contact_value USING PRIMARY KEY (contact_id=?)"), "\(detail)")
        #expect(!detail.contains("TEMP B-TREE"))
    }

    @Test func identifiersWithoutLinksSeekEachContactByIdentifier() throws {
        let temporary = try TemporaryStore()
        let database = try temporary.personStore()
        let condition = try database.read {
            try database.compiler.condition(for: .contactsWithIdentifiers(["a", "b"]), in: $0)
        }
        #expect(!condition.sql.contains("link"))
        let detail = try plan(
            "SELECT id FROM contact WHERE (\(condition.sql)) ORDER BY id LIMIT 128", condition.arguments)
        #expect(detail.contains("USING INTEGER PRIMARY KEY"))
        // The identifier's unique index, from the page's row id on (``PredicateCompiler/Condition/paging(_:)``).
        #expect(detail.contains("sqlite_autoindex_contact_1 (identifier=? AND rowid>?)"), "\(detail)")
        #expect(!detail.contains("SCAN contact"))
    }
    /// Text columns another program wrote hold any SQLite value: the reader asks a column's length before its
    /// text (and skips the text of an empty one), which reads every one as its text had read it first: text
    /// after U+0000 kept, a number as its text, a blob as its bytes, invalid UTF-8 repaired.
    @Test func textColumnsWrittenByAnotherProgramReadAsBefore() throws {
        let temporary = try TemporaryStore()
        let saved = try ContactFixtures.save([ContactFixtures.person("Given", "Family")], in: temporary.store)
        let database = try temporary.personStore()
        try database.write { db in
            try db.execute(
                sql: """
                    UPDATE contact SET given_name = CAST(x'00616263' AS TEXT), family_name = x'616263', nickname = 42,
                    note = CAST(x'61FF62' AS TEXT), job_title = x'', department_name = 1.5, middle_name = x'00',
                    organization_name = 'Søren 山田', name_prefix = ''
                    """
            )
        }
        let expected: [ContactProperty: String] = [
            .givenName: "\u{0}abc", .familyName: "abc", .nickname: "42", .note: "a\u{FFFD}b", .jobTitle: "",
            .departmentName: "1.5", .middleName: "\u{0}", .organizationName: "Søren 山田", .namePrefix: "",
        ]
        let keys = ContactKeySet(Array(expected.keys))
        let enumerated = try database.contacts(ContactQuery(predicate: nil, keys: keys))
        let single = try #require(try database.contact(identifier: saved[0].identifier, keys: keys, unify: true))
        for storage in [try #require(enumerated.first), single] {
            for (property, text) in expected {
                #expect(Self.text(of: property, in: storage) == text, "\(property)")
            }
        }
    }

    private static func text(of property: ContactProperty, in storage: ContactStorage) -> String {
        switch property {
        case .givenName: storage.givenName
        case .familyName: storage.familyName
        case .middleName: storage.middleName
        case .nickname: storage.nickname
        case .note: storage.note
        case .jobTitle: storage.jobTitle
        case .departmentName: storage.departmentName
        case .organizationName: storage.organizationName
        case .namePrefix: storage.namePrefix
        default: "not a text property of this test"
        }
    }

    /// A batch's labeled values reach their contacts whatever order the batch is in: sorted by given name, the
    /// contacts come in the reverse of their row ids, across more than one batch, with contacts without values
    /// between them.
    @Test(arguments: [CNContactSortOrder.none, .givenName])
    func valuesOfABatchReachTheirContactsInEitherOrder(order: CNContactSortOrder) throws {
        let temporary = try TemporaryStore()
        let count = 700
        let contacts = (0..<count).map { number in
            // Names sort in the reverse of the save order; every third contact has no values.
            let name = "Name\(String(format: "%04d", count - number))"
            return number % 3 == 0
                ? ContactFixtures.person(name, "Family")
                : ContactFixtures.person(
                    name, "Family", phones: ["+1 555 \(1000 + number)"], emails: ["\(name)@example.com"])
        }
        _ = try ContactFixtures.save(contacts, in: temporary.store)
        let database = try temporary.personStore()
        let read = try database.contacts(
            ContactQuery(
                predicate: nil, keys: ContactKeySet([.givenName, .phoneNumbers, .emailAddresses]), sortOrder: order))
        #expect(read.count == count)
        let names = read.map(\.givenName)
        #expect(names == (order == .givenName ? names.sorted() : contacts.map(\.givenName)))
        for storage in read {
            let number = count - (Int(storage.givenName.dropFirst(4)) ?? 0)
            let hasValues = number % 3 != 0
            #expect(
                storage.emailAddresses.map { $0.value as String }
                    == (hasValues ? ["\(storage.givenName)@example.com"] : []))
            #expect(storage.phoneNumbers.map(\.value.stringValue) == (hasValues ? ["+1 555 \(1000 + number)"] : []))
        }
    }

    /// The walk over a batch's contacts in row-id order finds each id the values statement returns, and none
    /// that is not in the batch.
    @Test func batchOrderFindsEachContactOfTheBatch() {
        var order = ContactReader.BatchOrder([50, 10, 30, 20])
        #expect(order.index(of: 5) == nil)
        #expect(order.index(of: 10) == 1)
        #expect(order.index(of: 10) == 1)
        #expect(order.index(of: 15) == nil)
        #expect(order.index(of: 20) == 3)
        #expect(order.index(of: 50) == 0)
        #expect(order.index(of: 60) == nil)
        var ascending = ContactReader.BatchOrder([1, 2, 4])
        #expect(ascending.index(of: 2) == 1)
        #expect(ascending.index(of: 3) == nil)
        #expect(ascending.index(of: 4) == 2)
    }
}
