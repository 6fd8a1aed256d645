import Foundation
import GRDB

/// What the store knows of one card on the server: where it is, its version, and the local record it became.
package struct SyncCardRow: Sendable, Hashable {
    /// What a card became locally.
    package enum Kind: Int, Sendable {
        case contact = 0
        case group = 1
        /// A card the store could not read: kept so it is reported once and never deleted from the server.
        case unreadable = 2
    }

    /// Where a card stands.
    package enum State: Int, Sendable {
        /// The server holds `base` at `etag`.
        case synced = 0
        /// Created locally; its upload to `href` was started and may or may not have reached the server.
        case pendingCreate = 1
        /// Changed locally and not yet accepted by the server (it refused the upload): sent again next time.
        case pendingUpdate = 2
    }

    package var href: String
    /// The server's entity tag of the version in `base`; nil until the server named one.
    package var etag: String?
    package var kind: Kind
    /// The contact's or group's identifier; nil for unreadable cards.
    package var objectIdentifier: String?
    package var uid: String?
    /// The card's bytes as the server last gave them or as they were last uploaded: the common ancestor of a
    /// three-way merge, and the lines kept byte for byte when a local edit is sent.
    package var base: Data?
    package var state: State

    package init(
        href: String, etag: String?, kind: Kind, objectIdentifier: String?, uid: String?, base: Data?,
        state: State = .synced
    ) {
        self.href = href
        self.etag = etag
        self.kind = kind
        self.objectIdentifier = objectIdentifier
        self.uid = uid
        self.base = base
        self.state = state
    }

    static let columns = "href, etag, kind, object_identifier, uid, base, state"

    init(row: Row) {
        href = row[0]
        etag = row[1]
        kind = Kind(rawValue: row[2]) ?? .unreadable
        objectIdentifier = row[3]
        uid = row[4]
        base = row[5]
        state = State(rawValue: row[6]) ?? .synced
    }
}
