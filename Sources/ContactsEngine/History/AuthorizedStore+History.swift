import ContactsModel
import Foundation
import GRDB

extension AuthorizedStore {
    /// The token of the store's current state.
    package func currentHistoryToken() throws -> HistoryToken {
        try read { try HistoryLog.currentToken(in: $0) }
    }

    /// Decides what a history fetch returns, in one read transaction.
    ///
    /// Reads only the change-log rows after the token (the sequence is the primary key), so the cost
    /// follows the number of changes, not the size of the store; a restart reads the groups only.
    package func historyPlan(_ query: ChangeHistoryQuery) throws -> HistoryPlan {
        try read { db in
            let state = try HistoryState.read(in: db)
            let current = try HistoryLog.currentSequence(in: db)
            let token = HistoryToken(storeIdentifier: state.storeIdentifier, epoch: state.epoch, sequence: current)
            let lastContactID = try Int64.fetchOne(db, sql: "SELECT max(id) FROM contact") ?? 0
            if let restart = Self.restartReason(query.startingToken, state: state, current: current) {
                let changes =
                    query.includeGroupChanges ? try Self.everyGroupChange(visibility: access.visibility, in: db) : []
                return HistoryPlan(token: token, restart: restart, changes: changes, lastContactID: lastContactID)
            }
            let start = query.startingToken.flatMap(HistoryToken.init(data:))?.sequence ?? 0
            guard let changes = try coalescedChanges(after: start, through: current, query: query, in: db) else {
                let changes =
                    query.includeGroupChanges ? try Self.everyGroupChange(visibility: access.visibility, in: db) : []
                return HistoryPlan(
                    token: token, restart: .accessChanged, changes: changes, lastContactID: lastContactID)
            }
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

    /// The coalesced changes after a sequence, or nil when the reading app's access changed meanwhile.
    ///
    /// For a limited app (docs/Privacy.md, "Change history"): contact and membership rows of contacts
    /// outside its visible set are left out in SQL; a grant of a contact reads as an add, a revocation as a
    /// delete; access-change rows of other apps are skipped, and the person skips them all.
    private func coalescedChanges(
        after start: Int64, through end: Int64, query: ChangeHistoryQuery, in db: Database
    ) throws -> [HistoryChange]? {
        let skippedView = query.unify ? HistoryView.perContainer : HistoryView.unified
        var visible = ""
        if let visibility = access.visibility {
            visible =
                " AND (change_log.operation NOT IN (1, 2, 3, 7, 8) OR "
                + visibility.identifierCondition(column: "change_log.identifier") + ")"
        }
        let statement = try db.cachedStatement(
            sql: """
                SELECT change_log.operation, change_log.identifier, change_log.related_identifier, "transaction".author
                FROM change_log JOIN "transaction" ON "transaction".id = change_log.transaction_id
                WHERE change_log.sequence > ? AND change_log.sequence <= ? AND change_log.view != ?\(visible)
                ORDER BY change_log.sequence
                """
        )
        var coalescer = HistoryCoalescer()
        let cursor = try Row.fetchCursor(statement, arguments: [start, end, skippedView.rawValue])
        while let row = try cursor.next() {
            let raw: Int = row[0]
            if raw >= AccessChangeLog.grantContact {
                guard let reader = access.app?.bundleIdentifier, (row[2] as String?) == reader else { continue }
                switch raw {
                case AccessChangeLog.grantContact:
                    coalescer.apply(HistoryRow(operation: .addContact, identifier: row[1], related: nil))
                case AccessChangeLog.revokeContact:
                    coalescer.apply(HistoryRow(operation: .deleteContact, identifier: row[1], related: nil))
                case AccessChangeLog.accessChanged:
                    return nil
                default:
                    break
                }
                continue
            }
            guard let operation = ChangeOperation(rawValue: raw) else { continue }
            if !query.excludedAuthors.isEmpty, let author: String = row[3], query.excludedAuthors.contains(author) {
                continue
            }
            if !query.includeGroupChanges, !operation.isContactChange { continue }
            coalescer.apply(HistoryRow(operation: operation, identifier: row[1], related: row[2]))
        }
        return coalescer.changes
    }

    /// Every group, membership and subgroup as additions, for a full sync.
    private static func everyGroupChange(visibility: VisibleContacts?, in db: Database) throws -> [HistoryChange] {
        var changes = try String.fetchAll(db, sql: #"SELECT identifier FROM "group" ORDER BY id"#).map(
            HistoryChange.addGroup)
        let visible = visibility.map { " WHERE " + $0.contactCondition.sql } ?? ""
        changes += try Row.fetchAll(
            db,
            sql: """
                SELECT contact.identifier, "group".identifier FROM group_member
                JOIN contact ON contact.id = group_member.contact_id JOIN "group" ON "group".id = group_member.group_id\(visible)
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
