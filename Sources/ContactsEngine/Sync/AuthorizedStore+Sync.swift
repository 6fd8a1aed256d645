import ContactsModel
import Foundation
import GRDB

extension AuthorizedStore {
    /// Runs one step of a sync in one write transaction under a history author: committed when the body
    /// returns, rolled back when it throws, so an interrupted sync leaves every card either applied with its
    /// server state or not at all.
    ///
    /// - Parameter keysStraightToLargeIndexes: Whether new contacts' index keys skip the staging
    ///   (``ContactWriter/stagesKeys``), for a download of more cards than the staging holds: staged, they would
    ///   be written twice, and the merges added about 11 MB to a first sync of 30,000 cards.
    /// - Returns: What the body returned and whether the step changed contacts or groups (logged any history).
    /// - Throws: `authorizationDenied` (100) for an app; `recordDoesNotExist` for an unknown container.
    package func syncTransaction<Result>(
        containerIdentifier: String, author: String, keysStraightToLargeIndexes: Bool = false,
        _ body: (SyncTransaction) throws -> Result
    ) throws -> (result: Result, changed: Bool) {
        try access.requirePerson()
        let writer = keysStraightToLargeIndexes ? self.writer.writingStraightToLargeIndexes() : self.writer
        return try writeWithoutTransaction { db in
            var outcome: (Result, Bool)?
            try db.inTransaction(.immediate) {
                guard let container = try ContainerRow.fetch(identifier: containerIdentifier, in: db) else {
                    throw StoreError(
                        .recordDoesNotExist, "container \(containerIdentifier) does not exist",
                        affectedIdentifiers: [containerIdentifier])
                }
                let transactionID = try HistoryLog.beginTransaction(author: author, in: db)
                let importer = VCardImportTransaction(
                    db: db, writer: writer, gate: nil, transactionID: transactionID, container: container,
                    lastContactIDBefore: try Int64.fetchOne(db, sql: "SELECT max(id) FROM contact") ?? 0
                )
                let result = try body(SyncTransaction(db: db, importer: importer))
                let changed =
                    try Bool.fetchOne(
                        db, sql: "SELECT EXISTS (SELECT 1 FROM change_log WHERE transaction_id = ?)",
                        arguments: [transactionID]
                    ) ?? false
                // A step that changed nothing leaves no empty transaction behind in the history.
                if !changed {
                    try db.execute(sql: #"DELETE FROM "transaction" WHERE id = ?"#, arguments: [transactionID])
                }
                outcome = (result, changed)
                try writer.mergeStagedKeysIfFull(in: db)
                return .commit
            }
            guard let outcome else { throw StoreError(.databaseFailure, "sync transaction ended without a result") }
            return (outcome.0, outcome.1)
        }
    }

    /// The contacts and groups of a container changed locally since a change-log sequence, by anyone but the
    /// sync itself, and the cards whose contact or group is gone.
    ///
    /// When the log no longer reaches back that far (pruned, or the store was restored), every contact and
    /// group of the container is returned and ``SyncLocalChanges/isComplete`` is false: the caller compares them
    /// all with what the server last had.
    package func syncLocalChanges(containerIdentifier: String, since sequence: Int64, excludingAuthor author: String)
        throws -> SyncLocalChanges
    {
        try access.requirePerson()
        return try read { db in
            let containerID = try SyncTransaction.containerID(containerIdentifier, in: db)
            let current = try HistoryLog.currentSequence(in: db)
            let horizon = try HistoryState.read(in: db).horizon
            var changes = SyncLocalChanges(
                contacts: [], groups: [], removedCards: [], isComplete: true, sequence: current)
            if horizon > sequence || current < sequence {
                changes.isComplete = false
                changes.contacts = try String.fetchAll(
                    db, sql: "SELECT identifier FROM contact WHERE container_id = ? ORDER BY id",
                    arguments: [containerID])
                changes.groups = try String.fetchAll(
                    db, sql: #"SELECT identifier FROM "group" WHERE container_id = ? ORDER BY id"#,
                    arguments: [containerID])
            } else {
                // `+container_id`: the log's few identifiers lead, through the identifier index, rather than every
                // contact of the book through the container's index (which reads every contact's row).
                changes.contacts = try String.fetchAll(
                    db,
                    sql: """
                        SELECT c.identifier FROM contact c WHERE +c.container_id = ? AND c.identifier IN (
                            SELECT l.identifier FROM change_log l JOIN "transaction" t ON t.id = l.transaction_id
                            WHERE l.sequence > ? AND l.view != \(HistoryView.unified.rawValue)
                                AND l.operation IN (1, 2, 7, 8) AND t.author IS NOT ?)
                        ORDER BY c.id
                        """,
                    arguments: [containerID, sequence, author]
                )
                changes.groups = try String.fetchAll(
                    db,
                    sql: """
                        SELECT g.identifier FROM "group" g WHERE +g.container_id = ? AND g.identifier IN (
                            SELECT CASE WHEN l.operation IN (7, 8) THEN l.related_identifier ELSE l.identifier END
                            FROM change_log l JOIN "transaction" t ON t.id = l.transaction_id
                            WHERE l.sequence > ? AND l.operation IN (4, 5, 7, 8) AND t.author IS NOT ?)
                        ORDER BY g.id
                        """,
                    arguments: [containerID, sequence, author]
                )
            }
            // Cards created locally whose upload may not have finished, and changes the server refused, are sent
            // again whatever the log says.
            let pending = try Row.fetchAll(
                db, sql: "SELECT kind, object_identifier FROM sync_card WHERE container_id = ? AND state != ?",
                arguments: [containerID, SyncCardRow.State.synced.rawValue])
            for row in pending {
                guard let identifier: String = row[1] else { continue }
                if row[0] == SyncCardRow.Kind.group.rawValue {
                    if !changes.groups.contains(identifier) { changes.groups.append(identifier) }
                } else if !changes.contacts.contains(identifier) {
                    changes.contacts.append(identifier)
                }
            }
            changes.removedCards = try Self.removedCards(
                containerID: containerID, deletedSince: changes.isComplete ? sequence : nil, in: db)
            return changes
        }
    }

    /// The cards of a container whose contact or group is gone. With a sequence, only the contacts and groups the
    /// log says were deleted since then are looked at: a sync with little to do then reads a few rows, where the
    /// check of every card read the whole book's cards and identifiers (docs/Sync.md, "Memory of a sync that has
    /// little to do"). Without one (the log does not reach back), every card of the container is checked.
    private static func removedCards(containerID: Int64, deletedSince sequence: Int64?, in db: Database) throws
        -> [SyncCardRow]
    {
        let gone = """
            ((s.kind = 0 AND NOT EXISTS (SELECT 1 FROM contact c WHERE c.identifier = s.object_identifier))
            OR (s.kind = 1 AND NOT EXISTS (SELECT 1 FROM "group" g WHERE g.identifier = s.object_identifier)))
            """
        guard let sequence else {
            return try Row.fetchAll(
                db, sql: "SELECT \(SyncCardRow.columns) FROM sync_card s WHERE s.container_id = ? AND \(gone)",
                arguments: [containerID]
            ).map(SyncCardRow.init(row:))
        }
        return try Row.fetchAll(
            db,
            sql: """
                SELECT \(SyncCardRow.columns) FROM sync_card s
                WHERE s.container_id = ? AND s.kind IN (0, 1) AND s.object_identifier IN (
                    SELECT identifier FROM change_log WHERE sequence > ? AND operation IN (?, ?))
                    AND \(gone)
                """,
            arguments: [
                containerID, sequence, ChangeOperation.deleteContact.rawValue, ChangeOperation.deleteGroup.rawValue,
            ]
        ).map(SyncCardRow.init(row:))
    }

    /// Contacts of a container with every key, their UIDs, unknown properties, group names and cards: what a
    /// sync needs to write their cards. Identifiers of other containers are left out.
    package func syncContactSnapshots(containerIdentifier: String, identifiers: [String]) throws
        -> [SyncContactSnapshot]
    {
        try access.requirePerson()
        guard !identifiers.isEmpty else { return [] }
        return try read { db in
            let containerID = try SyncTransaction.containerID(containerIdentifier, in: db)
            let inContainer = try String.fetchAll(
                db,
                sql:
                    "SELECT identifier FROM contact WHERE container_id = ? AND identifier IN (SELECT value FROM json_each(?))",
                arguments: [containerID, JSONList.encode(identifiers)]
            )
            let contacts = try ContactReader(keys: .all, unify: false).read(identifiers: inContainer, in: db)
            var extras = try VCardExtrasReader.read(identifiers: inContainer, in: db)
            try VCardExtrasReader.addGroupNames(to: &extras, identifiers: inContainer, in: db)
            let cards = try Self.cards(containerID: containerID, objects: inContainer, in: db)
            return inContainer.compactMap { identifier in
                guard let storage = contacts[identifier] else { return nil }
                let stored = extras[identifier]
                return SyncContactSnapshot(
                    storage: storage, uid: stored?.uid, unknownProperties: stored?.unknownProperties ?? [],
                    groupNames: stored?.groupNames ?? [], card: cards[identifier]
                )
            }
        }
    }

    /// Groups of a container with their members' UIDs and their cards.
    package func syncGroupSnapshots(containerIdentifier: String, identifiers: [String]) throws -> [SyncGroupSnapshot] {
        try access.requirePerson()
        guard !identifiers.isEmpty else { return [] }
        return try read { db in
            let containerID = try SyncTransaction.containerID(containerIdentifier, in: db)
            let groups = try Row.fetchAll(
                db,
                sql:
                    #"SELECT id, identifier, name FROM "group" WHERE container_id = ? AND identifier IN (SELECT value FROM json_each(?)) ORDER BY id"#,
                arguments: [containerID, JSONList.encode(identifiers)]
            )
            let cards = try Self.cards(containerID: containerID, objects: groups.map { $0[1] }, in: db)
            return try groups.map { row in
                let members = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT c.identifier, u.uid FROM group_member m JOIN contact c ON c.id = m.contact_id
                        LEFT JOIN contact_uid u ON u.contact_id = c.id WHERE m.group_id = ? ORDER BY c.id
                        """,
                    arguments: [row[0] as Int64]
                ).map { SyncGroupSnapshot.Member(contactIdentifier: $0[0], uid: $0[1]) }
                let identifier: String = row[1]
                return SyncGroupSnapshot(
                    identifier: identifier, name: row[2], members: members, card: cards[identifier])
            }
        }
    }

    private static func cards(containerID: Int64, objects: [String], in db: Database) throws -> [String: SyncCardRow] {
        var result: [String: SyncCardRow] = [:]
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT \(SyncCardRow.columns) FROM sync_card
                WHERE container_id = ? AND object_identifier IN (SELECT value FROM json_each(?))
                """,
            arguments: [containerID, JSONList.encode(objects)]
        )
        while let row = try rows.next() {
            let card = SyncCardRow(row: row)
            if let identifier = card.objectIdentifier { result[identifier] = card }
        }
        return result
    }

    /// What the store knows of the cards at some hrefs of a container, by href.
    package func syncCards(containerIdentifier: String, hrefs: [String]) throws -> [String: SyncCardRow] {
        try access.requirePerson()
        guard !hrefs.isEmpty else { return [:] }
        return try read { db in
            let containerID = try SyncTransaction.containerID(containerIdentifier, in: db)
            var result: [String: SyncCardRow] = [:]
            let rows = try Row.fetchCursor(
                db,
                sql:
                    "SELECT \(SyncCardRow.columns) FROM sync_card WHERE container_id = ? AND href IN (SELECT value FROM json_each(?))",
                arguments: [containerID, JSONList.encode(hrefs)]
            )
            while let row = try rows.next() {
                let card = SyncCardRow(row: row)
                result[card.href] = card
            }
            return result
        }
    }

    /// Every href of a container the store knows, with its entity tag and state: what a full comparison checks
    /// the server's listing against. Hrefs and tags only, never card bytes.
    package func syncCardTags(containerIdentifier: String) throws -> [String: SyncCardTag] {
        try access.requirePerson()
        return try read { db in
            let containerID = try SyncTransaction.containerID(containerIdentifier, in: db)
            var result: [String: SyncCardTag] = [:]
            let rows = try Row.fetchCursor(
                db, sql: "SELECT href, etag, state FROM sync_card WHERE container_id = ?", arguments: [containerID])
            while let row = try rows.next() {
                result[row[0]] = SyncCardTag(
                    etag: row[1], isPendingCreate: row[2] == SyncCardRow.State.pendingCreate.rawValue)
            }
            return result
        }
    }

    /// The contacts of a container that card UIDs name (stored UID, with or without `urn:uuid:`), by UID.
    package func syncContactIdentifiers(containerIdentifier: String, uids: [String]) throws -> [String: String] {
        try access.requirePerson()
        guard !uids.isEmpty else { return [:] }
        return try read { db in
            let containerID = try SyncTransaction.containerID(containerIdentifier, in: db)
            var result: [String: String] = [:]
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT u.uid, c.identifier FROM contact_uid u JOIN contact c ON c.id = u.contact_id
                    WHERE u.container_id = ? AND u.uid IN (SELECT value FROM json_each(?)) ORDER BY c.id
                    """,
                arguments: [containerID, JSONList.encode(uids)]
            )
            while let row = try rows.next() {
                let uid: String = row[0]
                if result[uid] == nil { result[uid] = row[1] }
            }
            return result
        }
    }

    /// The local versions conflicts set aside in a container, or in every container for nil.
    package func syncConflicts(containerIdentifier: String?) throws -> [SyncConflictRow] {
        try access.requirePerson()
        return try read { db in
            if let containerIdentifier {
                return try Row.fetchAll(
                    db, sql: SyncConflictRow.selection + " WHERE c.identifier = ? ORDER BY k.id",
                    arguments: [containerIdentifier]
                )
                .map(SyncConflictRow.init(row:))
            }
            return try Row.fetchAll(db, sql: SyncConflictRow.selection + " ORDER BY k.id").map(
                SyncConflictRow.init(row:))
        }
    }

    /// Forgets conflict copies, once the person restored or discarded them.
    package func removeSyncConflicts(ids: [Int64]) throws {
        try access.requirePerson()
        try write { db in
            try db.execute(
                sql: "DELETE FROM sync_conflict WHERE id IN (SELECT value FROM json_each(?))",
                arguments: [JSONList.encode(ids.map(String.init))])
        }
    }
}
