import ContactsModel
import Foundation
import GRDB

extension AuthorizedStore {
    /// Runs an import in one write transaction: committed when the body returns, rolled back when it throws,
    /// so a failed import leaves the store as it was.
    ///
    /// - Parameters:
    ///   - author: The transaction author recorded in the change history.
    ///   - containerIdentifier: The container to import into; nil for the default one.
    ///   - body: Writes the cards through the transaction it is given.
    /// - Throws: `StoreError`: `parentRecordDoesNotExist`, `parentContainerNotWritable` or
    ///   `noWritableContainer` for the container, or whatever the body throws.
    package func importTransaction<Result>(
        author: String?,
        containerIdentifier: String?,
        _ body: (VCardImportTransaction) throws -> Result
    ) throws -> Result {
        // Straight to the large indexes: the import is one transaction over many cards (ContactWriter.stagesKeys).
        let writer = self.writer.writingStraightToLargeIndexes()
        return try writeWithoutTransaction { db in
            // A larger page cache for the import's one long transaction keeps index pages in memory instead
            // of spilling them to the write-ahead log mid-transaction; the connection's own size comes back
            // after (it was reset to 16 MB, half the store's setting, before).
            let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -32_000
            try db.execute(sql: "PRAGMA cache_size = -65536")
            defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
            // No foreign-key checks while the import writes (only outside a transaction can they be switched).
            // Every row an import writes refers to a row it wrote or read in the same transaction, and it
            // deletes no row another refers to, so the checks found nothing; they cost a look-up of the parent
            // row per labeled value, UID, unknown property and log row, and they made SQLite keep a statement
            // journal of every page each multi-row insert (ContactRowBatch) touched, in case a check failed
            // halfway. ImportRowBatchTests runs `PRAGMA foreign_key_check` after imports.
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
            var result: Result?
            try db.inTransaction(.immediate) {
                let container = try Self.importContainer(containerIdentifier, in: db)
                // Tagged with this process, as saves are, so the change watcher does not announce the
                // import again as another process's change; the importing store announces it itself.
                try db.execute(
                    sql: #"INSERT INTO "transaction" (author, save_identifier, timestamp, origin) VALUES (?, ?, ?, ?)"#,
                    arguments: [author, UUID().uuidString, Date().timeIntervalSince1970, HistoryLog.processOrigin]
                )
                let transaction = VCardImportTransaction(
                    db: db, writer: writer, gate: access.saveGate, transactionID: db.lastInsertedRowID,
                    container: container,
                    lastContactIDBefore: try Int64.fetchOne(db, sql: "SELECT max(id) FROM contact") ?? 0,
                    heldRows: writer.makeRowBatch(),
                    addedKeys: try Self.isEmpty(container, in: db) ? ImportedKeys() : nil
                )
                result = try body(transaction)
                try transaction.writeHeldRows()
                try writer.mergeStagedKeysIfFull(in: db)
                return .commit
            }
            guard let result else { throw StoreError(.databaseFailure, "import transaction ended without a result") }
            return result
        }
    }

    /// Whether a container holds no contact, so an import into it can match only its own cards.
    private static func isEmpty(_ container: ContainerRow, in db: Database) throws -> Bool {
        try Bool.fetchOne(
            db, sql: "SELECT NOT EXISTS (SELECT 1 FROM contact WHERE container_id = ?)", arguments: [container.id]
        ) ?? false
    }

    private static func importContainer(_ identifier: String?, in db: Database) throws -> ContainerRow {
        let found =
            try identifier.map { try ContainerRow.fetch(identifier: $0, in: db) } ?? ContainerRow.fetchDefault(in: db)
        guard let container = found else {
            if let identifier {
                throw StoreError(
                    .parentRecordDoesNotExist, "container \(identifier) does not exist",
                    affectedIdentifiers: [identifier])
            }
            throw StoreError(.noWritableContainer, "no default container")
        }
        guard !container.isReadOnly else {
            if identifier == nil { throw StoreError(.noWritableContainer, "the default container is read-only") }
            throw StoreError(
                .parentContainerNotWritable, "container \(container.identifier) is read-only",
                affectedIdentifiers: [container.identifier]
            )
        }
        return container
    }

    /// The UIDs and unknown properties of contacts, and with `groups` the names of their groups, for export.
    package func vCardExtras(identifiers: [String], groups: Bool) throws -> [String: VCardExtrasReader.Extras] {
        try read { db in
            var extras = try VCardExtrasReader.read(identifiers: identifiers, in: db)
            if groups {
                try VCardExtrasReader.addGroupNames(to: &extras, identifiers: identifiers, in: db)
            }
            return extras
        }
    }

    /// The vCard UIDs of a group's members the caller may see: each one's stored UID, else its identifier.
    package func memberUIDs(ofGroup identifier: String) throws -> [String] {
        let visible = access.visibility.map { " AND " + $0.identifierCondition(column: "c.identifier") } ?? ""
        return try read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT COALESCE(u.uid, c.identifier) FROM group_member m JOIN contact c ON c.id = m.contact_id
                    JOIN "group" g ON g.id = m.group_id LEFT JOIN contact_uid u ON u.contact_id = c.id
                    WHERE g.identifier = ?\(visible) ORDER BY m.contact_id
                    """,
                arguments: [identifier]
            )
        }
    }
}
