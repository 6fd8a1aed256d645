import ContactsProtocol
import ContactsSystem
import Foundation

/// Encodes a batch of an enumeration (a `ServerMessage` holding a compact `ContactBatch`) straight from the
/// store's rows, as they are read (``ContactPageSink``): the bytes a `Contacts_V1_ContactBatch(compact:last:
/// columns: true)` of the same page serializes to, field for field (Protocol/contacts/v1/contacts.proto).
///
/// Written by hand because the general path cost contactsd more than the embedded store spends on the whole
/// read: per batch of 500 contacts it built a `ContactStorage` each (1.4 ms with SQLite), copied their strings
/// into `Contacts_V1_ContactColumns` (0.8 ms) and had SwiftProtobuf size and write the nested message (0.32 ms)
/// (docs/Daemon.md, "Performance"). Here each text goes from SQLite's row into its column's growing buffer once,
/// as a length-delimited field; the columns' lengths are their buffers' counts, so no size pass is needed.
/// ColumnBatchEncoderTests decode its batches with SwiftProtobuf and compare them with the general path's.
struct ColumnBatchEncoder: ContactPageSink {
    /// What one scalar column of the contact rows is for.
    private enum Role {
        case string(Int)
        case contactType
        case imageDataAvailable
        case birthday
        case nonGregorianBirthday
        case unused
    }

    private var keys = ContactKeySet.identifierOnly
    /// A batch of bare identifiers goes in `ContactBatch.identifiers`, not in columns.
    private var identifiersOnly = true
    private var stringProperties: [ContactProperty] = []
    private var roles: [Role] = []
    /// String columns the rows do not hold: empty for every contact.
    private var missingStrings: [Int] = []
    private var unifiedAlone = false
    /// The contacts appended.
    private(set) var count = 0

    /// `identifiers` entries (`ContactColumns` field 1, or `ContactBatch` field 51 for bare identifiers).
    private var identifiers: [UInt8] = []
    /// Each string column's `values` entries (`StringColumn` field 2).
    private var strings: [[UInt8]] = []
    /// Packed `contact_types` and `image_data_available` (their varints, without tag and length).
    private var contactTypes: [UInt8] = []
    private var imageDataAvailable: [UInt8] = []
    private var birthdays = DateLists(key: ContactProperty.birthday.key)
    private var otherBirthdays = DateLists(key: ContactProperty.nonGregorianBirthday.key)
    private var labeled: [LabeledLists] = []
    /// Each labeled property's column in ``labeled``, by the property's bit in a key set: finding it with
    /// `firstIndex(where:)` copied and destroyed a column (its six lists) per value, a tenth of the encoder's time.
    private var labeledColumns = [Int](repeating: -1, count: 64)

    init() {}

    mutating func begin(keys: ContactKeySet, scalars: [ContactProperty], unifiedAlone: Bool) {
        self.keys = keys
        identifiersOnly = keys == .identifierOnly
        // The general path's column order: the key set's property order (Contacts_V1_ContactColumns.init).
        let properties = keys.properties.filter { $0 != .identifier }
        stringProperties = properties.filter { ContactProperty.stringProperties.contains($0) }
        strings = stringProperties.map { _ in [] }
        labeled = properties.filter { ContactProperty.multiValueProperties.contains($0) }.map(LabeledLists.init)
        for (index, column) in labeled.enumerated() { labeledColumns[Self.slot(of: column.property)] = index }
        identifiers.reserveCapacity(64 * 512)
        self.unifiedAlone = unifiedAlone
        roles = scalars.map { property in
            switch property {
            case .contactType: .contactType
            case .imageDataAvailable: .imageDataAvailable
            case .birthday: .birthday
            case .nonGregorianBirthday: .nonGregorianBirthday
            default: stringProperties.firstIndex(of: property).map(Role.string) ?? .unused
            }
        }
        missingStrings = stringProperties.indices.filter { index in
            !scalars.contains(stringProperties[index])
        }
    }

