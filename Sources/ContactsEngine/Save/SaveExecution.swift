import ContactsModel
import Foundation
import GRDB

/// Carries out a save plan inside one write transaction; the first failure throws and rolls it all back.
package struct SaveExecution {
    let db: Database
    let writer: ContactWriter
    let transactionID: Int64
    /// The store's containers, read once per save: a request cannot add or change containers.
    let containers: [ContainerRow]

    /// A stored contact or group: its row, container and whether it is writable.
    struct StoredRecord {
        var id: Int64
        var container: ContainerRow
        var isReadOnly: Bool
    }

    package static func run(
        _ plan: SavePlan,
        author: String?,
        saveIdentifier: String,
        writer: ContactWriter,
        in db: Database
    ) throws {
        try db.execute(
            sql: #"INSERT INTO "transaction" (author, save_identifier, timestamp) VALUES (?, ?, ?)"#,
            arguments: [author, saveIdentifier, Date().timeIntervalSince1970]
        )
        let execution = SaveExecution(
            db: db, writer: writer, transactionID: db.lastInsertedRowID, containers: try ContainerRow.fetchAll(in: db)
        )
        try execution.perform(plan)
        try HistoryLog.didPerformSave(transactionID: execution.transactionID, in: db)
        try writer.mergeStagedKeysIfFull(in: db)
    }

    private func perform(_ plan: SavePlan) throws {
        for action in plan.groups {
            switch action {
            case .add(let group, let container): try addGroup(group, containerIdentifier: container)
            case .update(let group): try updateGroup(group)
            case .delete: continue
            }
        }
        let existing = try storedIdentifiers(
            among: plan.contacts.compactMap { action in
                guard case .add(let contact, _) = action else { return nil }
                return contact.identifier
            })
        for action in plan.contacts {
            switch action {
            case .add(let contact, let container):
                try addContact(contact, containerIdentifier: container, isStored: existing.contains(contact.identifier))
            case .update(let contact): try updateContact(contact)
            case .delete: continue
            }
        }
        for entry in plan.members {
            try changeMember(entry.contact, group: entry.group, isAdd: entry.isAdd)
        }
        for entry in plan.subgroups {
            try changeSubgroup(entry.subgroup, group: entry.group, isAdd: entry.isAdd)
        }
        for case .delete(let contact) in plan.contacts {
            try deleteContact(contact)
        }
        for case .delete(let group) in plan.groups {
            try deleteGroup(group)
        }
    }

    // MARK: Contacts

    /// The identifiers of stored contacts among some, in one query: a save adding 10,000 contacts asked once per
    /// contact before, which cost more than writing the change log.
    /// Asks in chunks of 5,000, so the JSON list stays small however large the request.
    private func storedIdentifiers(among identifiers: [String]) throws -> Set<String> {
        let statement = try db.cachedStatement(
            sql: "SELECT identifier FROM contact WHERE identifier IN (SELECT value FROM json_each(?))"
        )
        var stored = Set<String>()
        for start in stride(from: 0, to: identifiers.count, by: 5_000) {
            let chunk = Array(identifiers[start..<min(start + 5_000, identifiers.count)])
            stored.formUnion(try String.fetchAll(statement, arguments: [JSONList.encode(chunk)]))
        }
        return stored
    }

    private func addContact(_ contact: CNMutableContact, containerIdentifier: String?, isStored: Bool) throws {
        try requireWellFormed(contact.identifier, record: contact)
        if isStored {
            throw StoreError(
                .recordAlreadyExists, "contact \(contact.identifier) already exists",
                affectedRecords: [contact], affectedIdentifiers: [contact.identifier]
            )
        }
        let container = try writableContainer(containerIdentifier, for: contact)
        try writer.insert(contact.storage, containerID: container.id, in: db)
        try log(.addContact, contact.identifier)
    }

    private func updateContact(_ contact: CNMutableContact) throws {
        let stored = try requireStoredContact(contact)
        let storage = try UnifiedContacts.cardStorage(of: contact.storage, contactID: stored.id, in: db)
        try writer.update(storage, contactID: stored.id, in: db)
        try log(.updateContact, contact.identifier)
    }

    private func deleteContact(_ contact: CNMutableContact) throws {
        let stored = try requireStoredContact(contact)
        // Logged first: the history needs the contact's links, which go with it.
        try log(.deleteContact, contact.identifier)
        try writer.delete(contactID: stored.id, in: db)
    }

    func storedContact(_ identifier: String) throws -> StoredRecord? {
        try storedRecord(sql: "SELECT id, container_id, is_read_only FROM contact WHERE identifier = ?", identifier)
    }

    func storedRecord(sql: String, _ identifier: String) throws -> StoredRecord? {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: sql), arguments: [identifier]) else { return nil }
        let containerID: Int64 = row[1]
        guard let container = containers.first(where: { $0.id == containerID }) else { return nil }
        return StoredRecord(id: row[0], container: container, isReadOnly: row[2])
    }

    /// The stored contact an update or delete names: 200 when missing, 206 when read-only.
    private func requireStoredContact(_ contact: CNContact) throws -> StoredRecord {
        guard let stored = try storedContact(contact.identifier) else {
            throw Self.missing(contact, identifier: contact.identifier, kind: "contact")
        }
        try requireWritable(stored, record: contact, identifier: contact.identifier)
        return stored
    }

    // MARK: Shared rules

    func requireWellFormed(_ identifier: String, record: any AnyObject & Sendable) throws {
        guard RecordIdentifier.isWellFormed(identifier) else {
            throw StoreError(.identifierInvalid, "malformed identifier", affectedRecords: [record])
        }
    }

    func requireWritable(_ stored: StoredRecord, record: any AnyObject & Sendable, identifier: String) throws {
        if stored.isReadOnly || stored.container.isReadOnly {
            throw StoreError(
                .recordNotWritable, "record \(identifier) is read-only",
                affectedRecords: [record], affectedIdentifiers: [identifier]
            )
        }
    }

    static func missing(_ record: any AnyObject & Sendable, identifier: String, kind: String) -> StoreError {
        StoreError(
            .recordDoesNotExist, "\(kind) \(identifier) does not exist",
            affectedRecords: [record], affectedIdentifiers: [identifier]
        )
    }

    /// The container a new record goes into: the named one, or the default; 205, 204, 207 or 101.
    func writableContainer(_ identifier: String?, for record: any AnyObject & Sendable) throws -> ContainerRow {
        guard let identifier else {
            guard let container = containers.first(where: \.isDefault), !container.isReadOnly else {
                throw StoreError(.noWritableContainer, "the default container is read-only", affectedRecords: [record])
            }
            return container
        }
        try requireWellFormed(identifier, record: record)
        guard let container = containers.first(where: { $0.identifier == identifier }) else {
            throw StoreError(
                .parentRecordDoesNotExist, "container \(identifier) does not exist",
                affectedRecords: [record], affectedIdentifiers: [identifier]
            )
        }
        guard !container.isReadOnly else {
            throw StoreError(
                .parentContainerNotWritable, "container \(identifier) is read-only",
                affectedRecords: [record], affectedIdentifiers: [identifier]
            )
        }
        return container
    }

    func log(_ operation: ChangeOperation, _ identifier: String, related: String? = nil) throws {
        try HistoryLog.record(operation, identifier, related: related, transactionID: transactionID, in: db)
    }
}
