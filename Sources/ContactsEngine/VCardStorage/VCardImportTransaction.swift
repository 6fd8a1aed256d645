import ContactsModel
import Foundation
import GRDB

/// The write side of one vCard import: adds and updates contacts with their UIDs and unknown properties,
/// creates groups and memberships, all inside one write transaction that the caller commits or rolls back.
///
/// It writes through the save path's ``ContactWriter`` with cached statements and no read-back, and logs each
/// change to the history as a save would. Only ``AuthorizedStore/importTransaction(author:containerIdentifier:_:)``
/// makes one, and it never outlives that call.
///
/// An app's import is a save under the gate's rules, applied here so no caller can skip them: cards match only
/// contacts the app may see (a UID or name of a hidden contact adds a new contact, and nothing counts it as
/// updated or skipped), the contacts it adds become the app's own, and a note needs the notes entitlement
/// (`unauthorizedKeys`, 102).
package struct VCardImportTransaction {
    let db: Database
    let writer: ContactWriter
    /// The importing app's rules; nil for the person.
    let gate: SaveGate?
    let transactionID: Int64
    /// The container the import writes into.
    package let container: ContainerRow
    /// The highest contact row id before the import: rows above it were added by this import.
    let lastContactIDBefore: Int64
    /// Where new contacts' rows (with their labeled values, keys, UIDs, unknown properties and log rows) wait to
    /// be written many a statement, or nil to write them with each contact (a sync's steps). Written before every
    /// other read or write of the transaction and by ``writeHeldRows()`` before it commits.
    var heldRows: ContactRowBatch? = nil
    /// This import's UIDs and identifiers when the container held no contact at its start, so that only UIDs
    /// that may repeat an earlier card are looked up (``ImportedKeys``); nil to look up every UID.
    var addedKeys: ImportedKeys? = nil

    /// A stored contact a card matched.
    package struct Match: Sendable {
        package var contactID: Int64
        package var identifier: String
        /// Whether this import added the contact, so the card repeats an earlier card of the same import.
        package var isFromThisImport: Bool

        package init(contactID: Int64, identifier: String, isFromThisImport: Bool) {
            self.contactID = contactID
            self.identifier = identifier
            self.isFromThisImport = isFromThisImport
        }
    }

    /// The contacts of the container that UIDs name: by stored UID, else by contact identifier (our exports
    /// write the identifier as the UID of a contact that came without one).
    ///
    /// - Returns: Matches by UID; UIDs that match nothing are left out.
    package func matches(uids: [String]) throws -> [String: Match] {
        var uids = uids
        if let addedKeys { uids.removeAll { !addedKeys.mayContain($0) } }
        guard !uids.isEmpty else { return [:] }
        try writeHeldRows()
        var result: [String: Match] = [:]
        // One index seek per listed UID, the list read in order ("CROSS JOIN" keeps it the outer loop). An
        // `IN (SELECT value FROM json_each(?))` first copied the list into a temporary B-tree, which made each
        // lookup about a third dearer (1.9 against 1.3 µs a UID at 100,000 stored UIDs). A UID listed twice
        // gives its rows twice; the first row per UID is kept either way.
        let list = JSONList.encode(uids)
        let byUID = try db.cachedStatement(
            sql: """
                SELECT u.uid, c.id, c.identifier FROM json_each(?) j CROSS JOIN contact_uid u
                JOIN contact c ON c.id = u.contact_id
                WHERE u.container_id = ? AND u.uid = j.value\(visibleCondition("c.identifier"))
                ORDER BY c.id
                """
        )
        let rows = try Row.fetchCursor(byUID, arguments: [list, container.id])
        while let row = try rows.next() {
            // Rows come oldest first: a UID several contacts share matches the oldest.
            let uid: String = row[0]
            if result[uid] == nil { result[uid] = match(id: row[1], identifier: row[2]) }
        }
        let rest = uids.filter { result[$0] == nil && RecordIdentifier.isWellFormed($0) }
        guard !rest.isEmpty else { return result }
        // "+container_id" keeps SQLite off the container index: without statistics it would prefer that
        // equality and scan every contact of the container for each batch, which made an import quadratic.
        // Seeks in the identifier index, as above; `json_each` has an `id` column, so the contact's are qualified.
        let byIdentifier = try db.cachedStatement(
            sql: """
                SELECT c.identifier, c.id FROM json_each(?) j CROSS JOIN contact c
                WHERE c.identifier = j.value AND +c.container_id = ?\(visibleCondition("c.identifier"))
                """
        )
        // Usually no UID matched (a new import), so the list is the one already written.
        let restList = rest.count == uids.count ? list : JSONList.encode(rest)
        let identifiers = try Row.fetchCursor(byIdentifier, arguments: [restList, container.id])
        while let row = try identifiers.next() {
            result[row[0]] = match(id: row[1], identifier: row[0])
        }
        return result
    }

    /// The SQL that keeps an app's lookups to the contacts it may see; empty for the person and full access.
    private func visibleCondition(_ column: String) -> String {
        gate?.visibility.map { " AND " + $0.identifierCondition(column: column) } ?? ""
    }

    /// Whether this import may write notes: the person, or an app with the notes entitlement.
    package var writesNotes: Bool { gate?.allowsNotes ?? true }

    /// The match for a contact row.
    package func match(id: Int64, identifier: String) -> Match {
        Match(contactID: id, identifier: identifier, isFromThisImport: id > lastContactIDBefore)
    }

    /// Adds a contact, its UID and its unknown properties.
    ///
    /// - Returns: The new contact's row id.
    /// - Throws: `StoreError` with a validation code when the contact is invalid.
    @discardableResult
    package func add(_ storage: ContactStorage, uid: String?, unknownProperties: [StoredUnknownProperty]) throws
        -> Int64
    {
        try add(writer.prepare(storage), uid: uid, unknownProperties: unknownProperties)
    }

    /// Adds a contact prepared by ``preparer``, its UID and its unknown properties.
    ///
    /// The UID must match no contact of the container (``matches(uids:)`` found none): a card whose UID does
    /// updates that contact instead.
    ///
    /// - Returns: The new contact's row id.
    /// - Throws: `StoreError` with a validation code when the contact is invalid.
    @discardableResult
    package func add(_ contact: PreparedContact, uid: String?, unknownProperties: [StoredUnknownProperty]) throws
        -> Int64
    {
        try Self.validate(contact.storage)
        if !writesNotes, !contact.storage.note.isEmpty { throw Self.unauthorizedNote(contact.storage) }
        let id: Int64
        if let addedKeys {
            if let uid { addedKeys.insert(uid) }
            addedKeys.insert(contact.storage.identifier)
        }
        if let heldRows {
            id = try writer.insert(contact, containerID: container.id, deferringTo: heldRows, in: db)
            if let uid { heldRows.addUID(uid, contactID: id, containerID: container.id) }
            heldRows.addUnknownProperties(unknownProperties, contactID: id)
            // The row HistoryLog.record writes for a new contact (no reads: a new contact is linked to none).
            heldRows.addContactLog(contact.storage.identifier, transactionID: transactionID)
            if heldRows.contactCount >= ContactRowBatch.contactsPerWrite { try heldRows.write(in: db) }
        } else {
            id = try writer.insert(contact, containerID: container.id, in: db)
            try writeExtras(contactID: id, uid: uid, unknownProperties: unknownProperties, replacing: false)
            try log(.addContact, contact.storage.identifier)
        }
        try gate?.recordCreated(contact.storage.identifier, in: db)
        return id
    }

    /// The writer whose `prepare(_:)` a reading thread may call for the prepared form of `add`.
    package var preparer: ContactWriter { writer }

    /// Replaces a stored contact's fields, UID and unknown properties with a card's.
    ///
    /// The contact must be one ``matches(uids:)`` or ``forEachContact(keys:_:)`` gave, so one the importer may see.
    /// Without the notes entitlement a card's note is refused (102) and the stored note is kept as it is.
    package func update(
        _ storage: ContactStorage, contactID: Int64, uid: String?, unknownProperties: [StoredUnknownProperty]
    ) throws {
        try Self.validate(storage)
        // The held rows first, so row ids come in the order the cards came.
        try writeHeldRows()
        var storage = storage
        if !writesNotes {
            guard storage.note.isEmpty else { throw Self.unauthorizedNote(storage) }
            // Whole, through a cursor (StoredText): the note is written back as it is stored.
            storage.note =
                try StoredText.fetchCursor(
                    db.cachedStatement(sql: "SELECT note FROM contact WHERE id = ?"), arguments: [contactID]
                ).next()?.string ?? ""
        }
        try writer.update(storage, contactID: contactID, in: db)
        try writeExtras(contactID: contactID, uid: uid, unknownProperties: unknownProperties, replacing: true)
        try log(.updateContact, storage.identifier)
    }

    /// As `ContactValidator.validate(_:)`, building the contact the error names only when there is an error.
    private static func validate(_ storage: ContactStorage) throws {
        let errors = ContactValidator.errors(in: storage)
        guard !errors.isEmpty else { return }
        if let error = ContactValidator.combine(errors, record: CNContact(storage: storage)) {
            throw StoreError.validation(error)
        }
    }

    /// 102 for a note written without the notes entitlement, naming the key and the record only.
    private static func unauthorizedNote(_ storage: ContactStorage) -> CNError {
        CNError(
            .unauthorizedKeys,
            userInfo: [
                CNErrorUserInfoKeyPathsKey: [CNContactNoteKey],
                CNErrorUserInfoAffectedRecordIdentifiersKey: [storage.identifier],
            ])
    }

    private func writeExtras(
        contactID: Int64, uid: String?, unknownProperties: [StoredUnknownProperty], replacing: Bool
    ) throws {
        if replacing {
            try db.cachedStatement(sql: "DELETE FROM unknown_property WHERE contact_id = ?").execute(arguments: [
                contactID
            ])
            try db.cachedStatement(sql: "DELETE FROM contact_uid WHERE contact_id = ?").execute(arguments: [contactID])
        }
        if let uid {
            let containerID = container.id
            // A new contact's UID matched no stored UID (else the card would update that contact), so nothing
            // can conflict: a plain insert, which SQLite runs without the statement journal REPLACE needs.
            let sql =
                replacing
                ? "INSERT OR REPLACE INTO contact_uid (contact_id, container_id, uid) VALUES (?, ?, ?)"
                : "INSERT INTO contact_uid (contact_id, container_id, uid) VALUES (?, ?, ?)"
            try db.cachedStatement(sql: sql)
                .executeBinding { binder in
                    binder.bind(contactID)
                    binder.bind(containerID)
                    binder.bind(uid)
                }
        }
        guard !unknownProperties.isEmpty else { return }
        let statement = try db.cachedStatement(
            sql:
                #"INSERT INTO unknown_property (contact_id, position, "group", name, parameters, value) VALUES (?, ?, ?, ?, ?, ?)"#
        )
        for (position, property) in unknownProperties.enumerated() {
            try statement.executeBinding { binder in
                binder.bind(contactID)
                binder.bind(position)
                binder.bindColumns(of: property)
            }
        }
    }

    /// Stored contacts with the keys asked for, and their unknown properties, by identifier.
    package func stored(identifiers: [String], keys: ContactKeySet) throws -> [String: StoredVCardContact] {
        try writeHeldRows()
        let contacts = try ContactReader(keys: keys, unify: false).read(identifiers: identifiers, in: db)
        let extras = try VCardExtrasReader.read(identifiers: identifiers, in: db)
        var result: [String: StoredVCardContact] = [:]
        for (identifier, storage) in contacts {
            let stored = extras[identifier]
            result[identifier] = StoredVCardContact(
                storage: storage, uid: stored?.uid, unknownProperties: stored?.unknownProperties ?? []
            )
        }
        return result
    }

    /// Calls the body with every contact of the container the importer may see, holding the keys asked for, and
    /// its row id.
    package func forEachContact(keys: ContactKeySet, _ body: (ContactStorage, Int64) throws -> Void) throws {
        try writeHeldRows()
        let reader = ContactReader(keys: keys, unify: false)
        var lastID: Int64 = 0
        while true {
            // A cursor, not fetchAll: copied rows hold text cut at U+0000 (see StoredText).
            let rows = try StatementRows(
                db.cachedStatement(
                    sql: """
                        SELECT \(reader.selection) FROM contact WHERE container_id = ? AND id > ?\(visibleCondition("identifier"))
                        ORDER BY id LIMIT 500
                        """),
                arguments: [container.id, lastID]
            )
            var batch: [ContactStorage] = []
            var ids: [Int64] = []
            while let row = try rows.next() {
                ids.append(ContactReader.rowID(row))
                reader.append(row, to: &batch)
            }
            guard let last = ids.last else { return }
            lastID = last
            try reader.complete(&batch, ids: ids, in: db)
            for (storage, id) in zip(batch, ids) { try body(storage, id) }
        }
    }

    /// Writes the rows ``heldRows`` holds; the import's last step before it commits.
    package func writeHeldRows() throws {
        try heldRows?.write(in: db)
    }

    /// Logs a change as a save does, through ``HistoryLog/record(_:_:related:transactionID:in:)``, so an
    /// update of a linked card gets its per-container and unified rows like any other update.
    func log(_ operation: ChangeOperation, _ identifier: String, related: String? = nil) throws {
        // After the held rows' log rows, so the sequence follows the order of the changes.
        try writeHeldRows()
        try HistoryLog.record(operation, identifier, related: related, transactionID: transactionID, in: db)
    }
}

@available(*, unavailable, message: "an import transaction is confined to the closure that received it")
extension VCardImportTransaction: Sendable {}
