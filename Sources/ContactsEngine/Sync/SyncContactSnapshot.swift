import ContactsModel

/// A contact as a sync writes its card: every field, the card's UID and unknown properties, its groups' names,
/// and what the store knows of its card on the server.
package struct SyncContactSnapshot: Sendable {
    package var storage: ContactStorage
    package var uid: String?
    package var unknownProperties: [StoredUnknownProperty]
    package var groupNames: [String]
    /// Nil for a contact that has never been on the server.
    package var card: SyncCardRow?
}
