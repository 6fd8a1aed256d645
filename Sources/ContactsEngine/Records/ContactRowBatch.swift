import ContactsModel
import Foundation
import GRDB
import GRDBSQLite

/// The rows of new contacts, held back and written many rows a statement: the contact rows, their labeled
/// values, phone keys and name tokens, and for an import their UIDs, unknown properties and `addContact` log rows.
///
/// An import adds thousands of contacts in one transaction, each a row with three or four labeled values, one or
/// two phone keys, a few name tokens, a UID, an unknown property or two and a log row: about ten statements a
/// contact when written one row (or one contact's tokens) a statement, each paying SQLite's per-statement work
/// (the program's prologue, opening the table and index cursors, descending them from the root, halting,
/// resetting) and GRDB's around it. Here up to ``rowsPerStatement`` rows share one.
///
/// Contact rows get their row ids here, as their other rows need them before the rows exist: the ids SQLite
/// itself gives a table without `AUTOINCREMENT`, one above the largest, read when the first row is held. Nothing
/// else inserts contacts while contacts are held, so the store is the same row for row as with one insert a row.
/// Labeled values have no row id: their key is their contact's id, kind and position.
///
/// The rows are in no table until ``write(in:)``: whoever holds a batch writes it before anything reads or
/// writes those tables (or the change log) in the same transaction, and before the transaction commits.
package final class ContactRowBatch {
    private struct Contact {
        var id: Int64
        var containerID: Int64
        var contact: PreparedContact
    }

    private struct Value {
        var contactID: Int64
        var value: PreparedContact.Value
    }

    private struct Token {
        var token: String
        var contactID: Int64
    }

    /// A phone key names its value by contact and position (its kind is phone numbers').
    private struct PhoneKey {
        var key: String
        var contactID: Int64
        var position: Int
    }

    private struct UID {
        var contactID: Int64
        var containerID: Int64
        var uid: String
    }

    private struct Unknown {
        var contactID: Int64
        var position: Int
        var property: StoredUnknownProperty
    }

    /// The most rows one statement inserts. 128 contact rows bind 3,072 parameters, below SQLite's default limit
    /// (32,766; a build with a lower one gets fewer rows a statement, ``maximumRows(columns:in:)``).
    package static let rowsPerStatement = 128

    private let stagesKeys: Bool
    private var contacts: [Contact] = []
    private var values: [Value] = []
    private var tokens: [Token] = []
    private var uids: [UID] = []
    private var unknowns: [Unknown] = []
    /// The identifiers of held `addContact` log rows, and the transaction row they belong to.
    private var logged: [String] = []
    private var logTransactionID: Int64 = 0
    /// The id the next held contact gets; nil while no contact is held.
    private var nextContactID: Int64?
    /// The prepared statements by table and row count, so a write does not look each one up by its SQL text.
    private var statements: [Int: Statement] = [:]

    /// - Parameter stagesKeys: Whether new keys go to the staging tables and sort indexes (``IndexStaging``).
    package init(stagesKeys: Bool) {
        self.stagesKeys = stagesKeys
    }

    /// Whether no row waits.
    package var isEmpty: Bool {
        contacts.isEmpty && values.isEmpty && tokens.isEmpty && uids.isEmpty && unknowns.isEmpty && logged.isEmpty
    }

    /// How many contacts wait.
    package var contactCount: Int { contacts.count }

    /// The held contacts past which their holder writes them: enough for full statements of every table, few
    /// enough that the held rows stay a few MB (holding a whole import batch of 5,000 cards until the next
    /// one raised the peak resident set of a 100,000-card import from 177 MB to 197 MB).
    package static let contactsPerWrite = 512

    /// Holds a new contact's row with its labeled values (and their phone keys) and name tokens.
    ///
    /// - Returns: The contact's row id.
    func add(_ contact: PreparedContact, containerID: Int64, in db: Database) throws -> Int64 {
        let id: Int64
        if let next = nextContactID {
            id = next
        } else {
            // One seek on the primary key.
            let largest = try Int64.fetchOne(db.cachedStatement(sql: "SELECT max(id) FROM contact")) ?? 0
            // At the largest possible id SQLite picks random free ids instead; only a crafted store gets near it.
            // The margin leaves room for any number of held contacts.
            guard largest < Int64.max - Int64(Int32.max) else {
                throw StoreError(.databaseFailure, "contact row ids are exhausted")
            }
            id = largest + 1
        }
        nextContactID = id + 1
        contacts.append(Contact(id: id, containerID: containerID, contact: contact))
        for value in contact.values {
            values.append(Value(contactID: id, value: value))
        }
        for token in contact.nameTokens {
            tokens.append(Token(token: token, contactID: id))
        }
        return id
    }

    /// Holds a new contact's UID row.
    package func addUID(_ uid: String, contactID: Int64, containerID: Int64) {
        uids.append(UID(contactID: contactID, containerID: containerID, uid: uid))
    }

    /// Holds a new contact's unknown properties.
    package func addUnknownProperties(_ properties: [StoredUnknownProperty], contactID: Int64) {
        for (position, property) in properties.enumerated() {
            unknowns.append(Unknown(contactID: contactID, position: position, property: property))
        }
    }

    /// Holds an `addContact` change-log row (both views), as ``HistoryLog/record(_:_:related:transactionID:in:)``
    /// writes for a new contact. Rows of one batch must share their transaction.
    package func addContactLog(_ identifier: String, transactionID: Int64) {
        precondition(logged.isEmpty || logTransactionID == transactionID, "one transaction's log rows a batch")
        logTransactionID = transactionID
        logged.append(identifier)
    }

    /// Writes every row held and empties the batch.
    package func write(in db: Database) throws {
        guard !isEmpty else { return }
        defer {
            contacts.removeAll(keepingCapacity: true)
            values.removeAll(keepingCapacity: true)
            tokens.removeAll(keepingCapacity: true)
            uids.removeAll(keepingCapacity: true)
            unknowns.removeAll(keepingCapacity: true)
            logged.removeAll(keepingCapacity: true)
            nextContactID = nil
        }
        // Contacts first: the other rows refer to them.
        if !contacts.isEmpty {
            let contacts = self.contacts
            try insert(.contacts, count: contacts.count, in: db) { binder, index in
                let held = contacts[index]
                binder.bind(held.id)
                ContactWriter.bindRow(of: held.contact, containerID: held.containerID, to: &binder)
            }
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
        if !uids.isEmpty {
            let uids = self.uids
            try insert(.uids, count: uids.count, in: db) { binder, index in
                binder.bind(uids[index].contactID)
                binder.bind(uids[index].containerID)
                binder.bind(uids[index].uid)
            }
        }
        if !unknowns.isEmpty {
            let unknowns = self.unknowns
            try insert(.unknownProperties, count: unknowns.count, in: db) { binder, index in
                let held = unknowns[index]
                binder.bind(held.contactID)
                binder.bind(held.position)
                binder.bindColumns(of: held.property)
            }
        }
        if !logged.isEmpty {
            // In the order the contacts were added, so the log's sequence numbers follow the cards.
            let logged = self.logged
            let transactionID = logTransactionID
            try insert(.log, count: logged.count, in: db) { binder, index in
                binder.bind(transactionID)
                binder.bind(ChangeOperation.addContact.rawValue)
                binder.bind(logged[index])
                binder.bindNull()
                binder.bind(HistoryView.both.rawValue)
            }
        }
    }

    private func writeValues(in db: Database) throws {
        let values = self.values
        var phoneKeys: [PhoneKey] = []
        for value in values {
            if let key = value.value.phoneKey {
                phoneKeys.append(PhoneKey(key: key, contactID: value.contactID, position: value.value.row.position))
            }
        }
        // Held in contact order, each contact's by kind and position: the rows go in in key order.
        try insert(.values, count: values.count, in: db) { binder, index in
            let value = values[index]
            let row = value.value.row
            binder.bind(value.contactID)
            binder.bindColumns(of: row)
        }
        if !phoneKeys.isEmpty {
            try insert(.phoneKeys, count: phoneKeys.count, in: db) { binder, index in
                binder.bind(phoneKeys[index].key)
                binder.bind(phoneKeys[index].contactID)
                binder.bind(phoneKeys[index].position)
            }
        }
    }

    // MARK: Statements

    private enum Table: Int {
        case contacts, values, phoneKeys, nameTokens, uids, unknownProperties, log
    }

    /// `OR FAIL`, not the default `ABORT`: a statement of many rows that may abort halfway makes SQLite keep a
    /// statement journal of every page it changes, to undo the rows before the failing one. A failure fails the
    /// whole import anyway, which then rolls back its transaction, so those rows need no undoing of their own.
    /// (`OR IGNORE` statements never abort on a conflict.)
    private func sqlPrefix(_ table: Table) -> (prefix: String, row: String, columns: Int) {
        func row(_ columns: Int, suffix: String = "") -> String {
            "(" + Array(repeating: "?", count: columns).joined(separator: ", ") + suffix + ")"
        }
        switch table {
        case .contacts:
            let columns =
                ["id", "identifier", "container_id"]
                + ContactColumns.scalarProperties.compactMap(ContactColumns.column(of:)) + [
                    "sort_given", "sort_family", "name_words",
                ]
            return (
                "INSERT OR FAIL INTO contact (\(columns.joined(separator: ", ")), staged) VALUES ",
                row(columns.count, suffix: stagesKeys ? ", 1" : ", 0"), columns.count
            )
        case .values:
            return (
                "INSERT OR FAIL INTO contact_value (contact_id, kind, position, identifier, label, value, detail, search) VALUES ",
                row(8), 8
            )
        case .phoneKeys:
            return (
                "INSERT OR IGNORE INTO \(stagesKeys ? "phone_index_staged" : "phone_index") (key, contact_id, position) VALUES ",
                row(3), 3
            )
        case .nameTokens:
            return (
                "INSERT OR IGNORE INTO \(stagesKeys ? "name_index_staged" : "name_index") (token, contact_id) VALUES ",
                row(2), 2
            )
        case .uids:
            // A new contact's UID matched no stored UID (else its card would update that contact): plain inserts.
            return ("INSERT OR FAIL INTO contact_uid (contact_id, container_id, uid) VALUES ", row(3), 3)
        case .unknownProperties:
            return (
                #"INSERT OR FAIL INTO unknown_property (contact_id, position, "group", name, parameters, value) VALUES "#,
                row(6), 6
            )
        case .log:
            return (
                "INSERT OR FAIL INTO change_log (transaction_id, operation, identifier, related_identifier, view) VALUES ",
                row(5), 5
            )
        }
    }

    /// Inserts `count` rows into a table, up to ``rowsPerStatement`` a statement and the rest in statements of
    /// powers of two rows, so a table needs at most eight prepared statements however many rows come.
    private func insert(
        _ table: Table, count: Int, in db: Database, bind: (inout StatementBinder, Int) -> Void
    ) throws {
        let most = try maximumRows(table, in: db)
        var start = 0
        while start < count {
            let remaining = count - start
            let rows = remaining >= most ? most : 1 << (Int.bitWidth - 1 - remaining.leadingZeroBitCount)
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

    /// Room for the text of a full statement without copies (contact rows take about 250 bytes each).
    private static let arenaSize = 32_768

    private var maximumRowsByTable: [Int: Int] = [:]

    /// ``rowsPerStatement``, or fewer (a power of two) when SQLite's parameter limit allows fewer.
    private func maximumRows(_ table: Table, in db: Database) throws -> Int {
        if let rows = maximumRowsByTable[table.rawValue] { return rows }
        let limit = Int(sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_VARIABLE_NUMBER, -1))
        var rows = Self.rowsPerStatement
        while rows > 1, rows * sqlPrefix(table).columns > limit { rows /= 2 }
        maximumRowsByTable[table.rawValue] = rows
        return rows
    }

    private func statement(_ table: Table, rows: Int, in db: Database) throws -> Statement {
        let key = table.rawValue << 16 | rows
        if let statement = statements[key] { return statement }
        let (prefix, row, _) = sqlPrefix(table)
        let statement = try db.cachedStatement(sql: prefix + Array(repeating: row, count: rows).joined(separator: ", "))
        statements[key] = statement
        return statement
    }
}
