import ContactsModel
import Foundation
import SwiftProtobuf

/// A frame of a column batch (`ServerMessage { id, contact_batch: ContactBatch { last, keys, columns } }`, docs/
/// Protocol.md, "Column batches") read straight from its bytes into storages.
///
/// Why by hand: SwiftProtobuf decoded the frame into a `ServerMessage`, a `ContactBatch`, a `ContactColumns` and
/// a message per column, each keeping its fields in a class of its own, and every list was then read back out of
/// them, with an exclusivity check per access; that was about half of the app's work in an enumeration and most
/// of a small name search's decoding (docs/Daemon.md, "Performance"). Here each list is read once into a plain
/// array (``WireColumns``) and the storages are built from those, by the same code that builds them from a
/// decoded message, so both give the same contacts (ColumnBatchFrameTests compares them).
///
/// What this reader does not handle is left to SwiftProtobuf (`decode` gives nil): another body, a batch of
/// contacts or of bare identifiers, or a message field sent twice (which protobuf merges).
package enum ColumnBatchFrame {
    /// A column batch's contacts and whether it is its reply's last.
    package struct Batch {
        package var storages: [ContactStorage]
        package var last: Bool

        package init(storages: [ContactStorage], last: Bool) {
            self.storages = storages
            self.last = last
        }
    }

    /// A frame read as a column batch.
    package typealias Reply = FrameReply<Batch>

    /// Reads a frame's body (without its length prefix) as a column batch, when that is what it is; nil
    /// otherwise, for SwiftProtobuf to decode.
    ///
    /// - Throws: `WireError.malformedMessage` when the message's own fields are not well formed (its id or its
    ///   body cannot be told).
    package static func decode(_ body: [UInt8]) throws(WireError) -> Reply? {
        // The batch is `ServerMessage.contact_batch`, field 6.
        guard let frame = try ServerFrameBody.find(6, in: body) else { return nil }
        let id = frame.id
        do throws(WireError) {
            var batch = frame.reader
            var last = false
            var keys: [String] = []
            var columnsRange: Range<Int>?
            while let (number, type) = try batch.nextField() {
                switch (number, type) {
                case (1, .lengthDelimited), (51, .lengthDelimited):
                    // Contacts or bare identifiers: not a column batch (or a malformed one, for the decoded
                    // message's checks to report).
                    return nil
                case (2, .varint): last = try batch.varint() != 0
                case (50, .lengthDelimited): keys.append(try batch.string(type, field: "ContactBatch.keys"))
                case (53, .lengthDelimited):
                    guard columnsRange == nil else { return nil }
                    columnsRange = try batch.lengthDelimited()
                default: try batch.skip(type)
                }
            }
            guard let columnsRange else { return nil }
            guard !keys.isEmpty else {
                throw WireError(.malformedMessage, "ContactBatch has columns beside contacts or without keys")
            }
            let keySet = try ContactStorage.keySet(keys, field: "ContactBatch.keys")
            var columns = batch.nested(columnsRange)
            let storages = try WireColumns(reading: &columns).storages(holding: keySet)
            return Reply(id: id, value: .success(Batch(storages: storages, last: last)))
        } catch {
            return Reply(id: id, value: .failure(error))
        }
    }
}

