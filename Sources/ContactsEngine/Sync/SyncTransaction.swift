import ContactsModel
import Foundation
import GRDB

/// The write side of one step of a sync, inside one write transaction: contacts and groups as the server has
/// them, and what the store knows of each card.
///
/// Contacts are written through ``VCardImportTransaction``, the vCard import's writer, so UIDs and unknown
/// properties are kept exactly as the import keeps them, and every change is logged to the history under the
/// transaction's author. A sync writes into read-only containers too: the book is read-only for apps, not for
/// the server's own changes. Only ``AuthorizedStore/syncTransaction(containerIdentifier:author:_:)`` makes one.
package struct SyncTransaction {
    let db: Database
    let importer: VCardImportTransaction

    /// The container the transaction writes into.
    package var container: ContainerRow { importer.container }

    // MARK: Cards

    /// What the store knows of the cards at some hrefs, by href.
    package func cards(hrefs: [String]) throws -> [String: SyncCardRow] {
        guard !hrefs.isEmpty else { return [:] }
        let statement = try db.cachedStatement(
            sql: """
                SELECT \(SyncCardRow.columns) FROM sync_card
                WHERE container_id = ? AND href IN (SELECT value FROM json_each(?))
                """
        )
        var result: [String: SyncCardRow] = [:]
        let rows = try Row.fetchCursor(statement, arguments: [container.id, JSONList.encode(hrefs)])
        while let row = try rows.next() {
            let card = SyncCardRow(row: row)
            result[card.href] = card
        }
        return result
    }

    /// The card a contact or group came from or went to, or nil.
    package func card(objectIdentifier: String) throws -> SyncCardRow? {
        try Row.fetchOne(
            db.cachedStatement(
                sql: "SELECT \(SyncCardRow.columns) FROM sync_card WHERE container_id = ? AND object_identifier = ?"),
            arguments: [container.id, objectIdentifier]
        ).map(SyncCardRow.init(row:))
    }

    /// Records a card, replacing what was known at its href.
    package func save(_ card: SyncCardRow) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO sync_card (container_id, href, etag, kind, object_identifier, uid, base, state)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (container_id, href) DO UPDATE SET etag = excluded.etag, kind = excluded.kind,
                    object_identifier = excluded.object_identifier, uid = excluded.uid, base = excluded.base,
                    state = excluded.state
                """
        ).execute(arguments: [
            container.id, card.href, card.etag, card.kind.rawValue, card.objectIdentifier, card.uid, card.base,
            card.state.rawValue,
        ])
    }

    /// Forgets the card at an href.
    package func removeCard(href: String) throws {
        try db.cachedStatement(sql: "DELETE FROM sync_card WHERE container_id = ? AND href = ?")
            .execute(arguments: [container.id, href])
    }

    // MARK: Contacts

    /// The row id of a contact of the container, or nil.
    package func contactID(identifier: String) throws -> Int64? {
        try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT id FROM contact WHERE identifier = ? AND container_id = ?"),
            arguments: [identifier, container.id]
        )
    }

    /// Adds a contact with its card's UID and unknown properties.
    package func addContact(_ storage: ContactStorage, uid: String?, unknownProperties: [StoredUnknownProperty]) throws
    {
        try importer.add(storage, uid: uid, unknownProperties: unknownProperties)
    }

    /// Replaces a contact's fields, UID and unknown properties with a card's.
    ///
    /// - Throws: `recordDoesNotExist` when the container holds no contact with the storage's identifier.
    package func updateContact(_ storage: ContactStorage, uid: String?, unknownProperties: [StoredUnknownProperty])
        throws
    {
        guard let id = try contactID(identifier: storage.identifier) else {
            throw StoreError(
                .recordDoesNotExist, "contact \(storage.identifier) does not exist",
                affectedIdentifiers: [storage.identifier])
        }
        try importer.update(storage, contactID: id, uid: uid, unknownProperties: unknownProperties)
    }

    /// Sets a contact's UID alone, for a card made for it.
    package func setUID(_ uid: String, ofContact identifier: String) throws {
        guard let id = try contactID(identifier: identifier) else { return }
        try db.cachedStatement(
            sql: "INSERT OR REPLACE INTO contact_uid (contact_id, container_id, uid) VALUES (?, ?, ?)"
        )
        .execute(arguments: [id, container.id, uid])
    }

    /// Deletes a contact of the container, logged as a save's deletion is; nothing when it is gone already.
    package func deleteContact(identifier: String) throws {
        guard let id = try contactID(identifier: identifier) else { return }
        // Logged first: the history needs the contact's links, which go with it.
        try importer.log(.deleteContact, identifier)
        try importer.writer.delete(contactID: id, in: db)
    }

    /// The contacts of the container that UIDs name, by UID (stored UID, else contact identifier).
    package func contactIdentifiers(uids: [String]) throws -> [String: String] {
        try importer.matches(uids: uids).mapValues(\.identifier)
    }

    // MARK: Groups

    /// A group of the container by identifier, or nil.
    package func group(identifier: String) throws -> VCardImportTransaction.GroupRow? {
        try Row.fetchOne(
            db.cachedStatement(sql: #"SELECT id, identifier FROM "group" WHERE identifier = ? AND container_id = ?"#),
            arguments: [identifier, container.id]
        ).map { VCardImportTransaction.GroupRow(id: $0[0], identifier: $0[1]) }
    }

    /// The first group of the container with a name, created when there is none.
    package func group(named name: String) throws -> VCardImportTransaction.GroupRow {
        if let found = try importer.group(named: name) { return found }
        return try importer.addGroup(named: name)
    }

    /// Creates a group, even when another of the same name exists (two cards, two groups).
    package func addGroup(named name: String) throws -> VCardImportTransaction.GroupRow {
        try importer.addGroup(named: name)
    }

    /// Renames a group when its name differs.
    package func renameGroup(_ group: VCardImportTransaction.GroupRow, to name: String) throws {
        try db.cachedStatement(sql: #"UPDATE "group" SET name = ? WHERE id = ? AND name != ?"#)
            .execute(arguments: [name, group.id, name])
        if db.changesCount > 0 { try importer.log(.updateGroup, group.identifier) }
    }

    /// Deletes a group of the container; its members stay.
    package func deleteGroup(identifier: String) throws {
        guard let group = try group(identifier: identifier) else { return }
        try db.cachedStatement(sql: #"DELETE FROM "group" WHERE id = ?"#).execute(arguments: [group.id])
        try importer.log(.deleteGroup, identifier)
    }

    /// Makes a group's members exactly some contacts of the container, logging each membership change.
    package func setMembers(of group: VCardImportTransaction.GroupRow, contactIdentifiers: Set<String>) throws {
        let current = try Row.fetchAll(
            db.cachedStatement(
                sql:
                    "SELECT c.id, c.identifier FROM group_member m JOIN contact c ON c.id = m.contact_id WHERE m.group_id = ?"
            ),
            arguments: [group.id]
        )
        var kept: Set<String> = []
        for row in current {
            let identifier: String = row[1]
            if contactIdentifiers.contains(identifier) {
                kept.insert(identifier)
                continue
            }
            try db.cachedStatement(sql: "DELETE FROM group_member WHERE group_id = ? AND contact_id = ?")
                .execute(arguments: [group.id, row[0] as Int64])
            try importer.log(.removeMember, identifier, related: group.identifier)
        }
        for identifier in contactIdentifiers.subtracting(kept).sorted() {
            guard let id = try contactID(identifier: identifier) else { continue }
            try importer.addMember(contactID: id, contactIdentifier: identifier, to: group)
        }
    }

    /// Makes a contact's groups exactly the groups of the container with some names, creating missing ones:
    /// how a server that keeps groups as `CATEGORIES` describes membership.
    package func setGroups(ofContact identifier: String, names: [String]) throws {
        guard let contactID = try contactID(identifier: identifier) else { return }
        let wanted = Set(names.filter { !$0.allSatisfy(\.isWhitespace) })
        let current = try Row.fetchAll(
            db.cachedStatement(
                sql:
                    #"SELECT g.id, g.identifier, g.name FROM group_member m JOIN "group" g ON g.id = m.group_id WHERE m.contact_id = ?"#
            ),
            arguments: [contactID]
        )
        var kept: Set<String> = []
        for row in current {
            let name: String = row[2]
            if wanted.contains(name) {
                kept.insert(name)
                continue
            }
            try db.cachedStatement(sql: "DELETE FROM group_member WHERE group_id = ? AND contact_id = ?")
                .execute(arguments: [row[0] as Int64, contactID])
            try importer.log(.removeMember, identifier, related: row[1])
        }
        for name in wanted.subtracting(kept).sorted() {
            try importer.addMember(contactID: contactID, contactIdentifier: identifier, to: try group(named: name))
        }
    }

    // MARK: Conflicts and state

    /// Keeps a local version that lost a conflict, so the person can restore it.
    package func saveConflict(objectIdentifier: String, href: String?, localCard: Data, reason: String) throws {
        try db.execute(
            sql: """
                INSERT INTO sync_conflict (container_id, object_identifier, href, local_card, reason, created_at)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
            arguments: [container.id, objectIdentifier, href, localCard, reason, Date().timeIntervalSince1970]
        )
    }

    /// Records the end of a complete sync: the server's token or ctag, and the change-log sequence up to which
    /// local changes were sent.
    ///
    /// When nobody but the sync (`author`) changed the store since `localSequence`, the next sync starts after the
    /// sync's own changes instead: they are never sent back, and reading them again would make the first sync
    /// after a download read the whole download's log (docs/Sync.md, "Memory").
    package func finishSync(syncToken: String?, ctag: String?, localSequence: Int64, author: String) throws {
        var localSequence = localSequence
        let othersChanged =
            try Bool.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (SELECT 1 FROM change_log l JOIN "transaction" t ON t.id = l.transaction_id
                        WHERE l.sequence > ? AND t.author IS NOT ?)
                    """,
                arguments: [localSequence, author]) ?? true
        if !othersChanged { localSequence = max(localSequence, try HistoryLog.currentSequence(in: db)) }
        try db.execute(
            sql: """
                UPDATE sync_collection SET sync_token = ?, ctag = ?, local_sequence = ?, last_sync_at = ?
                WHERE container_id = ?
                """,
            arguments: [syncToken, ctag, localSequence, Date().timeIntervalSince1970, container.id]
        )
    }

    /// The row id of a container, for entry points that take its identifier.
    static func containerID(_ identifier: String, in db: Database) throws -> Int64 {
        guard
            let id = try Int64.fetchOne(
                db, sql: "SELECT id FROM container WHERE identifier = ?", arguments: [identifier])
        else {
            throw StoreError(
                .recordDoesNotExist, "container \(identifier) does not exist", affectedIdentifiers: [identifier])
        }
        return id
    }
}

@available(*, unavailable, message: "a sync transaction is confined to the closure that received it")
extension SyncTransaction: Sendable {}