    mutating func appendContact(identifier: StoredRow.Text, row: StoredRow) {
        count += 1
        identifiers.appendString(identifiersOnly ? Tag.batchIdentifiers : Tag.identifiers, identifier)
        for index in roles.indices {
            switch roles[index] {
            case .string(let column): strings[column].appendString(Tag.stringValues, row.text(index))
            case .contactType:
                let type = CNContactType(rawValue: Int(row.integer(index))) ?? .person
                contactTypes.appendVarint(UInt64(bitPattern: Int64(type.rawValue)))
            case .imageDataAvailable: imageDataAvailable.append(row.integer(index) != 0 ? 1 : 0)
            case .birthday: birthdays.append(row.text(index))
            case .nonGregorianBirthday: otherBirthdays.append(row.text(index))
            case .unused: break
            }
        }
        for column in missingStrings { strings[column].appendString(Tag.stringValues, nil) }
        for index in labeled.indices { labeled[index].segments.append(Segment()) }
    }

    mutating func appendLabeledValue(
        of index: Int, property: ContactProperty, identifier: StoredRow.Text, label: StoredRow.Text,
        value: StoredRow.Text, detail: StoredRow.Text
    ) {
        let column = labeledColumns[Self.slot(of: property)]
        guard column >= 0 else { return }
        labeled[column].append(of: index, identifier: identifier, label: label, value: value, detail: detail)
    }

    private static func slot(of property: ContactProperty) -> Int {
        ContactKeySet(property).rawValue.trailingZeroBitCount & 63
    }

    /// The frame (length prefix and `ServerMessage`) of the batch; nil when it exceeds the largest frame, as
    /// `Frame.encode` fails for it.
    func frame(id: UInt64, last: Bool) -> [UInt8]? {
        let batchLength = self.batchLength(last: last)
        var messageLength = Self.fieldLength(Tag.contactBatch, batchLength)
        if id != 0 { messageLength += 1 + Self.varintLength(id) }
        guard messageLength <= ProtocolVersion.maximumFrameLength else { return nil }
        var frame: [UInt8] = []
        frame.reserveCapacity(4 + messageLength)
        let length = UInt32(messageLength)
        for shift in [24, 16, 8, 0] as [UInt32] { frame.append(UInt8(truncatingIfNeeded: length >> shift)) }
        if id != 0 {
            frame.appendVarint(Tag.messageID)
            frame.appendVarint(id)
        }
        frame.appendVarint(Tag.contactBatch)
        frame.appendVarint(UInt64(batchLength))
        writeBatch(last: last, to: &frame)
        return frame
    }

    // MARK: The batch, field by field in field-number order, as SwiftProtobuf writes it.

    private func batchLength(last: Bool) -> Int {
        var length = last ? 2 : 0
        guard count > 0 else { return length }
        if identifiersOnly { return length + identifiers.count + (unifiedAlone ? 3 : 0) }
        for key in keys.keys { length += Self.fieldLength(Tag.batchKeys, key.utf8.count) }
        return length + Self.fieldLength(Tag.columns, columnsLength())
    }

    private func writeBatch(last: Bool, to frame: inout [UInt8]) {
        if last { frame.append(contentsOf: [UInt8(Tag.last), 1]) }
        guard count > 0 else { return }
        if identifiersOnly {
            frame.append(contentsOf: identifiers)
            if unifiedAlone {
                frame.appendVarint(Tag.identifiersUnified)
                frame.append(1)
            }
            return
        }
        for key in keys.keys { frame.appendString(Tag.batchKeys, key) }
        frame.appendVarint(Tag.columns)
        frame.appendVarint(UInt64(columnsLength()))
        frame.append(contentsOf: identifiers)
        if unifiedAlone { frame.append(contentsOf: [UInt8(Tag.linkedAlone), 1]) }
        for (index, property) in stringProperties.enumerated() {
            frame.appendVarint(Tag.strings)
            frame.appendVarint(UInt64(Self.stringColumnLength(property.key, strings[index])))
            frame.appendString(Tag.columnKey, property.key)
            frame.append(contentsOf: strings[index])
        }
        if keys.contains(.contactType) { frame.appendPacked(Tag.contactTypes, contactTypes) }
        if keys.contains(.imageDataAvailable) { frame.appendPacked(Tag.imageDataAvailable, imageDataAvailable) }
        if keys.contains(.birthday) { birthdays.write(to: &frame) }
        if keys.contains(.nonGregorianBirthday) { otherBirthdays.write(to: &frame) }
        for column in labeled { column.write(to: &frame) }
    }