extension WireColumns {
    /// Reads a `ContactColumns` message's fields; a field of another wire type than its own is stepped over as
    /// SwiftProtobuf steps over it (an unknown field), and a repeated number field is read packed or not.
    init(reading reader: inout ProtobufReader) throws(WireError) {
        self.init()
        while let (number, type) = try reader.nextField() {
            switch (number, type) {
            case (1, .lengthDelimited): identifiers.append(try reader.string(type, field: "ContactColumns.identifiers"))
            case (2, .varint), (2, .lengthDelimited):
                try reader.repeatedVarint(type) { linkedCounts.append(UInt32(truncatingIfNeeded: $0)) }
            case (3, .lengthDelimited):
                linkedIdentifiers.append(try reader.string(type, field: "ContactColumns.linked_identifiers"))
            case (4, .varint): linkedAlone = try reader.varint() != 0
            case (5, .lengthDelimited):
                var column = reader.nested(try reader.lengthDelimited())
                strings.append(try Self.strings(&column, expected: identifiers.count))
            case (6, .varint), (6, .lengthDelimited):
                try reader.repeatedVarint(type) { contactTypes.append(Int32(truncatingIfNeeded: $0)) }
            case (7, .varint), (7, .lengthDelimited):
                try reader.repeatedVarint(type) { imageDataAvailable.append($0 != 0) }
            case (8, .lengthDelimited):
                var column = reader.nested(try reader.lengthDelimited())
                dates.append(try Self.dates(&column))
            case (9, .lengthDelimited):
                var column = reader.nested(try reader.lengthDelimited())
                labeled.append(try Self.labeled(&column))
            default: try reader.skip(type)
            }
        }
    }

    /// A `StringColumn`: key = 1, values = 2.
    private static func strings(_ reader: inout ProtobufReader, expected: Int) throws(WireError) -> Strings {
        var column = Strings()
        // The identifiers come first (the daemon writes them so), so the column's length is known: one buffer.
        column.values.reserveCapacity(expected)
        while let (number, type) = try reader.nextField() {
            switch (number, type) {
            case (1, .lengthDelimited): column.key = try reader.string(type, field: "StringColumn.key")
            case (2, .lengthDelimited): column.values.append(try reader.string(type, field: "StringColumn.values"))
            default: try reader.skip(type)
            }
        }
        return column
    }

    /// A `DateColumn`: key = 1, present = 2, values = 3.
    private static func dates(_ reader: inout ProtobufReader) throws(WireError) -> Dates {
        var column = Dates()
        while let (number, type) = try reader.nextField() {
            switch (number, type) {
            case (1, .lengthDelimited): column.key = try reader.string(type, field: "DateColumn.key")
            case (2, .varint), (2, .lengthDelimited): try reader.repeatedVarint(type) { column.present.append($0 != 0) }
            case (3, .lengthDelimited): column.values.append(try date(&reader))
            default: try reader.skip(type)
            }
        }
        return column
    }

    /// A `LabeledColumn`: key = 1, counts = 2, identifiers = 3, label_present = 4, labels = 5, values = 6,
    /// dates = 7.
    private static func labeled(_ reader: inout ProtobufReader) throws(WireError) -> Labeled {
        var column = Labeled()
        while let (number, type) = try reader.nextField() {
            switch (number, type) {
            case (1, .lengthDelimited): column.key = try reader.string(type, field: "LabeledColumn.key")
            case (2, .varint), (2, .lengthDelimited):
                try reader.repeatedVarint(type) { column.counts.append(UInt32(truncatingIfNeeded: $0)) }
            case (3, .lengthDelimited):
                column.identifiers.append(try reader.string(type, field: "LabeledColumn.identifiers"))
            case (4, .varint), (4, .lengthDelimited):
                try reader.repeatedVarint(type) { column.labelPresent.append($0 != 0) }
            case (5, .lengthDelimited): column.labels.append(try reader.string(type, field: "LabeledColumn.labels"))
            case (6, .lengthDelimited): column.values.append(try reader.string(type, field: "LabeledColumn.values"))
            case (7, .lengthDelimited): column.dates.append(try date(&reader))
            default: try reader.skip(type)
            }
        }
        return column
    }

    /// A `DateComponents` message, decoded by SwiftProtobuf: a handful of integers, in few contacts.
    private static func date(_ reader: inout ProtobufReader) throws(WireError) -> Contacts_V1_DateComponents {
        let bytes = reader.bytes(try reader.lengthDelimited())
        do {
            return try Contacts_V1_DateComponents(serializedBytes: bytes)
        } catch {
            throw WireError(.malformedMessage, "a DateComponents is not well formed", cause: error)
        }
    }
}
