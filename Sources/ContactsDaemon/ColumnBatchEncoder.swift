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
    private var identifiers: ByteList
    /// Each string column's `values` entries (`StringColumn` field 2).
    private var strings: [ByteList] = []
    /// Packed `contact_types` and `image_data_available` (their varints, without tag and length).
    private var contactTypes = ByteList()
    private var imageDataAvailable = ByteList()
    private var birthdays = DateLists(key: ContactProperty.birthday.key)
    private var otherBirthdays = DateLists(key: ContactProperty.nonGregorianBirthday.key)
    private var labeled: [LabeledColumnLists] = []
    /// Each labeled property's column in ``labeled``, by the property's bit in a key set: finding it with
    /// `firstIndex(where:)` copied and destroyed a column (its six lists) per value, a tenth of the encoder's time.
    private var labeledColumns = [Int](repeating: -1, count: 64)

    /// - Parameter contacts: The most contacts the batch holds: its identifiers' room is reserved at once (a
    ///   batch of 4,096 bare identifiers, about 190 kB, grew three times from a fixed start, a copy each time).
    init(contacts: Int = 512) {
        // An identifier and its field's tag and length: 45 bytes and 2.
        identifiers = ByteList(capacity: Swift.max(256, contacts * 48))
    }

    mutating func begin(keys: ContactKeySet, scalars: [ContactProperty], unifiedAlone: Bool) {
        self.keys = keys
        identifiersOnly = keys == .identifierOnly
        // The general path's column order: the key set's property order (Contacts_V1_ContactColumns.init).
        let properties = keys.properties.filter { $0 != .identifier }
        stringProperties = properties.filter { ContactProperty.stringProperties.contains($0) }
        strings = stringProperties.map { _ in ByteList(capacity: 8192) }
        labeled = properties.filter { ContactProperty.multiValueProperties.contains($0) }.map(LabeledColumnLists.init)
        for (index, column) in labeled.enumerated() { labeledColumns[Self.slot(of: column.property)] = index }
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
        identifiers.appendString(identifiersOnly ? WireTag.batchIdentifiers : WireTag.identifiers, identifier)
        for index in roles.indices {
            switch roles[index] {
            case .string(let column): strings[column].appendString(WireTag.stringValues, row.text(index))
            case .contactType:
                let type = CNContactType(rawValue: Int(row.integer(index))) ?? .person
                contactTypes.appendVarint(UInt64(bitPattern: Int64(type.rawValue)))
            case .imageDataAvailable: imageDataAvailable.append(row.integer(index) != 0 ? 1 : 0)
            case .birthday: birthdays.append(row.text(index))
            case .nonGregorianBirthday: otherBirthdays.append(row.text(index))
            case .unused: break
            }
        }
        for column in missingStrings { strings[column].appendString(WireTag.stringValues, nil) }
        for index in labeled.indices { labeled[index].segments.append(LabeledSegment()) }
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
        var messageLength = Self.fieldLength(WireTag.contactBatch, batchLength)
        if id != 0 { messageLength += 1 + Self.varintLength(id) }
        guard messageLength <= ProtocolVersion.maximumFrameLength else { return nil }
        // Sized exactly, then written through a pointer: each column is one copy into the frame.
        return [UInt8](unsafeUninitializedCapacity: 4 + messageLength) { buffer, initialized in
            var frame = FrameWriter(buffer)
            let length = UInt32(messageLength)
            for shift in [24, 16, 8, 0] as [UInt32] { frame.put(UInt8(truncatingIfNeeded: length >> shift)) }
            if id != 0 {
                frame.putVarint(WireTag.messageID)
                frame.putVarint(id)
            }
            frame.putVarint(WireTag.contactBatch)
            frame.putVarint(UInt64(batchLength))
            writeBatch(last: last, to: &frame)
            initialized = frame.cursor - buffer.baseAddress!
            precondition(initialized == buffer.count, "a column batch's frame is shorter than computed")
        }
    }

    // MARK: The batch, field by field in field-number order, as SwiftProtobuf writes it.

    private func batchLength(last: Bool) -> Int {
        var length = last ? 2 : 0
        guard count > 0 else { return length }
        if identifiersOnly { return length + identifiers.count + (unifiedAlone ? 3 : 0) }
        for key in keys.keys { length += Self.fieldLength(WireTag.batchKeys, key.utf8.count) }
        return length + Self.fieldLength(WireTag.columns, columnsLength())
    }

    private func writeBatch(last: Bool, to frame: inout FrameWriter) {
        if last {
            frame.put(UInt8(WireTag.last))
            frame.put(1)
        }
        guard count > 0 else { return }
        if identifiersOnly {
            frame.put(identifiers)
            if unifiedAlone {
                frame.putVarint(WireTag.identifiersUnified)
                frame.put(1)
            }
            return
        }
        for key in keys.keys { frame.putString(WireTag.batchKeys, key) }
        frame.putVarint(WireTag.columns)
        frame.putVarint(UInt64(columnsLength()))
        frame.put(identifiers)
        if unifiedAlone {
            frame.put(UInt8(WireTag.linkedAlone))
            frame.put(1)
        }
        for (index, property) in stringProperties.enumerated() {
            frame.putVarint(WireTag.strings)
            frame.putVarint(UInt64(Self.stringColumnLength(property.key, strings[index])))
            frame.putString(WireTag.columnKey, property.key)
            frame.put(strings[index])
        }
        if keys.contains(.contactType) { frame.putPacked(WireTag.contactTypes, contactTypes) }
        if keys.contains(.imageDataAvailable) { frame.putPacked(WireTag.imageDataAvailable, imageDataAvailable) }
        if keys.contains(.birthday) { birthdays.write(to: &frame) }
        if keys.contains(.nonGregorianBirthday) { otherBirthdays.write(to: &frame) }
        for column in labeled { column.write(to: &frame) }
    }

    private func columnsLength() -> Int {
        var length = identifiers.count + (unifiedAlone ? 2 : 0)
        for (index, property) in stringProperties.enumerated() {
            length += Self.fieldLength(WireTag.strings, Self.stringColumnLength(property.key, strings[index]))
        }
        if keys.contains(.contactType) { length += Self.fieldLength(WireTag.contactTypes, contactTypes.count) }
        if keys.contains(.imageDataAvailable) {
            length += Self.fieldLength(WireTag.imageDataAvailable, imageDataAvailable.count)
        }
        if keys.contains(.birthday) { length += Self.fieldLength(WireTag.dates, birthdays.length) }
        if keys.contains(.nonGregorianBirthday) { length += Self.fieldLength(WireTag.dates, otherBirthdays.length) }
        for column in labeled { length += Self.fieldLength(WireTag.labeled, column.length) }
        return length
    }

    private static func stringColumnLength(_ key: String, _ values: ByteList) -> Int {
        fieldLength(WireTag.columnKey, key.utf8.count) + values.count
    }

    /// The length of a length-delimited field whose contents are `length` bytes.
    static func fieldLength(_ tag: UInt64, _ length: Int) -> Int {
        varintLength(tag) + varintLength(UInt64(length)) + length
    }

    static func varintLength(_ value: UInt64) -> Int {
        ProtobufVarint.size(value)
    }
}

