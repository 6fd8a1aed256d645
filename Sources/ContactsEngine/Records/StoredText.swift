import Foundation
import GRDB
import GRDBSQLite

/// Text read from a column with the byte length SQLite keeps for it, so U+0000 and what follows it survive.
///
/// GRDB reads a `String` as a C string, which ends at the first U+0000: a note "a\u{0}b" would come back as
/// "a". ``StatementBinder`` stores every byte of a string, and this reads every byte back.
///
/// Only rows of a cursor (`Row.fetchCursor`) read through ``init(sqliteStatement:index:)``; rows that
/// GRDB copies (`fetchOne`, `fetchAll`) hold its cut strings already, so code that reads contact text uses
/// cursors. Binding goes the same way: GRDB binds a `String` argument as a C string too, so text that may
/// hold U+0000 is bound with ``StatementBinder``, or as a blob cast to text in SQL.
/// StatementBinderTests fails if GRDB stops reading text through this initializer.
package struct StoredText: DatabaseValueConvertible, StatementColumnConvertible {
    package let string: String

    package init(_ string: String) {
        self.string = string
    }

    package init(sqliteStatement: SQLiteStatement, index: CInt) {
        // SQLite's order: the text first, then its length in bytes, which counts every U+0000.
        guard let text = sqlite3_column_text(sqliteStatement, index) else {
            string = ""
            return
        }
        let count = Int(sqlite3_column_bytes(sqliteStatement, index))
        // Most of a contact's text columns are empty: no decoding for them.
        string = count == 0 ? "" : String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// GRDB's value of the text, which binds as a C string; write text with ``StatementBinder``.
    package var databaseValue: DatabaseValue {
        string.databaseValue
    }

    package static func fromDatabaseValue(_ dbValue: DatabaseValue) -> StoredText? {
        String.fromDatabaseValue(dbValue).map(StoredText.init)
    }
}
