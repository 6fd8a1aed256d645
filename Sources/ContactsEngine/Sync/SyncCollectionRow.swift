import Foundation
import GRDB

/// An address book of an account and the container that holds its contacts, with the state of its last sync.
package struct SyncCollectionRow: Sendable, Hashable {
    /// The container the address book syncs with.
    package var containerIdentifier: String
    package var containerName: String
    package var isReadOnly: Bool
    package var accountIdentifier: String
    /// The collection's URL on the server.
    package var url: String
    /// What the server supports for this book, as the sync module's JSON; the engine does not read it.
    package var capabilities: String
    /// The server's `sync-token` after the last complete sync (RFC 6578); nil before the first.
    package var syncToken: String?
    /// The server's `getctag` after the last complete sync, for servers without sync-collection.
    package var ctag: String?
    /// The change-log sequence up to which local changes were sent.
    package var localSequence: Int64
    package var lastSyncAt: Date?

    package init(
        containerIdentifier: String, containerName: String, isReadOnly: Bool, accountIdentifier: String, url: String,
        capabilities: String, syncToken: String?, ctag: String?, localSequence: Int64, lastSyncAt: Date?
    ) {
        self.containerIdentifier = containerIdentifier
        self.containerName = containerName
        self.isReadOnly = isReadOnly
        self.accountIdentifier = accountIdentifier
        self.url = url
        self.capabilities = capabilities
        self.syncToken = syncToken
        self.ctag = ctag
        self.localSequence = localSequence
        self.lastSyncAt = lastSyncAt
    }

    static let selection = """
        SELECT c.identifier, c.name, c.is_read_only, a.identifier, s.url, s.capabilities, s.sync_token, s.ctag,
            s.local_sequence, s.last_sync_at
        FROM sync_collection s JOIN container c ON c.id = s.container_id JOIN sync_account a ON a.id = s.account_id
        """

    init(row: Row) {
        containerIdentifier = row[0]
        containerName = row[1]
        isReadOnly = row[2]
        accountIdentifier = row[3]
        url = row[4]
        capabilities = row[5]
        syncToken = row[6]
        ctag = row[7]
        localSequence = row[8]
        lastSyncAt = (row[9] as Double?).map(Date.init(timeIntervalSince1970:))
    }
}