    private func columnsLength() -> Int {
        var length = identifiers.count + (unifiedAlone ? 2 : 0)
        for (index, property) in stringProperties.enumerated() {
            length += Self.fieldLength(Tag.strings, Self.stringColumnLength(property.key, strings[index]))
        }
        if keys.contains(.contactType) { length += Self.fieldLength(Tag.contactTypes, contactTypes.count) }
        if keys.contains(.imageDataAvailable) {
            length += Self.fieldLength(Tag.imageDataAvailable, imageDataAvailable.count)
        }
        if keys.contains(.birthday) { length += Self.fieldLength(Tag.dates, birthdays.length) }
        if keys.contains(.nonGregorianBirthday) { length += Self.fieldLength(Tag.dates, otherBirthdays.length) }
        for column in labeled { length += Self.fieldLength(Tag.labeled, column.length) }
        return length
    }

    private static func stringColumnLength(_ key: String, _ values: [UInt8]) -> Int {
        fieldLength(Tag.columnKey, key.utf8.count) + values.count
    }

    /// The length of a length-delimited field whose contents are `length` bytes.
    static func fieldLength(_ tag: UInt64, _ length: Int) -> Int {
        varintLength(tag) + varintLength(UInt64(length)) + length
    }

    static func varintLength(_ value: UInt64) -> Int {
        var value = value
        var length = 1
        while value >= 0x80 {
            value >>= 7
            length += 1
        }
        return length
    }
}

/// Field keys (field number << 3 | wire type) of the messages the batch is made of.
enum Tag {
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

/// A date column (birthday or nonGregorianBirthday) as it is filled.
private struct DateLists {
    let key: String
    /// One byte per contact (packed `present`).
    var present: [UInt8] = []
    /// `values` entries.
    var values: [UInt8] = []

    init(key: String) {
        self.key = key
    }

    /// Appends one contact's stored date; NULL is a contact without one.
    mutating func append(_ text: StoredRow.Text) {
        guard let text else { return present.append(0) }
        present.append(1)
        // As the store reads it (ContactReader) and the general path encodes it: about one contact in three has
        // a birthday, so the objects stay.
        let components = DateCoding.decode(String(decoding: text, as: UTF8.self))
        values.appendMessage(Tag.dateValues, Contacts_V1_DateComponents.serializedBytes(of: components))
    }

    var length: Int {
        ColumnBatchEncoder.fieldLength(Tag.columnKey, key.utf8.count)
            + (present.isEmpty ? 0 : ColumnBatchEncoder.fieldLength(Tag.datePresent, present.count)) + values.count
    }

    func write(to frame: inout [UInt8]) {
        frame.appendVarint(Tag.dates)
        frame.appendVarint(UInt64(length))
        frame.appendString(Tag.columnKey, key)
        frame.appendPacked(Tag.datePresent, present)
        frame.append(contentsOf: values)
    }
}

/// Where one contact's values lie in a labeled column's lists.
private struct Segment {
    var count: UInt32 = 0
    /// The index of its first value (its first `label_present` byte).
    var firstValue = 0
    var identifiers = 0..<0
    var labels = 0..<0
    var values = 0..<0
    var dates = 0..<0
}

/// A labeled column as it is filled. Values come contact after contact in row-id order, which is not the page's
/// when it is sorted by name: each contact's part is then put in page order when the column is written.
private struct LabeledLists {
    let property: ContactProperty
    let width: Int
    var identifiers: [UInt8] = []
    /// One byte per value (packed `label_present`).
    var labelPresent: [UInt8] = []
    var labels: [UInt8] = []
    var values: [UInt8] = []
    var dates: [UInt8] = []
    /// One per contact, in page order.
    var segments: [Segment] = []
    private var lastContact = -1
    private var inPageOrder = true

    init(_ property: ContactProperty) {
        self.property = property
        width = LabeledValueTexts.width(of: property)
    }

