import ContactsProtocol
import ContactsSystem

/// Field keys (field number << 3 | wire type) of the messages a contact batch is made of, for the batches
/// contactsd writes by hand (``ColumnBatchEncoder``); the numbers are Protocol/contacts/v1/contacts.proto's.
enum WireTag {
    static func of(_ field: UInt64, lengthDelimited: Bool = true) -> UInt64 { field << 3 | (lengthDelimited ? 2 : 0) }
    // ServerMessage
    static let messageID = of(1, lengthDelimited: false)
    static let contactBatch = of(6)
    // ContactBatch
    static let last = of(2, lengthDelimited: false)
    static let batchKeys = of(50)
    static let batchIdentifiers = of(51)
    static let identifiersUnified = of(52, lengthDelimited: false)
    static let columns = of(53)
    // ContactColumns
    static let identifiers = of(1)
    static let linkedAlone = of(4, lengthDelimited: false)
    static let strings = of(5)
    static let contactTypes = of(6)
    static let imageDataAvailable = of(7)
    static let dates = of(8)
    static let labeled = of(9)
    // StringColumn, DateColumn and LabeledColumn: the key is field 1 of each.
    static let columnKey = of(1)
    static let stringValues = of(2)
    static let datePresent = of(2)
    static let dateValues = of(3)
    static let labeledCounts = of(2)
    static let labeledIdentifiers = of(3)
    static let labelPresent = of(4)
    static let labels = of(5)
    static let labeledValues = of(6)
    static let labeledDates = of(7)
}

/// Protocol buffers' wire form appended by hand: length-delimited fields, packed lists (the varints are
/// ContactsProtocol's `appendVarint`, shared with the contact reply's writer).
extension [UInt8] {
    /// A string field from stored text; NULL is the empty string, as the store reads it. Text that is not
    /// valid UTF-8 (a damaged file) is repaired as `String(decoding:as:)` repairs it on the general path.
    mutating func appendString(_ tag: UInt64, _ text: StoredRow.Text) {
        appendVarint(tag)
        guard let text, !text.isEmpty else { return append(0) }
        // Most stored text is ASCII, valid as it is; the rest is checked by decoding it.
        if text.allSatisfy({ $0 < 0x80 }) {
            appendVarint(UInt64(text.count))
            append(contentsOf: text)
            return
        }
        var string = String(decoding: text, as: UTF8.self)
        string.withUTF8 { bytes in
            appendVarint(UInt64(bytes.count))
            append(contentsOf: bytes)
        }
    }

    mutating func appendString(_ tag: UInt64, _ string: String) {
        var string = string
        string.withUTF8 { appendString(tag, $0) }
    }

    mutating func appendMessage(_ tag: UInt64, _ bytes: [UInt8]) {
        appendVarint(tag)
        appendVarint(UInt64(bytes.count))
        append(contentsOf: bytes)
    }

    /// A packed repeated field of one-byte varints (bools, small enums) or varints already written; omitted
    /// when empty, as proto3 omits an empty list.
    mutating func appendPacked(_ tag: UInt64, _ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        appendMessage(tag, bytes)
    }
}
