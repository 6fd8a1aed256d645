import ContactsModel
import Foundation
import GRDB

/// A container as the save path needs it: row id, type and whether it takes writes.
package struct ContainerRow: Sendable {
    package var id: Int64
    package var identifier: String
    package var name: String
    package var type: CNContainerType
    package var isDefault: Bool
    package var isReadOnly: Bool

    /// Whether the container's account type has groups: Exchange accounts have none.
    package var allowsGroups: Bool { type != .exchange }

    /// Whether groups may contain groups: only local containers nest them, as on macOS.
    package var allowsSubgroups: Bool { type == .local || type == .unassigned }

    package var container: CNContainer {
        CNContainer(identifier: identifier, name: name, type: type)
    }

    package static let columns = "id, identifier, name, type, is_default, is_read_only"

    /// A container described by another process (the daemon's client has no row ids of its own).
    package init(id: Int64, identifier: String, name: String, type: CNContainerType, isDefault: Bool, isReadOnly: Bool)
    {
        self.id = id
        self.identifier = identifier
        self.name = name
        self.type = type
        self.isDefault = isDefault
        self.isReadOnly = isReadOnly
    }

    package init(row: Row) {
        id = row[0]
        identifier = row[1]
        name = row[2]
        type = CNContainerType(rawValue: row[3]) ?? .unassigned
        isDefault = row[4]
        isReadOnly = row[5]
    }

    package static func fetch(identifier: String, in db: Database) throws -> ContainerRow? {
        let statement = try db.cachedStatement(sql: "SELECT \(columns) FROM container WHERE identifier = ?")
        return try Row.fetchOne(statement, arguments: [identifier]).map(ContainerRow.init(row:))
    }

    package static func fetch(id: Int64, in db: Database) throws -> ContainerRow? {
        let statement = try db.cachedStatement(sql: "SELECT \(columns) FROM container WHERE id = ?")
        return try Row.fetchOne(statement, arguments: [id]).map(ContainerRow.init(row:))
    }

    package static func fetchAll(in db: Database) throws -> [ContainerRow] {
        try Row.fetchAll(db, sql: "SELECT \(columns) FROM container ORDER BY id").map(ContainerRow.init(row:))
    }

    package static func fetchDefault(in db: Database) throws -> ContainerRow? {
        let statement = try db.cachedStatement(sql: "SELECT \(columns) FROM container WHERE is_default = 1 LIMIT 1")
        return try Row.fetchOne(statement).map(ContainerRow.init(row:))
    }
}
