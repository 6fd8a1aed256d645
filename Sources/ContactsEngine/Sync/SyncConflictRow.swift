import Foundation
import GRDB

/// A local version that a conflict set aside: the server's version won, and this copy can be restored.
package struct SyncConflictRow: Sendable, Hashable {
    package var id: Int64
    package var containerIdentifier: String
    /// The contact or group whose local version this was.
    package var objectIdentifier: String
    package var href: String?
    /// The local version as a vCard.
    package var localCard: Data
    /// Why it was set aside, as the sync module names it (identifiers only).
    package var reason: String
    package var createdAt: Date

    static let selection = """
        SELECT k.id, c.identifier, k.object_identifier, k.href, k.local_card, k.reason, k.created_at
        FROM sync_conflict k JOIN container c ON c.id = k.container_id
        """

    init(row: Row) {
        id = row[0]
        containerIdentifier = row[1]
        objectIdentifier = row[2]
        href = row[3]
        localCard = row[4]
        reason = row[5]
        createdAt = Date(timeIntervalSince1970: row[6])
    }
}
