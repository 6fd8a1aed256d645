import ContactsModel
import Foundation
import GRDB

extension AuthorizedStore {
    /// A contact with the identifier of its container, as add events need it.
    package struct EventContact {
        package var storage: ContactStorage
        package var containerIdentifier: String
    }

    /// Add events for the next contacts of a full sync, after a row id; nil when none are left.
    package func historyFullSyncPage(
        _ plan: HistoryPlan, query: ChangeHistoryQuery, after: Int64, seen: inout Set<Int64>
    ) throws -> (events: [CNChangeHistoryEvent], last: Int64)? {
        let reader = ContactReader(keys: query.keys, unify: query.unify)
        return try read { db -> ([CNChangeHistoryEvent], Int64)? in
            let statement = try db.cachedStatement(
                sql: """
                    SELECT \(reader.selection), (SELECT identifier FROM container WHERE container.id = contact.container_id)
                    FROM contact WHERE id > ? AND id <= ?\(access.visibility.map { " AND " + $0.contactCondition.sql } ?? "")
                    ORDER BY id LIMIT \(Self.batchSize)
                    """
            )
            var batch: [ContactStorage] = []
            var ids: [Int64] = []
            var containers: [String: String] = [:]
            let rows = try StatementRows(statement, arguments: [after, plan.lastContactID])
            let containerColumn = CInt(reader.selectionCount)
            while let row = try rows.next() {
                let storage = reader.storage(from: row)
                ids.append(ContactReader.rowID(row))
                containers[storage.identifier] =
                    StatementColumn.isNull(row, containerColumn) ? nil : StatementColumn.text(row, containerColumn)
                batch.append(storage)
            }
            guard let last = ids.last else { return nil }
            try reader.complete(&batch, ids: ids, in: db)
            if query.unify {
                try UnifiedContacts.collapse(&batch, reader: reader, visibility: access.visibility, seen: &seen, in: db)
                try fillContainers(of: batch, into: &containers, in: db)
            }
            let events = batch.map { storage in
                CNChangeHistoryAddContactEvent(
                    contact: Self.contact(storage, mutable: query.mutableObjects),
                    containerIdentifier: containers[storage.identifier]
                )
            }
            return (events, last)
        }
    }

    /// The events of a slice of coalesced changes, read with the store's current data in one read.
    ///
    /// A change whose contact or group no longer exists (deleted after the plan was made) is left out: the
    /// next fetch reports its deletion.
    package func historyEvents(_ changes: ArraySlice<HistoryChange>, query: ChangeHistoryQuery) throws
        -> [CNChangeHistoryEvent]
    {
        var contactIdentifiers: [String] = []
        var added = Set<String>()
        var groupIdentifiers: [String] = []
        for change in changes {
            switch change {
            case .addContact(let id):
                contactIdentifiers.append(id)
                added.insert(id)
            case .updateContact(let id): contactIdentifiers.append(id)
            case .addGroup(let id), .updateGroup(let id): groupIdentifiers.append(id)
            case .addMember(let contact, let group), .removeMember(let contact, let group):
                contactIdentifiers.append(contact)
                groupIdentifiers.append(group)
            case .addSubgroup(let child, let group), .removeSubgroup(let child, let group):
                groupIdentifiers += [child, group]
            case .deleteContact, .deleteGroup: continue
            }
        }
        let (contacts, groups) = try read { db in
            (
                try eventContacts(contactIdentifiers, adding: added, query: query, in: db),
                try eventGroups(groupIdentifiers, in: db)
            )
        }
        let mutable = query.mutableObjects
        func group(_ id: String) -> CNGroup? {
            groups[id].map { mutable ? CNMutableGroup(fields: $0.fields) : CNGroup(fields: $0.fields) }
        }
        func contact(_ id: String) -> CNContact? { contacts[id].map { Self.contact($0.storage, mutable: mutable) } }
        return changes.compactMap { change -> CNChangeHistoryEvent? in
            switch change {
            case .addContact(let id):
                contacts[id].map {
                    CNChangeHistoryAddContactEvent(
                        contact: Self.contact($0.storage, mutable: mutable), containerIdentifier: $0.containerIdentifier
                    )
                }
            case .updateContact(let id): contact(id).map(CNChangeHistoryUpdateContactEvent.init(contact:))
            case .deleteContact(let id): CNChangeHistoryDeleteContactEvent(contactIdentifier: id)
            case .addGroup(let id):
                group(id).flatMap { value in
                    groups[id].map { CNChangeHistoryAddGroupEvent(group: value, containerIdentifier: $0.container) }
                }
            case .updateGroup(let id): group(id).map(CNChangeHistoryUpdateGroupEvent.init(group:))
            case .deleteGroup(let id): CNChangeHistoryDeleteGroupEvent(groupIdentifier: id)
            case .addMember(let member, let id):
                contact(member).flatMap { value in
                    group(id).map { CNChangeHistoryAddMemberToGroupEvent(member: value, group: $0) }
                }
            case .removeMember(let member, let id):
                contact(member).flatMap { value in
                    group(id).map { CNChangeHistoryRemoveMemberFromGroupEvent(member: value, group: $0) }
                }
            case .addSubgroup(let child, let id):
                group(child).flatMap { value in
                    group(id).map { CNChangeHistoryAddSubgroupToGroupEvent(subgroup: value, group: $0) }
                }
            case .removeSubgroup(let child, let id):
                group(child).flatMap { value in
                    group(id).map { CNChangeHistoryRemoveSubgroupFromGroupEvent(subgroup: value, group: $0) }
                }
            }
        }
    }

