import ContactsModel
import Foundation
import GRDB

extension VCardImportTransaction {
    /// A group of the import's container.
    package struct GroupRow: Sendable {
        package var id: Int64
        package var identifier: String
    }

    /// The first group of the container with a name, or nil.
    package func group(named name: String) throws -> GroupRow? {
        // The name is bound as bytes cast to text: GRDB binds a String as a C string, and a name cut at
        // U+0000 would find another group.
        let statement = try db.cachedStatement(
            sql: #"""
                SELECT id, identifier FROM "group" WHERE container_id = ? AND name = CAST(? AS TEXT) ORDER BY id LIMIT 1
                """#
        )
        return try Row.fetchOne(statement, arguments: [container.id, Data(name.utf8)]).map {
            GroupRow(id: $0[0], identifier: $0[1])
        }
    }

    /// Creates a group in the container.
    ///
    /// - Throws: `StoreError` with code `policyViolation` (500) when the container has no groups.
    package func addGroup(named name: String) throws -> GroupRow {
        guard container.allowsGroups else {
            throw StoreError(
                .policyViolation, "container \(container.identifier) has no groups",
                affectedIdentifiers: [container.identifier]
            )
        }
        let identifier = CNGroup.newIdentifier()
        try db.cachedStatement(sql: #"INSERT INTO "group" (identifier, container_id, name) VALUES (?, ?, ?)"#)
            .executeBinding { binder in
                binder.bind(identifier)
                binder.bind(container.id)
                binder.bind(name)
            }
        let row = GroupRow(id: db.lastInsertedRowID, identifier: identifier)
        try log(.addGroup, identifier)
        return row
    }

    /// Adds a contact of the container to a group.
    ///
    /// - Returns: Whether it was not a member before.
    @discardableResult
    package func addMember(contactID: Int64, contactIdentifier: String, to group: GroupRow) throws -> Bool {
        // The membership refers to the contact's row, which may be held.
        try writeHeldRows()
        try db.cachedStatement(sql: "INSERT OR IGNORE INTO group_member (group_id, contact_id) VALUES (?, ?)")
            .execute(arguments: [group.id, contactID])
        guard db.changesCount > 0 else { return false }
        try log(.addMember, contactIdentifier, related: group.identifier)
        return true
    }
}
