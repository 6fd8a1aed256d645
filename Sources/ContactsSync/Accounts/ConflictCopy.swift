import ContactsEngine
import Foundation

/// A local version a conflict set aside: the server's version won, and this copy can be restored by importing
/// its card into the account's container (the card keeps the contact's UID, so it replaces the contact).
public struct ConflictCopy: Codable, Hashable, Sendable {
    public var id: Int64
    public var containerIdentifier: String
    /// The contact or group whose local version this was.
    public var objectIdentifier: String
    /// The card on the server.
    public var href: String?
    /// The local version, as a vCard.
    public var card: Data
    /// Which fields both sides changed.
    public var reason: String
    public var createdAt: Date

    init(_ row: SyncConflictRow) {
        id = row.id
        containerIdentifier = row.containerIdentifier
        objectIdentifier = row.objectIdentifier
        href = row.href
        card = row.localCard
        reason = row.reason
        createdAt = row.createdAt
    }
}
