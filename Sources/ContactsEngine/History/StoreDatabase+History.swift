import ContactsModel
import Foundation
import GRDB

extension StoreDatabase {
    /// The token of the store's current state.
    package func currentHistoryToken() throws -> HistoryToken {
        try pool.read { try HistoryLog.currentToken(in: $0) }
    }

    /// Decides what a history fetch returns, in one read transaction.
    ///
    /// Reads only the change-log rows after the token (the sequence is the primary key), so the cost
    /// follows the number of changes, not the size of the store; a restart reads the groups only.
    package func historyPlan(_ query: ChangeHistoryQuery) throws -> HistoryPlan {
        try pool.read { db in
            let state = try HistoryState.read(in: db)
            let current = try HistoryLog.currentSequence(in: db)
            let token = HistoryToken(storeIdentifier: state.storeIdentifier, epoch: state.epoch, sequence: current)
            let lastContactID = try Int64.fetchOne(db, sql: "SELECT max(id) FROM contact") ?? 0
            if let restart = Self.restartReason(query.startingToken, state: state, current: current) {
                let changes = query.includeGroupChanges ? try Self.everyGroupChange(in: db) : []
                return HistoryPlan(token: token, restart: restart, changes: changes, lastContactID: lastContactID)
            }
            let start = query.startingToken.flatMap(HistoryToken.init(data:))?.sequence ?? 0
            let changes = try Self.coalescedChanges(after: start, through: current, query: query, in: db)
            return HistoryPlan(token: token, restart: nil, changes: changes, lastContactID: lastContactID)
        }
    }

    /// Why a token cannot be used, or nil when it can.
    private static func restartReason(_ data: Data?, state: HistoryState, current: Int64) -> HistoryPlan.Restart? {
        guard let data else { return .noToken }
        guard let token = HistoryToken(data: data) else { return .malformed }
        guard token.storeIdentifier == state.storeIdentifier else { return .foreignStore }
        guard token.epoch == state.epoch, token.sequence >= state.horizon else { return .expired }
        guard token.sequence <= current else { return .future }
        return nil
    }

    private static func coalescedChanges(
        after start: Int64, through end: Int64, query: ChangeHistoryQuery, in db: Database
    ) throws -> [HistoryChange] {
        let skippedView = query.unify ? HistoryView.perContainer : HistoryView.unified
        let statement = try db.cachedStatement(
            sql: """
                SELECT change_log.operation, change_log.identifier, change_log.related_identifier, "transaction".author
                FROM change_log JOIN "transaction" ON "transaction".id = change_log.transaction_id
                WHERE change_log.sequence > ? AND change_log.sequence <= ? AND change_log.view != ?
                ORDER BY change_log.sequence
                """
        )
        var coalescer = HistoryCoalescer()
        let cursor = try Row.fetchCursor(statement, arguments: [start, end, skippedView.rawValue])
        while let row = try cursor.next() {
            guard let operation = ChangeOperation(rawValue: row[0]) else { continue }
            if !query.excludedAuthors.isEmpty, let author: String = row[3], query.excludedAuthors.contains(author) {
                continue
            }
            if !query.includeGroupChanges, !operation.isContactChange { continue }
            coalescer.apply(HistoryRow(operation: operation, identifier: row[1], related: row[2]))
        }
        return coalescer.changes
    }

    /// Every group, membership and subgroup as additions, for a full sync.
    private static func everyGroupChange(in db: Database) throws -> [HistoryChange] {
        var changes = try String.fetchAll(db, sql: #"SELECT identifier FROM "group" ORDER BY id"#).map(HistoryChange.addGroup)
        changes += try Row.fetchAll(
            db,
            sql: """
                SELECT contact.identifier, "group".identifier FROM group_member
                JOIN contact ON contact.id = group_member.contact_id JOIN "group" ON "group".id = group_member.group_id
                ORDER BY group_member.group_id, group_member.contact_id
                """
        ).map { HistoryChange.addMember(contact: $0[0], group: $0[1]) }
        changes += try Row.fetchAll(
            db,
            sql: """
                SELECT child.identifier, parent.identifier FROM subgroup
                JOIN "group" AS child ON child.id = subgroup.child_id JOIN "group" AS parent ON parent.id = subgroup.parent_id
                ORDER BY subgroup.parent_id, subgroup.child_id
                """
        ).map { HistoryChange.addSubgroup($0[0], group: $0[1]) }
        return changes
    }
}

extension ChangeOperation {
    /// Whether the row is about a contact rather than a group, membership or subgroup.
    package var isContactChange: Bool {
        switch self {
        case .addContact, .updateContact, .deleteContact: true
        default: false
        }
    }
}
