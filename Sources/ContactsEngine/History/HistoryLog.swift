import ContactsModel
import Foundation
import GRDB

/// Writes the change log inside save transactions, and reads its bookkeeping (store identifier, epoch,
/// horizon, current sequence).
///
/// Every change of a save is one row, in the save's transaction. A linked card's change gets two rows:
/// the card's own (per-container history) and its unified contact's update (unified history); link
/// changes write unified-only rows. docs/History.md describes the rows each save writes.
package enum HistoryLog {
    /// A value that tells this process's transactions from other processes', for external-change
    /// notifications. Immutable, made once per process.
    package static let processOrigin = UUID().uuidString

    /// Records one changed object in the current save transaction.
    ///
    /// - Parameters:
    ///   - operation: What changed.
    ///   - identifier: The contact or group (the member or subgroup for membership rows).
    ///   - related: The group of a membership or subgroup row.
    ///   - transactionID: The save's transaction row.
    package static func record(
        _ operation: ChangeOperation, _ identifier: String, related: String?, transactionID: Int64, in db: Database
    ) throws {
        var view = HistoryView.both
        switch operation {
        case .updateContact:
            if let link = try ContactLinker.unifiedIdentifier(ofContact: identifier, in: db), link != identifier {
                view = .perContainer
                try insert(.updateContact, link, related: nil, view: .unified, transactionID: transactionID, in: db)
            }
        case .deleteContact:
            view = try ContactLinker.contactWillBeDeleted(identifier, transactionID: transactionID, in: db)
        default:
            break
        }
        try insert(operation, identifier, related: related, view: view, transactionID: transactionID, in: db)
    }

    /// Writes one change-log row.
    package static func insert(
        _ operation: ChangeOperation, _ identifier: String, related: String?, view: HistoryView,
        transactionID: Int64, in db: Database
    ) throws {
        try db.cachedStatement(
            sql:
                "INSERT INTO change_log (transaction_id, operation, identifier, related_identifier, view) VALUES (?, ?, ?, ?, ?)"
        ).executeBinding { binder in
            binder.bind(transactionID)
            binder.bind(operation.rawValue)
            binder.bind(identifier)
            binder.bind(related)
            binder.bind(view.rawValue)
        }
    }

    /// Starts a transaction row for a change that is not a save request (linking), and returns its id.
    package static func beginTransaction(author: String?, in db: Database) throws -> Int64 {
        try db.execute(
            sql: #"INSERT INTO "transaction" (author, save_identifier, timestamp, origin) VALUES (?, NULL, ?, ?)"#,
            arguments: [author, Date().timeIntervalSince1970, processOrigin]
        )
        return db.lastInsertedRowID
    }

    /// Runs at the end of each save transaction: tags it with this process, links the saved contacts that
    /// are the same person as contacts in other containers, and prunes the log now and then.
    package static func didPerformSave(
        transactionID: Int64, retention: HistoryRetention = .standard, in db: Database
    ) throws {
        try db.cachedStatement(sql: #"UPDATE "transaction" SET origin = ? WHERE id = ?"#)
            .execute(arguments: [processOrigin, transactionID])
        try AutomaticLinking.linkSavedContacts(transactionID: transactionID, in: db)
        if transactionID % retention.pruneInterval == 0 {
            try prune(retention, now: Date(), in: db)
        }
    }

    // MARK: Bookkeeping

    /// The highest change-log sequence ever written, 0 for none; pruning never lowers it.
    package static func currentSequence(in db: Database) throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT seq FROM sqlite_sequence WHERE name = 'change_log'")) ?? 0
    }

    /// The token of the store's current state.
    package static func currentToken(in db: Database) throws -> HistoryToken {
        let state = try HistoryState.read(in: db)
        return HistoryToken(
            storeIdentifier: state.storeIdentifier, epoch: state.epoch, sequence: try currentSequence(in: db))
    }

    /// Deletes the rows the retention lets go and moves the horizon past them.
    ///
    /// - Returns: The number of rows deleted.
    @discardableResult
    package static func prune(_ retention: HistoryRetention, now: Date, in db: Database) throws -> Int {
        let newest = try currentSequence(in: db)
        let cutoffTime = now.timeIntervalSince1970 - retention.minimumAge
        let oldTransaction = try Int64.fetchOne(
            db, sql: #"SELECT max(id) FROM "transaction" WHERE timestamp < ?"#, arguments: [cutoffTime]
        )
        var cutoff: Int64 = 0
        if let oldTransaction {
            let oldSequence =
                try Int64.fetchOne(
                    db, sql: "SELECT max(sequence) FROM change_log WHERE transaction_id <= ?",
                    arguments: [oldTransaction]
                ) ?? 0
            cutoff = min(oldSequence, newest - retention.minimumRows)
        }
        cutoff = max(cutoff, newest - retention.maximumRows)
        var state = try HistoryState.read(in: db)
        guard cutoff > state.horizon else { return 0 }
        try db.execute(sql: "DELETE FROM change_log WHERE sequence <= ?", arguments: [cutoff])
        let deleted = db.changesCount
        // Transactions before the oldest remaining row have nothing left to describe.
        try db.execute(
            sql:
                #"DELETE FROM "transaction" WHERE id < (SELECT coalesce(min(transaction_id), (SELECT max(id) FROM "transaction")) FROM change_log)"#
        )
        state.horizon = cutoff
        try state.write(in: db)
        return deleted
    }
}

/// The history settings kept in `store_setting`.
package struct HistoryState: Sendable {
    package var storeIdentifier: UUID
    package var epoch: Int64
    /// The last pruned sequence: tokens below it have expired.
    package var horizon: Int64

    package static func read(in db: Database) throws -> HistoryState {
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql:
                    "SELECT key, value FROM store_setting WHERE key IN ('storeIdentifier', 'historyEpoch', 'historyHorizon')"
            )
        )
        var values: [String: String] = [:]
        for row in rows { values[row[0]] = row[1] }
        guard let identifier = values["storeIdentifier"].flatMap(UUID.init(uuidString:)) else {
            throw StoreError(.databaseFailure, "the store has no history identifier")
        }
        return HistoryState(
            storeIdentifier: identifier,
            epoch: values["historyEpoch"].flatMap(Int64.init) ?? 1,
            horizon: values["historyHorizon"].flatMap(Int64.init) ?? 0
        )
    }

    package func write(in db: Database) throws {
        try db.execute(
            sql: "INSERT OR REPLACE INTO store_setting (key, value) VALUES ('historyEpoch', ?), ('historyHorizon', ?)",
            arguments: [String(epoch), String(horizon)]
        )
    }
}
