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
    var identifiers: [UInt8] = []
    /// One byte per value (packed `label_present`).
    var labelPresent: [UInt8] = []
    var labels: [UInt8] = []
    var values: [UInt8] = []
    var dates: [UInt8] = []
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
                StoredDetail.forEachField(of: detail, count: width - 1) { values.appendString(WireTag.labeledValues, $0) }
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
        identifiers.appendString(WireTag.labeledIdentifiers, labeled.identifier)
        labelPresent.append(labeled.label == nil ? 0 : 1)
        labels.appendString(WireTag.labels, labeled.label ?? "")
        dates.appendMessage(WireTag.labeledDates, Contacts_V1_DateComponents.serializedBytes(of: labeled.value as DateComponents))
    }

    private var countsLength: Int {
        segments.reduce(0) { $0 + ColumnBatchEncoder.varintLength(UInt64($1.count)) }
    }

    var length: Int {
        var length = ColumnBatchEncoder.fieldLength(WireTag.columnKey, property.key.utf8.count)
        if !segments.isEmpty { length += ColumnBatchEncoder.fieldLength(WireTag.labeledCounts, countsLength) }
        if !labelPresent.isEmpty { length += ColumnBatchEncoder.fieldLength(WireTag.labelPresent, labelPresent.count) }
        return length + identifiers.count + labels.count + values.count + dates.count
    }

    func write(to frame: inout [UInt8]) {
        frame.appendVarint(WireTag.labeled)
        frame.appendVarint(UInt64(length))
        frame.appendString(WireTag.columnKey, property.key)
        if !segments.isEmpty {
            frame.appendVarint(WireTag.labeledCounts)
            frame.appendVarint(UInt64(countsLength))
            for segment in segments { frame.appendVarint(UInt64(segment.count)) }
        }
        if inPageOrder {
            frame.append(contentsOf: identifiers)
            frame.appendPacked(WireTag.labelPresent, labelPresent)
            frame.append(contentsOf: labels)
            frame.append(contentsOf: values)
            frame.append(contentsOf: dates)
            return
        }
        // Each list contact by contact in page order: the same bytes, moved.
        for segment in segments { frame.append(contentsOf: identifiers[segment.identifiers]) }
        if !labelPresent.isEmpty {
            frame.appendVarint(WireTag.labelPresent)
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
