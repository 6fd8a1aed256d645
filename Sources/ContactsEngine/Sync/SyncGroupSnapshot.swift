/// A group as a sync writes its card: its name, its members' UIDs, and its card on the server.
package struct SyncGroupSnapshot: Sendable {
    /// A member: its identifier, and the UID of its card when it has one.
    package struct Member: Sendable, Hashable {
        package var contactIdentifier: String
        package var uid: String?
    }

    package var identifier: String
    package var name: String
    package var members: [Member]
    package var card: SyncCardRow?
}
