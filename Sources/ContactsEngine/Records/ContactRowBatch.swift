import ContactsModel
import Foundation
import GRDB

/// The labeled values, phone keys and name tokens of new contacts, held back and written many rows a statement.
///
/// An import adds thousands of contacts in one transaction, each with three or four labeled values, one or two
/// phone keys and a few name tokens. Written a row (or a contact's tokens) a statement, each row paid SQLite's
/// per-statement work (running the program's prologue, opening the table and index cursors, descending them
/// from the root, halting, resetting) and GRDB's around it; here up to ``rowsPerStatement`` rows share one.
///
/// A labeled value's row id is needed by its phone key before the row exists, so the rows get their ids here:
/// the ids SQLite itself gives a table without `AUTOINCREMENT` (one above the largest, read when the rows are
/// written), so the store is the same row for row as with one insert a value.
///
/// The rows are in no table until ``write(in:)``: whoever holds a batch writes it before anything reads those
/// tables in the same transaction, and before the transaction commits.
package final class ContactRowBatch {
    private struct Value {
        var contactID: Int64
        var value: PreparedContact.Value
    }

    private struct Token {
        var token: String
        var contactID: Int64
    }

    private struct PhoneKey {
        var key: String
        var valueID: Int64
        var contactID: Int64
    }

    /// The most rows one statement inserts. 128 labeled values bind 1,024 parameters, far below SQLite's limit
    /// (32,766); larger statements saved nothing more in measurements.
    package static let rowsPerStatement = 128

    private let stagesKeys: Bool
    private var values: [Value] = []
    private var tokens: [Token] = []
    /// The prepared statements by table and row count, so a write does not look each one up by its SQL text.
    private var statements: [Int: Statement] = [:]

    /// - Parameter stagesKeys: Whether phone keys and name tokens go to the staging tables (``IndexStaging``).
    package init(stagesKeys: Bool) {
        self.stagesKeys = stagesKeys
    }

    /// Whether no row waits.
    package var isEmpty: Bool { values.isEmpty && tokens.isEmpty }

    /// Holds a new contact's labeled values (with their phone keys) and name tokens.
    func add(values newValues: [PreparedContact.Value], nameTokens: Set<String>, contactID: Int64) {
        for value in newValues {
            values.append(Value(contactID: contactID, value: value))
        }
        for token in nameTokens {
            tokens.append(Token(token: token, contactID: contactID))
        }
    }

    /// Writes every row held and empties the batch.
    package func write(in db: Database) throws {
        guard !isEmpty else { return }
        defer {
            values.removeAll(keepingCapacity: true)
            tokens.removeAll(keepingCapacity: true)
        }
        if !values.isEmpty {
            try writeValues(in: db)
        }
        if !tokens.isEmpty {
            let tokens = self.tokens
            try insert(.nameTokens, count: tokens.count, in: db) { binder, index in
                binder.bind(tokens[index].token)
                binder.bind(tokens[index].contactID)
            }
        }
    }

    private func writeValues(in db: Database) throws {
        // One seek on the primary key.
        let largestID = try Int64.fetchOne(db.cachedStatement(sql: "SELECT max(id) FROM contact_value")) ?? 0
        guard largestID <= Int64.max - Int64(values.count) else {
            // SQLite would pick random free ids past the largest one; never seen outside a crafted store.
            throw StoreError(.databaseFailure, "contact_value row ids are exhausted")
        }
        let values = self.values
        var phoneKeys: [PhoneKey] = []
        for (offset, value) in values.enumerated() {
            if let key = value.value.phoneKey {
                phoneKeys.append(PhoneKey(key: key, valueID: largestID + 1 + Int64(offset), contactID: value.contactID))
            }
        }
        try insert(.values, count: values.count, in: db) { binder, index in
            let value = values[index]
            let row = value.value.row
            binder.bind(largestID + 1 + Int64(index))
            binder.bind(value.contactID)
            binder.bind(row.kind)
            binder.bind(row.position)
            binder.bind(row.identifier)
            binder.bind(row.label)
            binder.bind(row.value)
            binder.bind(row.detail)
            binder.bind(row.search)
        }
        if !phoneKeys.isEmpty {
            try insert(.phoneKeys, count: phoneKeys.count, in: db) { binder, index in
                binder.bind(phoneKeys[index].key)
                binder.bind(phoneKeys[index].valueID)
                binder.bind(phoneKeys[index].contactID)
            }
        }
    }

    // MARK: Statements

    private enum Table: Int {
        case values, phoneKeys, nameTokens
    }

    private func sqlPrefix(_ table: Table) -> (prefix: String, columns: Int) {
        switch table {
        case .values:
            ("INSERT INTO contact_value (id, contact_id, kind, position, identifier, label, value, detail, search) VALUES ", 9)
        case .phoneKeys:
            ("INSERT OR IGNORE INTO \(stagesKeys ? "phone_index_staged" : "phone_index") (key, value_id, contact_id) VALUES ", 3)
        case .nameTokens:
            ("INSERT OR IGNORE INTO \(stagesKeys ? "name_index_staged" : "name_index") (token, contact_id) VALUES ", 2)
        }
    }

    /// Inserts `count` rows into a table, ``rowsPerStatement`` a statement and the rest in statements of
    /// powers of two rows, so a table needs at most eight prepared statements however many rows come.
    private func insert(
        _ table: Table, count: Int, in db: Database, bind: (inout StatementBinder, Int) -> Void
    ) throws {
        var start = 0
        while start < count {
            let remaining = count - start
            let rows = remaining >= Self.rowsPerStatement ? Self.rowsPerStatement : 1 << (Int.bitWidth - 1 - remaining.leadingZeroBitCount)
            let statement = try self.statement(table, rows: rows, in: db)
            let first = start
            try statement.executeBinding(arenaSize: Self.arenaSize) { binder in
                for index in first..<(first + rows) {
                    bind(&binder, index)
                }
            }
            start += rows
        }
    }

    /// Room for the text of a full statement of labeled values without copies (about 100 bytes a row).
    private static let arenaSize = 16_384

    private func statement(_ table: Table, rows: Int, in db: Database) throws -> Statement {
        let key = table.rawValue << 16 | rows
        if let statement = statements[key] { return statement }
        let (prefix, columns) = sqlPrefix(table)
        let row = "(" + Array(repeating: "?", count: columns).joined(separator: ", ") + ")"
        let statement = try db.cachedStatement(sql: prefix + Array(repeating: row, count: rows).joined(separator: ", "))
        statements[key] = statement
        return statement
    }
}
