import ContactsModel
import Foundation
import GRDB
import GRDBSQLite

/// The `contact_value` rows of one contact as read, their text in one buffer, decoded per property on
/// first access (``DeferredLabeledValues``).
///
/// Two allocations for all of a contact's values, where decoding them when read took one labeled value,
/// one value object and up to four strings for each.
struct StoredLabeledValues: LabeledValueSource, @unchecked Sendable {
    // SAFETY: the text buffer is written only while the reader appends a contact's rows, before the values are
    // handed to the contact (DeferredLabeledValues), and an append to a buffer another copy shares copies it
    // first; after that every access reads. TODO(#17): a Sendable buffer type would make this checked.
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

    /// The texts' bytes, one after the other, `byteCount` of them written; the header is the room for bytes. Not
    /// an array: `Array.append(contentsOf:)` took about 100 instructions a text (a generic sequence's copy), four a
    /// value row, where this checks the room and copies the bytes. The room is in the header so these three fit
    /// an existential's inline buffer (``DeferredLabeledValues`` holds `any LabeledValueSource`): a fourth word
    /// would box each contact's values in an allocation of their own.
    private var text: ManagedBuffer<Int, UInt8>?
    private var byteCount = 0
    private var entries: [Entry] = []

    /// Whether no row was appended.
    var isEmpty: Bool { entries.isEmpty }

    /// Appends the current row of a statement that selects kind, identifier, label, value and detail at
    /// `kindColumn` and the four columns after it; text is read with its byte length, so U+0000 survives
    /// (see ``StoredText``).
    mutating func appendRow(of statement: SQLiteStatement, kindColumn: CInt) {
        appendRow(of: statement, kind: Int(sqlite3_column_int64(statement, kindColumn)), kindColumn: kindColumn)
    }

    /// ``appendRow(of:kindColumn:)`` for a caller that read the row's kind already.
    mutating func appendRow(of statement: SQLiteStatement, kind: Int, kindColumn: CInt) {
        if entries.isEmpty {
            // Room for a typical contact's rows (identifier, label, value and detail of four or five), so
            // the buffers do not grow through five sizes, each an allocation and a copy, per contact read.
            entries.reserveCapacity(Self.typicalRows)
        }
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
        let start = byteCount
        guard count > 0 else { return TextRange(start: start, count: 0) }
        if !isKnownUniquelyReferenced(&text) || start + count > byteCapacity {
            reallocateText(minimumCapacity: start + count)
        }
        text?.withUnsafeMutablePointerToElements { elements in
            (elements + start).initialize(from: bytes, count: count)
        }
        byteCount = start + count
        return TextRange(start: start, count: count)
    }

    /// Moves the written bytes to a buffer of its own with room for at least `minimumCapacity`: the typical
    /// contact's room at first, twice as much each time it grows.
    private mutating func reallocateText(minimumCapacity: Int) {
        let capacity = max(minimumCapacity, byteCapacity * 2, Self.typicalText)
        let buffer = ManagedBuffer<Int, UInt8>.create(minimumCapacity: capacity) { _ in capacity }
        if let text, byteCount > 0 {
            let count = byteCount
            text.withUnsafeMutablePointerToElements { old in
                buffer.withUnsafeMutablePointerToElements { new in new.initialize(from: old, count: count) }
            }
        }
        text = buffer
    }

    /// The room for bytes in ``text``; none before the first.
    private var byteCapacity: Int {
        text?.withUnsafeMutablePointerToHeader { $0.pointee } ?? 0
    }

    /// Calls `body` with the written bytes.
    private func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        guard let text else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        let count = byteCount
        return text.withUnsafeMutablePointerToElements { body(UnsafeBufferPointer(start: $0, count: count)) }
    }

    private func string(_ range: TextRange) -> String? {
        withBytes { Self.string(range, in: $0) }
    }

    /// The texts of the values ``decode(_:into:)`` builds, straight from the stored rows: the strings
    /// `LabeledValueRow.append(to:)` would put in the value objects, without the objects. Dates are not text
    /// on the wire (their components are), so they are left to the decoded values.
    func appendTexts(of property: ContactProperty, to texts: inout LabeledValueTexts) -> Bool {
        guard property != .dates, let kind = LabeledValueRow.kind(of: property) else { return false }
        // A value's first string is its `value` column, the rest are in `detail`: an instant message address's
        // service as it is, a postal address's or social profile's fields separated.
        let detailFields = LabeledValueTexts.width(of: property) - 1
        var count: UInt32 = 0
        withBytes { buffer in
            for entry in entries where entry.kind == kind {
                count += 1
                texts.appendValue(
                    identifier: Self.string(entry.identifier, in: buffer) ?? "",
                    label: Self.string(entry.label, in: buffer))
                texts.values.append(Self.string(entry.value, in: buffer) ?? "")
                if property == .instantMessageAddresses {
                    texts.values.append(Self.string(entry.detail, in: buffer) ?? "")
                } else if detailFields > 0 {
                    Self.appendFields(entry.detail, count: detailFields, in: buffer, to: &texts.values)
                }
            }
        }
        texts.counts.append(count)
        return true
    }

    /// Appends the first `count` fields of a `detail` column, each missing one empty, as
    /// `LabeledValueRow.detailFields(_:)` reads them, but split on the stored bytes.
    private static func appendFields(
        _ detail: TextRange, count: Int, in buffer: UnsafeBufferPointer<UInt8>, to values: inout [String]
    ) {
        let start = values.count
        defer {
            for _ in 0..<max(0, count - (values.count - start)) { values.append("") }
        }
        guard detail.count > 0 else { return }
        let bytes = UnsafeBufferPointer(rebasing: buffer[detail.start..<(detail.start + detail.count)])
        // U+001F is a control character, so it is a grapheme of its own and the byte 0x1F, which UTF-8 uses for
        // nothing else, splits the text where splitting its characters does. Without one, a "[" may open the
        // JSON form that a field holding U+001F is stored in: rare, read as every row is.
        guard bytes.contains(separator) else {
            if bytes.first == UInt8(ascii: "[") {
                values.append(
                    contentsOf: LabeledValueRow.detailFields(String(decoding: bytes, as: UTF8.self)).prefix(count))
            } else {
                values.append(String(decoding: bytes, as: UTF8.self))
            }
            return
        }
        var fieldStart = bytes.startIndex
        for index in bytes.indices where bytes[index] == separator {
            values.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[fieldStart..<index]), as: UTF8.self))
            fieldStart = index + 1
            if values.count - start == count { return }
        }
        values.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[fieldStart...]), as: UTF8.self))
    }

    private static let separator: UInt8 = 0x1F

    private static func string(_ range: TextRange, in buffer: UnsafeBufferPointer<UInt8>) -> String? {
        guard range.count >= 0 else { return nil }
        // Most of a value's texts (labels aside) are short or empty; an empty one needs no decoding.
        if range.count == 0 { return "" }
        return String(
            decoding: UnsafeBufferPointer(rebasing: buffer[range.start..<(range.start + range.count)]), as: UTF8.self)
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