/// A date column (birthday or nonGregorianBirthday) as it is filled.
private struct DateLists {
    let key: String
    /// One byte per contact (packed `present`).
    var present = ByteList()
    /// `values` entries.
    var values = ByteList()

    init(key: String) {
        self.key = key
    }

    /// Appends one contact's stored date; NULL is a contact without one.
    mutating func append(_ text: StoredRow.Text) {
        guard let text else { return present.append(0) }
        present.append(1)
        if StoredDate.append(text, tag: WireTag.dateValues, to: &values) { return }
        // Any other form, as the store reads it (ContactReader) and the general path encodes it.
        let components = DateCoding.decode(String(decoding: text, as: UTF8.self))
        values.appendMessage(WireTag.dateValues, Contacts_V1_DateComponents.serializedBytes(of: components))
    }

    var length: Int {
        ColumnBatchEncoder.fieldLength(WireTag.columnKey, key.utf8.count)
            + (present.isEmpty ? 0 : ColumnBatchEncoder.fieldLength(WireTag.datePresent, present.count)) + values.count
    }

    func write(to frame: inout FrameWriter) {
        frame.putVarint(WireTag.dates)
        frame.putVarint(UInt64(length))
        frame.putString(WireTag.columnKey, key)
        frame.putPacked(WireTag.datePresent, present)
        frame.put(values)
    }
}

