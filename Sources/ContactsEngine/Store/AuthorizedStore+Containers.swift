import ContactsModel
import Foundation
import GRDB

extension AuthorizedStore {
    /// The containers a predicate selects, or every container for nil, the default first.
    package func containers(matching kind: ContactsPredicate.Kind?) throws -> [ContainerRow] {
        try read { db in
            var sql = "SELECT \(ContainerRow.columns) FROM container"
            var arguments: StatementArguments = []
            switch kind {
            case nil:
                break
            case .containersWithIdentifiers(let identifiers):
                sql += " WHERE identifier IN (SELECT value FROM json_each(?))"
                arguments = [JSONList.encode(identifiers)]
            case .containerOfContact(let identifier):
                // The container of a contact the caller may not see reads as none, as for a missing contact.
                let visible = access.visibility.map { " AND " + $0.identifierCondition(column: "identifier") } ?? ""
                sql += " WHERE id = (SELECT container_id FROM contact WHERE identifier = ?\(visible))"
                arguments = [identifier]
            case .containerOfGroup(let identifier):
                sql += #" WHERE id = (SELECT container_id FROM "group" WHERE identifier = ?)"#
                arguments = [identifier]
            case .some(let other):
                throw StoreError(.predicateInvalid, "predicate \(other.name) does not select containers")
            }
            sql += " ORDER BY is_default DESC, id"
            return try Row.fetchAll(db, sql: sql, arguments: arguments).map(ContainerRow.init(row:))
        }
    }

    /// The identifier of the container new records go into when a save names none.
    package func defaultContainerIdentifier() throws -> String {
        try read { db in
            try ContainerRow.fetchDefault(in: db)?.identifier ?? ""
        }
    }

    /// Creates a container of a type; our addition for accounts.
    package func addContainer(name: String, type: CNContainerType, isReadOnly: Bool) throws -> ContainerRow {
        guard type != .local, type != .unassigned else {
            throw StoreError(.policyViolation, "a store has exactly one local container")
        }
        let identifier = CNContainer.newIdentifier()
        return try write { db in
            try db.execute(
                sql: "INSERT INTO container (identifier, name, type, is_read_only) VALUES (?, ?, ?, ?)",
                arguments: [identifier, name, type.rawValue, isReadOnly]
            )
            guard let row = try ContainerRow.fetch(id: db.lastInsertedRowID, in: db) else {
                throw StoreError(.databaseFailure, "container \(identifier) vanished")
            }
            return row
        }
    }

    /// Marks a container read-only or writable; our addition for accounts that sync one way.
    package func setContainer(_ identifier: String, isReadOnly: Bool) throws {
        try write { db in
            try db.execute(
                sql: "UPDATE container SET is_read_only = ? WHERE identifier = ?", arguments: [isReadOnly, identifier])
            guard db.changesCount > 0 else {
                throw StoreError(
                    .recordDoesNotExist, "container \(identifier) does not exist", affectedIdentifiers: [identifier])
            }
        }
    }

    /// The identifier of the person's own card, or nil when none is set.
    ///
    /// An app that may not see the card gets nil, as if none were set.
    package func meContactIdentifier() throws -> String? {
        // A Me card that was deleted since it was set reads as none (the setting is not cleared by deletes).
        let identifier = try read { db in
            try String.fetchOne(
                db,
                sql: """
                    SELECT value FROM store_setting WHERE key = 'meContact'
                    AND EXISTS (SELECT 1 FROM contact WHERE identifier = store_setting.value)
                    """)
        }
        guard let identifier, try reveals(identifier) else { return nil }
        return identifier
    }

    /// Marks a contact as the person's own card, or clears the mark with nil. The person's only.
    ///
    /// - Throws: `authorizationDenied` (100) for an app; `recordDoesNotExist` (200) for an unknown contact.
    package func setMeContact(_ identifier: String?) throws {
        try access.requirePerson()
        try write { db in
            guard let identifier else {
                try db.execute(sql: "DELETE FROM store_setting WHERE key = 'meContact'")
                return
            }
            guard
                try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM contact WHERE identifier = ?)", arguments: [identifier])
                    == true
            else {
                throw StoreError(
                    .recordDoesNotExist, "contact \(identifier) does not exist", affectedIdentifiers: [identifier])
            }
            try db.execute(
                sql: "INSERT OR REPLACE INTO store_setting (key, value) VALUES ('meContact', ?)",
                arguments: [identifier])
        }
    }
}

extension AuthorizedStore {
    /// Whether SQLite finds the file intact (`PRAGMA integrity_check`), for recovery checks and tests.
    package func isIntact() throws -> Bool {
        try read { db in
            try String.fetchAll(db, sql: "PRAGMA integrity_check") == ["ok"]
        }
    }
}
