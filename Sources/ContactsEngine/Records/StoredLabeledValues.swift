import ContactsModel
import Foundation
import GRDB
import GRDBSQLite

/// The `contact_value` rows of one contact as read, their text in one buffer, decoded per property on
/// first access (``DeferredLabeledValues``).
///
/// Two allocations for all of a contact's values, where decoding them when read took one labeled value,
/// one value object and up to four strings for each.
struct StoredLabeledValues: LabeledValueSource {
    /// One row: its kind and where each of its texts lies in ``text``.
    private struct Entry {
        var kind: Int
        var identifier: TextRange
        var label: TextRange
        var value: TextRange
        var detail: TextRange
    }

    /// Where a column's text lies in the buffer; a negative count stands for NULL.
    private struct TextRange {
        var start: Int
        var count: Int
    }

    private static let typicalRows = 8
    private static let typicalText = 512

    private var text: [UInt8] = []
    private var entries: [Entry] = []

    /// Whether no row was appended.
    var isEmpty: Bool { entries.isEmpty }

    /// Appends the current row of a statement that selects kind, identifier, label, value and detail at
    /// `kindColumn` and the four columns after it; text is read with its byte length, so U+0000 survives
    /// (see ``StoredText``).
    mutating func appendRow(of statement: SQLiteStatement, kindColumn: CInt) {
        if entries.isEmpty {
            // Room for a typical contact's rows (identifier, label, value and detail of four or five), so
            // the buffers do not grow through five sizes, each an allocation and a copy, per contact read.
            entries.reserveCapacity(Self.typicalRows)
            text.reserveCapacity(Self.typicalText)
        }
        let kind = Int(sqlite3_column_int64(statement, kindColumn))
        entries.append(
            Entry(
                kind: kind,
                identifier: appendText(of: statement, column: kindColumn + 1),
                label: appendText(of: statement, column: kindColumn + 2),
                value: appendText(of: statement, column: kindColumn + 3),
                detail: appendText(of: statement, column: kindColumn + 4)
            )
        )
    }

    private mutating func appendText(of statement: SQLiteStatement, column: CInt) -> TextRange {
        // SQLite's order: the text first, then its length in bytes.
        guard let bytes = sqlite3_column_text(statement, column) else {
            return TextRange(start: 0, count: -1)
        }
        let count = Int(sqlite3_column_bytes(statement, column))
        let start = text.count
        text.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
        return TextRange(start: start, count: count)
    }

    private func string(_ range: TextRange) -> String? {
        guard range.count >= 0 else { return nil }
        let start = range.start
        return text.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<(start + range.count)]), as: UTF8.self)
        }
    }

    func decode(_ property: ContactProperty, into lists: inout LabeledValueLists) {
        guard let kind = LabeledValueRow.kind(of: property) else { return }
        for entry in entries where entry.kind == kind {
            let row = LabeledValueRow(
                kind: kind, position: 0, identifier: string(entry.identifier) ?? "", label: string(entry.label),
                value: string(entry.value) ?? "", detail: string(entry.detail), search: nil
            )
            row.append(to: &lists)
        }
    }
}