/// A stored date's `DateComponents` message written from its text (DateCoding's "calendar;era;year;month;day;leap").
///
/// Hand-written because a third of the contacts have a birthday, and the general path's `String`, `DateComponents`
/// with its `Calendar`, SwiftProtobuf message and `[UInt8]` cost contactsd about 3.5% of an all-keys enumeration.
/// Only the form the store writes for a Gregorian or calendar-less date is taken (no calendar or "gregorian",
/// numbers of plain digits, a leap flag of "", "0" or "1"); anything else is left to the general path, so the
/// bytes are always SwiftProtobuf's: field order, a set `optional` written even at zero or false.
enum StoredDate {
    private static let gregorian = Array("gregorian".utf8)

    /// Appends the message as a `tag` field; false (nothing appended) when the text is not of the plain form.
    static func append(_ text: UnsafeBufferPointer<UInt8>, tag: UInt64, to list: inout ByteList) -> Bool {
        // The five ';' that part six fields.
        var bounds: (Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0)
        var parts = 0
        for index in text.indices where text[index] == UInt8(ascii: ";") {
            parts += 1
            switch parts {
            case 1: bounds.1 = index
            case 2: bounds.2 = index
            case 3: bounds.3 = index
            case 4: bounds.4 = index
            case 5: bounds.5 = index
            default: return false
            }
        }
        guard parts == 5 else { return false }
        bounds.6 = text.count
        let calendar = UnsafeBufferPointer(rebasing: text[0..<bounds.1])
        guard calendar.isEmpty || calendar.elementsEqual(gregorian) else { return false }
        // Plain digits only, short enough for no overflow (Int's parsing takes signs too: the general path).
        var plain = true
        func number(_ start: Int, _ end: Int) -> UInt64? {
            let digits = text[(start + 1)..<end]
            guard !digits.isEmpty else { return nil }
            guard digits.count <= 18 else {
                plain = false
                return nil
            }
            var value: UInt64 = 0
            for digit in digits {
                guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else {
                    plain = false
                    return nil
                }
                value = value * 10 + UInt64(digit - UInt8(ascii: "0"))
            }
            return value
        }
        let era = number(bounds.1, bounds.2)
        let year = number(bounds.2, bounds.3)
        let month = number(bounds.3, bounds.4)
        let day = number(bounds.4, bounds.5)
        guard plain else { return false }
        let leapText = text[(bounds.5 + 1)..<bounds.6]
        let leap: UInt8?
        switch (leapText.count, leapText.first) {
        case (0, _): leap = nil
        case (1, UInt8(ascii: "1")?): leap = 1
        case (1, UInt8(ascii: "0")?): leap = 0
        default: return false
        }
        // Field by field as SwiftProtobuf writes them: calendar (1, omitted when empty), era, year, month, day
        // (2-5, int64), is_leap_month (6).
        var length = calendar.isEmpty ? 0 : 2 + calendar.count
        for value in [era, year, month, day] {
            if let value { length += 1 + ProtobufVarint.size(value) }
        }
        if leap != nil { length += 2 }
        list.appendVarint(tag)
        list.appendVarint(UInt64(length))
        if !calendar.isEmpty {
            list.append(UInt8(WireTag.of(1)))
            list.append(UInt8(calendar.count))
            list.append(calendar)
        }
        for (field, value) in [(UInt64(2), era), (3, year), (4, month), (5, day)] {
            guard let value else { continue }
            list.append(UInt8(WireTag.of(field, lengthDelimited: false)))
            list.appendVarint(value)
        }
        if let leap {
            list.append(UInt8(WireTag.of(6, lengthDelimited: false)))
            list.append(leap)
        }
        return true
    }
}
