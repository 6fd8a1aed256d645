import ContactsModel
import Foundation
import GRDB

extension AuthorizedStore {
    /// The groups a predicate selects, or every group for nil, ordered by name.
    package func groups(matching kind: ContactsPredicate.Kind?) throws -> [CNGroup.Fields] {
        try read { db in
            var sql = #"SELECT "group".identifier, "group".name FROM "group""#
            var arguments: StatementArguments = []
            switch kind {
            case nil:
                break
            case .groupsWithIdentifiers(let identifiers):
                sql += #" WHERE "group".identifier IN (SELECT value FROM json_each(?))"#
                arguments = [JSONList.encode(identifiers)]
            case .groupsInContainer(let identifier):
                sql += #" JOIN container ON container.id = "group".container_id WHERE container.identifier = ?"#
                arguments = [identifier]
            case .subgroupsInGroup(let identifier):
                sql += """
                     JOIN subgroup ON subgroup.child_id = "group".id
                     JOIN "group" AS parent ON parent.id = subgroup.parent_id WHERE parent.identifier = ?
                    """
                arguments = [identifier]
            case .some(let other):
                throw StoreError(.predicateInvalid, "predicate \(other.name) does not select groups")
            }
            sql += #" ORDER BY "group".name, "group".id"#
            // A cursor and StoredText: fetchAll's copied rows hold names cut at U+0000.
            return try Array(
                Row.fetchCursor(db, sql: sql, arguments: arguments).map {
                    CNGroup.Fields(identifier: $0[0], name: ($0[1] as StoredText).string)
                })
        }
    }
}
