import ContactsModel
import Foundation
import GRDB

extension SaveExecution {
    func storedGroup(_ identifier: String) throws -> StoredRecord? {
        try storedRecord(sql: #"SELECT id, container_id, is_read_only FROM "group" WHERE identifier = ?"#, identifier)
    }

    private func requireStoredGroup(_ group: CNGroup) throws -> StoredRecord {
        guard let stored = try storedGroup(group.identifier) else {
            throw Self.missing(group, identifier: group.identifier, kind: "group")
        }
        return stored
    }

    func addGroup(_ group: CNMutableGroup, containerIdentifier: String?) throws {
        try requireWellFormed(group.identifier, record: group)
        if try storedGroup(group.identifier) != nil {
            throw StoreError(
                .recordAlreadyExists, "group \(group.identifier) already exists",
                affectedRecords: [group], affectedIdentifiers: [group.identifier]
            )
        }
        let container = try writableContainer(containerIdentifier, for: group)
        guard container.allowsGroups else {
            throw StoreError(
                .policyViolation, "container \(container.identifier) has no groups",
                affectedRecords: [group], affectedIdentifiers: [group.identifier]
            )
        }
        // Names are bound directly, as contact text is: GRDB's arguments would cut them at U+0000.
        try db.cachedStatement(sql: #"INSERT INTO "group" (identifier, container_id, name) VALUES (?, ?, ?)"#)
            .executeBinding { binder in
                binder.bind(group.identifier)
                binder.bind(container.id)
                binder.bind(group.name)
            }
        try log(.addGroup, group.identifier)
    }

    func updateGroup(_ group: CNMutableGroup) throws {
        let stored = try requireStoredGroup(group)
        try requireWritable(stored, record: group, identifier: group.identifier)
        try db.cachedStatement(sql: #"UPDATE "group" SET name = ? WHERE id = ?"#).executeBinding { binder in
            binder.bind(group.name)
            binder.bind(stored.id)
        }
        try log(.updateGroup, group.identifier)
    }

    func deleteGroup(_ group: CNMutableGroup) throws {
        let stored = try requireStoredGroup(group)
        try requireWritable(stored, record: group, identifier: group.identifier)
        // Members stay: only the memberships and subgroup links go, through the foreign keys.
        try db.cachedStatement(sql: #"DELETE FROM "group" WHERE id = ?"#).execute(arguments: [stored.id])
        try log(.deleteGroup, group.identifier)
    }

    /// Adds or removes a member: 200 when either is missing, 203 across containers, 206 when read-only.
    func changeMember(_ contact: CNContact, group: CNGroup, isAdd: Bool) throws {
        guard let storedContact = try storedContact(contact.identifier) else {
            throw Self.missing(contact, identifier: contact.identifier, kind: "contact")
        }
        let stored = try requireStoredGroup(group)
        guard storedContact.container.id == stored.container.id else {
            throw StoreError(
                .containmentScope,
                "contact \(contact.identifier) and group \(group.identifier) are in different containers",
                affectedRecords: [contact, group], affectedIdentifiers: [contact.identifier, group.identifier]
            )
        }
        try requireWritable(stored, record: group, identifier: group.identifier)
        if isAdd {
            try db.cachedStatement(sql: "INSERT OR IGNORE INTO group_member (group_id, contact_id) VALUES (?, ?)")
                .execute(arguments: [stored.id, storedContact.id])
        } else {
            try db.cachedStatement(sql: "DELETE FROM group_member WHERE group_id = ? AND contact_id = ?")
                .execute(arguments: [stored.id, storedContact.id])
        }
        guard db.changesCount > 0 else { return }
        try log(isAdd ? .addMember : .removeMember, contact.identifier, related: group.identifier)
    }

    /// Adds or removes a subgroup: 200, 203, 500 where the account has no nesting, 202 for a cycle.
    func changeSubgroup(_ subgroup: CNGroup, group: CNGroup, isAdd: Bool) throws {
        let child = try requireStoredGroup(subgroup)
        let parent = try requireStoredGroup(group)
        guard child.container.id == parent.container.id else {
            throw StoreError(
                .containmentScope,
                "group \(subgroup.identifier) and group \(group.identifier) are in different containers",
                affectedRecords: [subgroup, group], affectedIdentifiers: [subgroup.identifier, group.identifier]
            )
        }
        try requireWritable(parent, record: group, identifier: group.identifier)
        if isAdd {
            guard parent.container.allowsSubgroups else {
                throw StoreError(
                    .policyViolation, "container \(parent.container.identifier) does not nest groups",
                    affectedRecords: [group], affectedIdentifiers: [group.identifier]
                )
            }
            if try isDescendant(parent.id, of: child.id) {
                throw StoreError(
                    .containmentCycle, "group \(subgroup.identifier) contains group \(group.identifier)",
                    affectedRecords: [subgroup, group], affectedIdentifiers: [subgroup.identifier, group.identifier]
                )
            }
            try db.cachedStatement(sql: "INSERT OR IGNORE INTO subgroup (parent_id, child_id) VALUES (?, ?)")
                .execute(arguments: [parent.id, child.id])
        } else {
            try db.cachedStatement(sql: "DELETE FROM subgroup WHERE parent_id = ? AND child_id = ?")
                .execute(arguments: [parent.id, child.id])
        }
        guard db.changesCount > 0 else { return }
        try log(isAdd ? .addSubgroup : .removeSubgroup, subgroup.identifier, related: group.identifier)
    }

    /// Whether a group is the other group or nested in it, at any depth.
    private func isDescendant(_ candidate: Int64, of ancestor: Int64) throws -> Bool {
        let statement = try db.cachedStatement(
            sql: """
                WITH RECURSIVE descendant(id) AS (
                    SELECT ? UNION SELECT subgroup.child_id FROM subgroup JOIN descendant ON subgroup.parent_id = descendant.id
                )
                SELECT EXISTS (SELECT 1 FROM descendant WHERE id = ?)
                """
        )
        return try Bool.fetchOne(statement, arguments: [ancestor, candidate]) ?? false
    }
}
