import ContactsModel
import GRDB
import GRDBSQLite

/// Takes a page of contacts as the store reads it, column by column from SQLite's rows, with no
/// `ContactStorage` and no `String` in between (``AuthorizedStore/contactPage(_:from:seen:limit:into:)``).
///
/// contactsd encodes an enumeration's batches straight from the rows: building each contact's storage and then
/// copying its strings into the batch's message cost it more than the embedded store spends on the whole read
/// (docs/Daemon.md, "Performance").
package protocol ContactPageSink {
    /// Called once before the page's rows: the keys every contact holds (the identifier's included, the app's
    /// access applied), the properties the contact rows hold in their column order (``StoredRow/text(_:)`` of
    /// column `index` is `scalars[index]`), and whether the contacts are unified ones, each merging its own card
    /// alone (its linked identifiers are its identifier).
    mutating func begin(keys: ContactKeySet, scalars: [ContactProperty], unifiedAlone: Bool)
    /// One contact's row, in page order.
    mutating func appendContact(identifier: StoredRow.Text, row: StoredRow)
    /// One stored labeled value of the contact at `index` (page order). Rows come contact after contact in
    /// row-id order, each contact's values by kind, then position; not in page order when the page is sorted.
    mutating func appendLabeledValue(
        of index: Int, property: ContactProperty, identifier: StoredRow.Text, label: StoredRow.Text,
        value: StoredRow.Text, detail: StoredRow.Text)
}

/// The current row of a statement the store steps, read by column; valid only during the sink's call that
/// hands it over (the bytes belong to SQLite and change with the next step).
package struct StoredRow {
    /// A text column's bytes, every one of them (U+0000 too, see ``StoredText``); nil for NULL.
    package typealias Text = UnsafeBufferPointer<UInt8>?

    private let statement: SQLiteStatement
    /// Where the scalar columns start.
    private let offset: CInt

    init(_ statement: SQLiteStatement, offset: CInt) {
        self.statement = statement
        self.offset = offset
    }

    /// Scalar column `index` (``ContactPageSink/begin(scalars:)``) as text.
    package func text(_ index: Int) -> Text {
        Self.text(statement, offset + CInt(index))
    }

    /// Scalar column `index` as an integer; 0 for NULL.
    package func integer(_ index: Int) -> Int64 {
        sqlite3_column_int64(statement, offset + CInt(index))
    }

    static func text(_ statement: SQLiteStatement, _ column: CInt) -> Text {
        // SQLite's order: the text first, then its length in bytes.
        guard let bytes = sqlite3_column_text(statement, column) else { return nil }
        return UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, column)))
    }
}

@available(*, unavailable)
extension StoredRow: Sendable {}

/// The fields of a stored labeled value's `detail` column, as the store's own readers split them.
package enum StoredDetail {
    private static let separator: UInt8 = 0x1F

    /// Calls `field` with each of the first `count` fields of a postal address's or social profile's
    /// `detail` (the fields after the first, which is in `value`), an empty one for each missing field: what
    /// `StoredLabeledValues.appendTexts` gives for the same text.
    package static func forEachField(
        of detail: StoredRow.Text, count: Int, _ field: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        var given = 0
        defer {
            for _ in 0..<max(0, count - given) { field(UnsafeBufferPointer(start: nil, count: 0)) }
        }
        guard let bytes = detail, bytes.count > 0, count > 0 else { return }
        // U+001F is the byte 0x1F, which UTF-8 uses for nothing else. Without one, a "[" may open the JSON form
        // that a field holding U+001F is stored in (LabeledValueRow.detailFields).
        guard bytes.contains(separator) else {
            guard bytes.first == UInt8(ascii: "[") else {
                field(bytes)
                given = 1
                return
            }
            for text in LabeledValueRow.detailFields(String(decoding: bytes, as: UTF8.self)).prefix(count) {
                var text = text
                text.withUTF8 { field($0) }
                given += 1
            }
            return
        }
        var fieldStart = bytes.startIndex
        for index in bytes.indices where bytes[index] == separator {
            field(UnsafeBufferPointer(rebasing: bytes[fieldStart..<index]))
            given += 1
            fieldStart = index + 1
            if given == count { return }
        }
        field(UnsafeBufferPointer(rebasing: bytes[fieldStart...]))
        given += 1
    }
}