    static func contact(_ storage: ContactStorage, mutable: Bool) -> CNContact {
        mutable ? CNMutableContact(storage: storage) : CNContact(storage: storage)
    }

    /// Contacts by the identifiers events name, unified when asked (a linked card gives its unified contact).
    ///
    /// Only add events need the container, so only their contacts read it: with identifier-only keys the
    /// other lookups stay inside the identifier index.
    private func eventContacts(
        _ identifiers: [String], adding: Set<String>, query: ChangeHistoryQuery, in db: Database
    ) throws -> [String: EventContact] {
        guard !identifiers.isEmpty else { return [:] }
        let reader = ContactReader(keys: query.keys, unify: query.unify)
        let statement = try db.cachedStatement(
            sql: "SELECT \(reader.selection) FROM contact WHERE identifier IN (SELECT value FROM json_each(?))"
                + (access.visibility.map { " AND " + $0.contactCondition.sql } ?? "")
        )
        var batch: [ContactStorage] = []
        var ids: [Int64] = []
        var containers: [String: String] = [:]
        let rows = try StatementRows(statement, arguments: [JSONList.encode(identifiers)])
        while let row = try rows.next() {
            ids.append(ContactReader.rowID(row))
            reader.append(row, to: &batch)
        }
        try reader.complete(&batch, ids: ids, in: db)
        let requested = batch.map(\.identifier)
        if query.unify {
            var seen = Set<Int64>()
            try UnifiedContacts.collapse(
                &batch, reader: reader, visibility: access.visibility, seen: &seen, dropsRepeated: false, in: db)
        }
        if !adding.isEmpty {
            let added = zip(requested, batch).filter { adding.contains($0.0) }.map(\.1)
            try fillContainers(of: added, into: &containers, in: db)
        }
        var result: [String: EventContact] = [:]
        for (identifier, storage) in zip(requested, batch) {
            result[identifier] = EventContact(
                storage: storage, containerIdentifier: containers[storage.identifier] ?? "")
        }
        return result
    }

    /// Reads the container identifiers of contacts the map does not hold yet.
    private func fillContainers(of batch: [ContactStorage], into containers: inout [String: String], in db: Database)
        throws
    {
        let missing = batch.map(\.identifier).filter { containers[$0] == nil }
        guard !missing.isEmpty else { return }
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT contact.identifier, container.identifier FROM contact JOIN container ON container.id = contact.container_id
                    WHERE contact.identifier IN (SELECT value FROM json_each(?))
                    """
            ),
            arguments: [JSONList.encode(missing)]
        )
        for row in rows { containers[row[0]] = row[1] }
    }

    private func eventGroups(_ identifiers: [String], in db: Database) throws -> [String: (
        fields: CNGroup.Fields, container: String
    )] {
        guard !identifiers.isEmpty else { return [:] }
        // A cursor and StoredText: fetchAll's copied rows hold names cut at U+0000.
        let rows = try Row.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT "group".identifier, "group".name, container.identifier FROM "group"
                    JOIN container ON container.id = "group".container_id
                    WHERE "group".identifier IN (SELECT value FROM json_each(?))
                    """
            ),
            arguments: [JSONList.encode(identifiers)]
        )
        var result: [String: (fields: CNGroup.Fields, container: String)] = [:]
        while let row = try rows.next() {
            result[row[0]] = (CNGroup.Fields(identifier: row[0], name: (row[1] as StoredText).string), row[2])
        }
        return result
    }
}
