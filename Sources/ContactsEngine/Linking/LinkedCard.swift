import Foundation
import GRDB

/// A contact card as linking sees it: row, container and its unified contact (person), if any.
package struct LinkedCard: Hashable, Sendable {
    package var id: Int64
    package var identifier: String
    package var containerID: Int64
    package var personID: Int64?
    package var isPreferred: Bool

    private static let selection = """
        SELECT contact.id, contact.identifier, contact.container_id, link.person_id, coalesce(link.is_preferred, 0)
        FROM contact LEFT JOIN link ON link.contact_id = contact.id
        """

    private init(row: Row) {
        id = row[0]
        identifier = row[1]
        containerID = row[2]
        personID = row[3]
        isPreferred = row[4]
    }

    /// The card with an identifier, or nil.
    package static func fetch(identifier: String, in db: Database) throws -> LinkedCard? {
        try Row.fetchOne(db.cachedStatement(sql: selection + " WHERE contact.identifier = ?"), arguments: [identifier])
            .map(LinkedCard.init(row:))
    }

    /// The card with a row id, or nil.
    package static func fetch(id: Int64, in db: Database) throws -> LinkedCard? {
        try Row.fetchOne(db.cachedStatement(sql: selection + " WHERE contact.id = ?"), arguments: [id])
            .map(LinkedCard.init(row:))
    }

    /// The cards of a unified contact in merge order: the preferred card, then the others by age (row id).
    package static func members(ofPerson person: Int64, in db: Database) throws -> [LinkedCard] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: selection + " WHERE link.person_id = ? ORDER BY link.is_preferred DESC, contact.id"),
            arguments: [person]
        ).map(LinkedCard.init(row:))
    }

    /// This card and the cards linked to it, in merge order; just this card when it is not linked.
    package func unifiedMembers(in db: Database) throws -> [LinkedCard] {
        guard let personID else { return [self] }
        return try Self.members(ofPerson: personID, in: db)
    }
}
