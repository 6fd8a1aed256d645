import ContactsModel
import Foundation
import GRDB

/// A new account's address book: becomes a container of type cardDAV.
package struct NewSyncCollection: Sendable {
    package var name: String
    package var url: String
    package var isReadOnly: Bool
    package var capabilities: String

    package init(name: String, url: String, isReadOnly: Bool, capabilities: String) {
        self.name = name
        self.url = url
        self.isReadOnly = isReadOnly
        self.capabilities = capabilities
    }
}

// Account management is the person's: every entry point here throws `authorizationDenied` (100) for an app.
extension AuthorizedStore {
    /// Adds an account and one cardDAV container per address book, in one transaction.
    ///
    /// Local changes are counted from now: the new containers are empty, so there is nothing to send yet.
    package func addSyncAccount(_ account: SyncAccountRow, collections: [NewSyncCollection]) throws
        -> [SyncCollectionRow]
    {
        try access.requirePerson()
        return try write { db in
            try db.execute(
                sql: """
                    INSERT INTO sync_account (\(SyncAccountRow.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    account.identifier, account.name, account.serverURL, account.principalURL,
                    account.credentialStorage, account.pinnedCertificate, account.settings,
                    account.createdAt.timeIntervalSince1970,
                ]
            )
            let accountID = db.lastInsertedRowID
            for collection in collections {
                try Self.insertCollection(collection, accountID: accountID, in: db)
            }
            return try Self.collections(accountID: accountID, in: db)
        }
    }

    /// Adds address books found on a later discovery to an existing account.
    package func addSyncCollections(_ collections: [NewSyncCollection], toAccount identifier: String) throws
        -> [SyncCollectionRow]
    {
        try access.requirePerson()
        return try write { db in
            let accountID = try Self.accountID(identifier, in: db)
            for collection in collections {
                try Self.insertCollection(collection, accountID: accountID, in: db)
            }
            return try Self.collections(accountID: accountID, in: db)
        }
    }

    private static func insertCollection(_ collection: NewSyncCollection, accountID: Int64, in db: Database) throws {
        try db.execute(
            sql: "INSERT INTO container (identifier, name, type, is_read_only) VALUES (?, ?, ?, ?)",
            arguments: [
                CNContainer.newIdentifier(), collection.name, CNContainerType.cardDAV.rawValue, collection.isReadOnly,
            ]
        )
        try db.execute(
            sql: """
                INSERT INTO sync_collection (container_id, account_id, url, capabilities, local_sequence)
                VALUES (?, ?, ?, ?, ?)
                """,
            arguments: [
                db.lastInsertedRowID, accountID, collection.url, collection.capabilities,
                try HistoryLog.currentSequence(in: db),
            ]
        )
    }

    private static func accountID(_ identifier: String, in db: Database) throws -> Int64 {
        guard
            let id = try Int64.fetchOne(
                db, sql: "SELECT id FROM sync_account WHERE identifier = ?", arguments: [identifier])
        else {
            throw StoreError(
                .recordDoesNotExist, "account \(identifier) does not exist", affectedIdentifiers: [identifier])
        }
        return id
    }

    private static func collections(accountID: Int64, in db: Database) throws -> [SyncCollectionRow] {
        try Row.fetchAll(
            db, sql: SyncCollectionRow.selection + " WHERE s.account_id = ? ORDER BY c.id", arguments: [accountID]
        )
        .map(SyncCollectionRow.init(row:))
    }

    /// Every account, oldest first.
    package func syncAccounts() throws -> [SyncAccountRow] {
        try access.requirePerson()
        return try read { db in
            try Row.fetchAll(db, sql: "SELECT \(SyncAccountRow.columns) FROM sync_account ORDER BY id").map(
                SyncAccountRow.init(row:))
        }
    }

    /// The account with an identifier, or nil.
    package func syncAccount(identifier: String) throws -> SyncAccountRow? {
        try access.requirePerson()
        return try read { db in
            try Row.fetchOne(
                db, sql: "SELECT \(SyncAccountRow.columns) FROM sync_account WHERE identifier = ?",
                arguments: [identifier]
            ).map(SyncAccountRow.init(row:))
        }
    }

    /// Replaces an account's settings (the sync module's JSON) and pinned certificate.
    package func updateSyncAccount(identifier: String, settings: String, pinnedCertificate: String?) throws {
        try access.requirePerson()
        try write { db in
            try db.execute(
                sql: "UPDATE sync_account SET settings = ?, pinned_certificate = ? WHERE identifier = ?",
                arguments: [settings, pinnedCertificate, identifier]
            )
            guard db.changesCount > 0 else {
                throw StoreError(
                    .recordDoesNotExist, "account \(identifier) does not exist", affectedIdentifiers: [identifier])
            }
        }
    }

    /// The address books of an account, in the order they were added.
    package func syncCollections(accountIdentifier: String) throws -> [SyncCollectionRow] {
        try access.requirePerson()
        return try read { db in try Self.collections(accountID: try Self.accountID(accountIdentifier, in: db), in: db) }
    }

    /// The address book a container syncs with, or nil for a container of no account.
    package func syncCollection(containerIdentifier: String) throws -> SyncCollectionRow? {
        try access.requirePerson()
        return try read { db in
            try Row.fetchOne(
                db, sql: SyncCollectionRow.selection + " WHERE c.identifier = ?", arguments: [containerIdentifier]
            )
            .map(SyncCollectionRow.init(row:))
        }
    }

    /// Replaces what the store knows of a book's server capabilities, and whether its container is read-only.
    package func updateSyncCollection(containerIdentifier: String, capabilities: String, isReadOnly: Bool) throws {
        try access.requirePerson()
        try write { db in
            let containerID = try SyncTransaction.containerID(containerIdentifier, in: db)
            try db.execute(
                sql: "UPDATE sync_collection SET capabilities = ? WHERE container_id = ?",
                arguments: [capabilities, containerID]
            )
            try db.execute(
                sql: "UPDATE container SET is_read_only = ? WHERE id = ?", arguments: [isReadOnly, containerID])
        }
    }

    /// Removes an account: its containers with their contacts and groups (each deletion in the history under
    /// the author), and what the store knew of the server. The server is not touched.
    ///
    /// - Returns: The number of contacts removed.
    @discardableResult
    package func removeSyncAccount(identifier: String, author: String) throws -> Int {
        try access.requirePerson()
        let writer = self.writer
        return try write { db in
            let accountID = try Self.accountID(identifier, in: db)
            let transactionID = try HistoryLog.beginTransaction(author: author, in: db)
            let containers = try Int64.fetchAll(
                db, sql: "SELECT container_id FROM sync_collection WHERE account_id = ?", arguments: [accountID]
            )
            var removed = 0
            for containerID in containers {
                let contacts = try Row.fetchAll(
                    db, sql: "SELECT id, identifier FROM contact WHERE container_id = ?", arguments: [containerID]
                )
                for row in contacts {
                    // Logged first: the history needs the contact's links, which go with it.
                    try HistoryLog.record(.deleteContact, row[1], related: nil, transactionID: transactionID, in: db)
                    try writer.delete(contactID: row[0], in: db)
                }
                removed += contacts.count
                let groups = try String.fetchAll(
                    db, sql: #"SELECT identifier FROM "group" WHERE container_id = ?"#, arguments: [containerID]
                )
                for group in groups {
                    try HistoryLog.record(.deleteGroup, group, related: nil, transactionID: transactionID, in: db)
                }
                try db.execute(sql: #"DELETE FROM "group" WHERE container_id = ?"#, arguments: [containerID])
                try db.execute(sql: "DELETE FROM container WHERE id = ?", arguments: [containerID])
            }
            try db.execute(sql: "DELETE FROM sync_account WHERE id = ?", arguments: [accountID])
            return removed
        }
    }
}
