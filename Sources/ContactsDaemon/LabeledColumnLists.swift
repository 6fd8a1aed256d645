import ContactsProtocol
import ContactsSystem
import Foundation

/// Where one contact's values lie in a labeled column's lists.
struct LabeledSegment {
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
struct LabeledColumnLists {
    let property: ContactProperty
    let width: Int
    var identifiers = ByteList(capacity: 4096)
    /// One byte per value (packed `label_present`).
    var labelPresent = ByteList(capacity: 1024)
    var labels = ByteList(capacity: 4096)
    var values = ByteList(capacity: 8192)
    var dates = ByteList()
    /// One per contact, in page order.
    var segments: [LabeledSegment] = []
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
            segments[contact] = LabeledSegment(
                firstValue: labelPresent.count, identifiers: identifiers.count..<identifiers.count,
                labels: labels.count..<labels.count, values: values.count..<values.count,
                dates: dates.count..<dates.count)
        }
        if property == .dates {
            appendDate(identifier: identifier, label: label, value: value)
        } else {
            identifiers.appendString(WireTag.labeledIdentifiers, identifier)
            labelPresent.append(label == nil ? 0 : 1)
            labels.appendString(WireTag.labels, label)
            values.appendString(WireTag.labeledValues, value)
            switch property {
            case .instantMessageAddresses: values.appendString(WireTag.labeledValues, detail)
            case .postalAddresses, .socialProfiles:
                StoredDetail.forEachField(of: detail, count: width - 1) {
                    values.appendString(WireTag.labeledValues, $0)
                }
            default: break
            }
        }
        // One read and one write of the segment (each access of `segments` checks its uniqueness).
        var segment = segments[contact]
        segment.count += 1
        segment.identifiers = segment.identifiers.lowerBound..<identifiers.count
        segment.labels = segment.labels.lowerBound..<labels.count
        segment.values = segment.values.lowerBound..<values.count
        segment.dates = segment.dates.lowerBound..<dates.count
        segments[contact] = segment
    }

    /// A date goes through the labeled value the general path reads it from (its components are not text).
    private mutating func appendDate(identifier: StoredRow.Text, label: StoredRow.Text, value: StoredRow.Text) {
        let components = DateCoding.decode(value.map { String(decoding: $0, as: UTF8.self) } ?? "") as NSDateComponents
        let labeled = CNLabeledValue(
            identifier: identifier.map { String(decoding: $0, as: UTF8.self) } ?? "",
            label: label.map { String(decoding: $0, as: UTF8.self) }, value: components)
        identifiers.appendString(WireTag.labeledIdentifiers, labeled.identifier)
        labelPresent.append(labeled.label == nil ? 0 : 1)
        labels.appendString(WireTag.labels, labeled.label ?? "")
        dates.appendMessage(
            WireTag.labeledDates, Contacts_V1_DateComponents.serializedBytes(of: labeled.value as DateComponents))
    }

    private var countsLength: Int {
        var length = 0
        for segment in segments { length += ColumnBatchEncoder.varintLength(UInt64(segment.count)) }
        return length
    }

    var length: Int {
        var length = ColumnBatchEncoder.fieldLength(WireTag.columnKey, property.key.utf8.count)
        if !segments.isEmpty { length += ColumnBatchEncoder.fieldLength(WireTag.labeledCounts, countsLength) }
        if !labelPresent.isEmpty { length += ColumnBatchEncoder.fieldLength(WireTag.labelPresent, labelPresent.count) }
        return length + identifiers.count + labels.count + values.count + dates.count
    }

    func write(to frame: inout FrameWriter) {
        frame.putVarint(WireTag.labeled)
        frame.putVarint(UInt64(length))
        frame.putString(WireTag.columnKey, property.key)
        if !segments.isEmpty {
            frame.putVarint(WireTag.labeledCounts)
            frame.putVarint(UInt64(countsLength))
            for segment in segments { frame.putVarint(UInt64(segment.count)) }
        }
        if inPageOrder {
            frame.put(identifiers)
            frame.putPacked(WireTag.labelPresent, labelPresent)
            frame.put(labels)
            frame.put(values)
            frame.put(dates)
            return
        }
        // Each list contact by contact in page order: the same bytes, moved.
        func put(_ list: ByteList, _ range: (LabeledSegment) -> Range<Int>) {
            let bytes = list.bytes
            for segment in segments { frame.put(UnsafeBufferPointer(rebasing: bytes[range(segment)])) }
        }
        put(identifiers) { $0.identifiers }
        if !labelPresent.isEmpty {
            frame.putVarint(WireTag.labelPresent)
            frame.putVarint(UInt64(labelPresent.count))
            put(labelPresent) { $0.firstValue..<($0.firstValue + Int($0.count)) }
        }
        put(labels) { $0.labels }
        put(values) { $0.values }
        put(dates) { $0.dates }
    }
}
