import ContactsModel
import Foundation
import GRDB

/// Turns a contact predicate into an SQL condition on `contact`, backed by an index for every kind.
package struct PredicateCompiler {
    package let phoneMatcher: any PhoneNumberMatching

    package init(phoneMatcher: any PhoneNumberMatching) {
        self.phoneMatcher = phoneMatcher
    }

    /// An SQL condition on the `contact` table and its arguments.
    package struct Condition {
        package var sql: String
        package var arguments: StatementArguments
        /// The same condition for a page in row-id order that starts after a row id, where its lists of ids can
        /// start there too; nil when it has none. SQLite walks an `id IN (list)` list from its start and seeks
        /// each contact before the page's own `id > ?` discards it, so without this every page of a search read
        /// again every hit of the pages before it (docs/Store.md, "Pages that start where the last ended").
        /// Only a condition that is ANDed with `id > after` may use it: the rows it drops are the ones that
        /// comparison drops.
        package var startingAfterID: (@Sendable (Int64) -> Condition)? = nil

        /// This condition for a row-id page after `id`: the same rows with `id > id`, fewer read.
        package func startingAfter(id: Int64) -> Condition {
            startingAfterID?(id) ?? self
        }

        /// The `WHERE` clause of a row-id page after `after` (nil: the first page) and its arguments: this
        /// condition started there, and the page's own `id > ?`.
        func rowIDPage(after: Int64?) -> (sql: String, arguments: StatementArguments) {
            guard let after else { return ("(\(sql))", arguments) }
            let condition = startingAfter(id: after)
            return ("(\(condition.sql)) AND id > ?", condition.arguments + [after])
        }

        package static let all = Condition(sql: "1", arguments: [])
        package static let none = Condition(sql: "0", arguments: [])

        /// A condition whose lists of ids take a lower bound: `make(0)` on the first page (row ids start at 1), and
        /// `make(id)` on a row-id page after `id`. `make` must give the same text for every bound, so all the
        /// pages share one cached statement.
        static func paging(_ make: @escaping @Sendable (Int64) -> Condition) -> Condition {
            var condition = make(0)
            condition.startingAfterID = make
            return condition
        }
    }

    /// The condition of a contact predicate; throws `predicateInvalid` for predicates of other kinds and
    /// for a name predicate with no words.
    package func condition(for kind: ContactsPredicate.Kind?, in db: Database) throws -> Condition {
        guard let kind else { return .all }
        switch kind {
        case .contactsMatchingName(let name):
            return try nameCondition(name, in: db)
        case .contactsWithIdentifiers(let identifiers):
            let list = JSONList.encode(identifiers)
            // Most stores have no links: then the identifiers name the contacts and nothing else, and one
            // indexed probe saves looking each identifier up a second time for its linked cards.
            // Each list of ids below starts after the page's row id (``Condition/paging(_:)``): SQLite walks an
            // `id IN (list)` from its start, so a list of every match would be sought again on each later page.
            guard try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM link)")) == true else {
                return .paging { after in
                    Condition(
                        sql: """
                            id IN (SELECT id FROM contact WHERE identifier IN (SELECT value FROM json_each(?)) \
                            AND id > ?)
                            """,
                        arguments: [list, after]
                    )
                }
            }
            return .paging { after in
                Condition(
                    sql: """
                        id IN (SELECT id FROM contact WHERE identifier IN (SELECT value FROM json_each(?)) AND id > ?
                        UNION SELECT theirs.contact_id FROM contact AS named
                        JOIN link AS mine ON mine.contact_id = named.id
                        JOIN link AS theirs ON theirs.person_id = mine.person_id
                        WHERE named.identifier IN (SELECT value FROM json_each(?)) AND theirs.contact_id > ?)
                        """,
                    arguments: [list, after, list, after]
                )
            }
        case .contactsInGroup(let identifier):
            return .paging { after in
                Condition(
                    sql: """
                        id IN (SELECT member.contact_id FROM group_member AS member
                        JOIN "group" ON "group".id = member.group_id WHERE "group".identifier = ?
                        AND member.contact_id > ?)
                        """,
                    arguments: [identifier, after]
                )
            }
        case .contactsInContainer(let identifier):
            return Condition(
                sql: "container_id = (SELECT id FROM container WHERE identifier = ?)", arguments: [identifier])
        case .contactsMatchingEmailAddress(let address):
            let search = address.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            // Bound as bytes and cast to text in SQL: GRDB binds a String as a C string, which would cut the
            // address at U+0000 and match the stored addresses that start the same way.
            let bytes = Data(search.utf8)
            return .paging { after in
                Condition(
                    sql: """
                        id IN (SELECT contact_id FROM contact_value WHERE kind = 2 AND search = CAST(? AS TEXT) \
                        AND contact_id > ?)
                        """,
                    arguments: [bytes, after]
                )
            }
        case .contactsMatchingPhoneNumber(let number):
            return try phoneCondition(number, in: db)
        default:
            throw StoreError(.predicateInvalid, "predicate \(kind.name) does not select contacts")
        }
    }

    /// The contact and number of every phone key in a key range (`?1` to `?2`), large and staged.
    ///
    /// One statement: SQLite moves the join into each arm of the UNION ALL (two key ranges, each joined to its
    /// values), where a statement per index cost a tenth more for a lookup. A key names its value by contact and
    /// position, kind 1 being phone numbers' (``LabeledValueRow/kind(of:)``): one seek on the values' key.
    package static let phoneCandidatesSQL = """
        SELECT phone.contact_id, contact_value.value FROM (
            SELECT contact_id, position FROM phone_index WHERE key >= ?1 AND key < ?2
            UNION ALL SELECT contact_id, position FROM phone_index_staged WHERE key >= ?1 AND key < ?2
        ) AS phone JOIN contact_value
            ON contact_value.contact_id = phone.contact_id AND contact_value.kind = 1
            AND contact_value.position = phone.position
        """

    /// Reads the candidates sharing the query's key prefix, in the large index and among the staged keys
    /// (``IndexStaging``), keeps those the matcher confirms.
    private func phoneCondition(_ number: String, in db: Database) throws -> Condition {
        guard let prefix = phoneMatcher.lookupPrefix(for: number) else { return .none }
        let statement = try db.cachedStatement(sql: Self.phoneCandidatesSQL)
        var ids: [Int64] = []
        let cursor = try Row.fetchCursor(statement, arguments: [prefix, prefix + "\u{10FFFF}"])
        while let row = try cursor.next() {
            if phoneMatcher.matches(row[1], number) { ids.append(row[0]) }
        }
        guard !ids.isEmpty else { return .none }
        let list = JSONList.encode(ids)
        return .paging { after in
            Condition(sql: "id IN (SELECT value FROM json_each(?) WHERE value > ?)", arguments: [list, after])
        }
    }
}
