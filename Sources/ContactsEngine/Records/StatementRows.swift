import Foundation
import GRDB
import GRDBSQLite

/// A cursor over the rows of a statement that hands out the SQLite statement itself, for readers that take
/// their columns by position straight from SQLite.
///
/// GRDB's row cursor (`Row.fetchCursor`) builds a dictionary of the statement's column names, lowercased,
/// every time one is made, so rows can be read by name. The store reads by position only, and for a fetch
/// of one contact building that dictionary for the contact's 19 columns and the values' 6 cost more than
/// reading the contact (callgrind, docs/Store.md).
///
/// As every database cursor, valid only inside the database access that made it.
final class StatementRows: DatabaseCursor {
    typealias Element = SQLiteStatement

    let _statement: Statement
    var _isDone = false

    /// Starts the statement again with `arguments` (reset and bound, as GRDB's own cursors do).
    init(_ statement: Statement, arguments: StatementArguments = StatementArguments()) throws {
        _statement = statement
        try statement.setArguments(arguments)
    }

    deinit {
        // As GRDB's cursors do when they end, so the cached statement holds no read open; the error of a
        // failed step was thrown by next() already, and sqlite3_reset only repeats it.
        sqlite3_reset(_statement.sqliteStatement)
    }

    func _element(sqliteStatement: SQLiteStatement) -> SQLiteStatement {
        sqliteStatement
    }
}

@available(*, unavailable)
extension StatementRows: Sendable {}

/// Column reads of the current row of a stepped statement, by position.
enum StatementColumn {
    static func int64(_ statement: SQLiteStatement, _ index: CInt) -> Int64 {
        sqlite3_column_int64(statement, index)
    }

    static func isNull(_ statement: SQLiteStatement, _ index: CInt) -> Bool {
        sqlite3_column_type(statement, index) == SQLITE_NULL
    }

    /// The column's text with every byte (``StoredText``); "" for NULL.
    static func text(_ statement: SQLiteStatement, _ index: CInt) -> String {
        StoredText(sqliteStatement: statement, index: index).string
    }

    /// The column's length in bytes as text, 0 for NULL, asked before its text: then the text of a column
    /// whose length is 0 need not be asked for (``text(_:_:byteCount:)``).
    ///
    /// SQLite's documented order is the text first, since asking for the text may convert the value. In a
    /// UTF-8 database text is not converted, a blob's length is that of its bytes, which are its text, and a
    /// number's length is counted on the text made for it (`sqlite3ValueBytes`), the text asked for next: the
    /// two agree in either order (ContactReaderTests.textColumnsWrittenByAnotherProgramReadAsBefore).
    static func textByteCount(_ statement: SQLiteStatement, _ index: CInt) -> Int {
        Int(sqlite3_column_bytes(statement, index))
    }

    /// The date components of a column written by ``DateCoding/encode(_:)``, decoded from its bytes without
    /// a string made first (a NULL or empty column decodes to none, as its empty text does).
    static func date(_ statement: SQLiteStatement, _ index: CInt) -> DateComponents {
        // SQLite's order: the text first, then its length in bytes.
        guard let text = sqlite3_column_text(statement, index) else { return DateCoding.decode("") }
        let count = Int(sqlite3_column_bytes(statement, index))
        return DateCoding.decode(utf8: UnsafeBufferPointer(start: text, count: count))
    }

    /// The column's text of `byteCount` bytes (``textByteCount(_:_:)``, not 0), every byte kept.
    static func text(_ statement: SQLiteStatement, _ index: CInt, byteCount: Int) -> String {
        guard let text = sqlite3_column_text(statement, index) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: text, count: byteCount), as: UTF8.self)
    }
}