    mutating func append(
        of contact: Int, identifier: StoredRow.Text, label: StoredRow.Text, value: StoredRow.Text,
        detail: StoredRow.Text
    ) {
        guard segments.indices.contains(contact) else { return }
        if contact != lastContact {
            if contact < lastContact { inPageOrder = false }
            lastContact = contact
            segments[contact] = Segment(
                firstValue: labelPresent.count, identifiers: identifiers.count..<identifiers.count,
                labels: labels.count..<labels.count, values: values.count..<values.count,
                dates: dates.count..<dates.count)
        }
        if property == .dates {
            appendDate(identifier: identifier, label: label, value: value)
        } else {
            identifiers.appendString(Tag.labeledIdentifiers, identifier)
            labelPresent.append(label == nil ? 0 : 1)
            labels.appendString(Tag.labels, label)
            values.appendString(Tag.labeledValues, value)
            switch property {
            case .instantMessageAddresses: values.appendString(Tag.labeledValues, detail)
            case .postalAddresses, .socialProfiles:
                StoredDetail.forEachField(of: detail, count: width - 1) { values.appendString(Tag.labeledValues, $0) }
            default: break
            }
        }
        segments[contact].count += 1
        segments[contact].identifiers = segments[contact].identifiers.lowerBound..<identifiers.count
        segments[contact].labels = segments[contact].labels.lowerBound..<labels.count
        segments[contact].values = segments[contact].values.lowerBound..<values.count
        segments[contact].dates = segments[contact].dates.lowerBound..<dates.count
    }

    /// A date goes through the labeled value the general path reads it from (its components are not text).
    private mutating func appendDate(identifier: StoredRow.Text, label: StoredRow.Text, value: StoredRow.Text) {
        let components = DateCoding.decode(value.map { String(decoding: $0, as: UTF8.self) } ?? "") as NSDateComponents
        let labeled = CNLabeledValue(
            identifier: identifier.map { String(decoding: $0, as: UTF8.self) } ?? "",
            label: label.map { String(decoding: $0, as: UTF8.self) }, value: components)
        identifiers.appendString(Tag.labeledIdentifiers, labeled.identifier)
        labelPresent.append(labeled.label == nil ? 0 : 1)
        labels.appendString(Tag.labels, labeled.label ?? "")
        dates.appendMessage(Tag.labeledDates, Contacts_V1_DateComponents.serializedBytes(of: labeled.value as DateComponents))
    }

    private var countsLength: Int {
        segments.reduce(0) { $0 + ColumnBatchEncoder.varintLength(UInt64($1.count)) }
    }

    var length: Int {
        var length = ColumnBatchEncoder.fieldLength(Tag.columnKey, property.key.utf8.count)
        if !segments.isEmpty { length += ColumnBatchEncoder.fieldLength(Tag.labeledCounts, countsLength) }
        if !labelPresent.isEmpty { length += ColumnBatchEncoder.fieldLength(Tag.labelPresent, labelPresent.count) }
        return length + identifiers.count + labels.count + values.count + dates.count
    }

    func write(to frame: inout [UInt8]) {
        frame.appendVarint(Tag.labeled)
        frame.appendVarint(UInt64(length))
        frame.appendString(Tag.columnKey, property.key)
        if !segments.isEmpty {
            frame.appendVarint(Tag.labeledCounts)
            frame.appendVarint(UInt64(countsLength))
            for segment in segments { frame.appendVarint(UInt64(segment.count)) }
        }
        if inPageOrder {
            frame.append(contentsOf: identifiers)
            frame.appendPacked(Tag.labelPresent, labelPresent)
            frame.append(contentsOf: labels)
            frame.append(contentsOf: values)
            frame.append(contentsOf: dates)
            return
        }
        // Each list contact by contact in page order: the same bytes, moved.
        for segment in segments { frame.append(contentsOf: identifiers[segment.identifiers]) }
        if !labelPresent.isEmpty {
            frame.appendVarint(Tag.labelPresent)
            frame.appendVarint(UInt64(labelPresent.count))
            for segment in segments {
                frame.append(contentsOf: labelPresent[segment.firstValue..<(segment.firstValue + Int(segment.count))])
            }
        }
        for segment in segments { frame.append(contentsOf: labels[segment.labels]) }
        for segment in segments { frame.append(contentsOf: values[segment.values]) }
        for segment in segments { frame.append(contentsOf: dates[segment.dates]) }
    }
}

extension [UInt8] {
    mutating func appendVarint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        append(UInt8(value))
    }

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
