import ContactsModel
import Foundation
import SwiftProtobuf

extension Contacts_V1_ContactColumns {
    /// The columns of contacts that all hold `keys` (docs/Protocol.md, "Column batches"), or nil when a key has
    /// no column form (the image data: a batch of images is better sent per contact).
    ///
    /// A message per contact cost the daemon and the client more than the contacts' values: the generated
    /// messages keep their fields in a class, so every field read and write pays exclusivity checks, and every
    /// labeled value was a message of its own (docs/Daemon.md, "Performance"). A column is one list per key.
    ///
    /// ```swift
    /// if let columns = Contacts_V1_ContactColumns(page, keys: page[0].fetchedKeys) { batch.columns = columns }
    /// ```
    ///
    /// - Parameters:
    ///   - contacts: The contacts, in order; each must hold exactly `keys`.
    ///   - keys: The keys they hold.
    package init?(_ contacts: consuming [ContactStorage], keys: ContactKeySet) {
        guard !keys.contains(.imageData), !keys.contains(.thumbnailImageData) else { return nil }
        self.init()
        // One pass, contact after contact, each column appended to: reading a column at a time copied the
        // whole storage (two dozen references retained and released) for every contact and column, even by
        // index through a buffer pointer, which led contactsd's time in a profile of the all-keys enumeration.
        let properties = keys.properties.filter { $0 != .identifier }
        let stringProperties = properties.filter { ContactProperty.stringProperties.contains($0) }
        let labeledProperties = properties.filter { ContactProperty.multiValueProperties.contains($0) }
        var stringValues = stringProperties.map { _ in [String]() }
        // Each labeled column as texts, filled from the store's text where the contact kept it undecoded (no
        // labeled value built), and the dates beside them.
        var labeledTexts = labeledProperties.map { _ in LabeledValueTexts() }
        var labeledDates = labeledProperties.map { _ in [Contacts_V1_DateComponents]() }
        var birthdays: [DateComponents?] = []
        var otherBirthdays: [DateComponents?] = []
        var linkCounts: [Int] = []
        var links: [[String]] = []
        // Popping from the reversed page moves each contact out, where `for contact in contacts` copied it (a
        // retain and a release of each of its fields, most of this loop's time in a profile of contactsd).
        var remaining = consume contacts
        remaining.withUnsafeMutableBufferPointer { $0.reverse() }
        while let contact = remaining.popLast() {
            identifiers.append(contact.identifier)
            linkCounts.append(contact.linkedIdentifierCount)
            if contact.linkedIdentifierCount > 0 { links.append(contact.linkedIdentifiers) }
            for (index, property) in stringProperties.enumerated() {
                stringValues[index].append(Self.string(property, of: contact))
            }
            for (index, property) in labeledProperties.enumerated() {
                // The store's text as it was read; the labeled values only when the contact holds them itself.
                guard !contact.appendStoredTexts(of: property, to: &labeledTexts[index]) else { continue }
                Contacts_V1_LabeledColumn.append(
                    property, of: contact, to: &labeledTexts[index], dates: &labeledDates[index])
            }
            if keys.contains(.contactType) { contactTypes.append(Int32(contact.contactType.rawValue)) }
            if keys.contains(.imageDataAvailable) { imageDataAvailable.append(contact.imageDataAvailable) }
            if keys.contains(.birthday) { birthdays.append(contact.birthday) }
            if keys.contains(.nonGregorianBirthday) { otherBirthdays.append(contact.nonGregorianBirthday) }
        }
        setLinkedIdentifiers(links, counts: linkCounts)
        strings = zip(stringProperties, stringValues).map { property, values in
            var column = Contacts_V1_StringColumn()
            column.key = property.key
            column.values = values
            return column
        }
        labeled = labeledProperties.indices.map { index in
            var column = Contacts_V1_LabeledColumn()
            column.key = labeledProperties[index].key
            column.counts = labeledTexts[index].counts
            column.identifiers = labeledTexts[index].identifiers
            column.labelPresent = labeledTexts[index].labelPresent
            column.labels = labeledTexts[index].labels
            column.values = labeledTexts[index].values
            column.dates = labeledDates[index]
            return column
        }
        if keys.contains(.birthday) { dates.append(Self.dateColumn(.birthday, birthdays)) }
        if keys.contains(.nonGregorianBirthday) { dates.append(Self.dateColumn(.nonGregorianBirthday, otherBirthdays)) }
    }

    /// One string property; `ContactStorage.string(of:)` would box every value in an `Any`.
    private static func string(_ property: ContactProperty, of contact: borrowing ContactStorage) -> String {
        contact.string(of: property) ?? ""
    }

    /// - Parameter links: The linked identifiers of the contacts that have any, in order.
    private mutating func setLinkedIdentifiers(_ links: [[String]], counts: [Int]) {
        if counts.allSatisfy({ $0 == 0 }) { return }
        if counts.allSatisfy({ $0 == 1 }), links.indices.allSatisfy({ links[$0][0] == identifiers[$0] }) {
            linkedAlone = true
            return
        }
        linkedCounts = counts.map { UInt32($0) }
        for list in links { linkedIdentifiers.append(contentsOf: list) }
    }

    private static func dateColumn(_ property: ContactProperty, _ values: [DateComponents?]) -> Contacts_V1_DateColumn {
        var column = Contacts_V1_DateColumn()
        column.key = property.key
        column.present = values.map { $0 != nil }
        column.values = values.compactMap { $0.map(Contacts_V1_DateComponents.init) }
        return column
    }

    /// The contacts the columns describe, each holding `keys`, their labeled values decoded on first access
    /// as the embedded store's are (`DeferredLabeledValues`); built as ``ColumnBatchFrame`` builds them from a
    /// frame's bytes (``WireColumns``).
    ///
    /// - Parameter keys: The batch's keys; every one but the identifier must have its column.
    /// - Throws: `WireError.malformedMessage` for a missing, repeated or unknown column, a column whose length
    ///   is not the number of contacts (or of their values), a contact type out of range or a date the protocol
    ///   cannot describe.
    package func storages(holding keys: ContactKeySet) throws(WireError) -> [ContactStorage] {
        try WireColumns(self).storages(holding: keys)
    }
}

extension Contacts_V1_LabeledColumn {
    /// Appends one contact's values of a labeled property from its labeled values, each value's strings in
    /// place, with no array of its own; a date's components go to `dates`.
    static func append(
        _ property: ContactProperty, of contact: borrowing ContactStorage, to texts: inout LabeledValueTexts,
        dates: inout [Contacts_V1_DateComponents]
    ) {
        switch property {
        case .phoneNumbers: append(contact.phoneNumbers, to: &texts) { $1.append($0.stringValue) }
        case .emailAddresses: append(contact.emailAddresses, to: &texts) { $1.append($0 as String) }
        case .urlAddresses: append(contact.urlAddresses, to: &texts) { $1.append($0 as String) }
        case .contactRelations: append(contact.contactRelations, to: &texts) { $1.append($0.name) }
        case .postalAddresses:
            append(contact.postalAddresses, to: &texts) { address, values in
                let fields = address.fields
                values.append(fields.street)
                values.append(fields.subLocality)
                values.append(fields.city)
                values.append(fields.subAdministrativeArea)
                values.append(fields.state)
                values.append(fields.postalCode)
                values.append(fields.country)
                values.append(fields.isoCountryCode)
            }
        case .socialProfiles:
            append(contact.socialProfiles, to: &texts) { profile, values in
                values.append(profile.urlString)
                values.append(profile.username)
                values.append(profile.userIdentifier)
                values.append(profile.service)
            }
        case .instantMessageAddresses:
            append(contact.instantMessageAddresses, to: &texts) { address, values in
                values.append(address.username)
                values.append(address.service)
            }
        case .dates:
            let values = contact.dates
            append(values, to: &texts) { _, _ in }
            dates.append(contentsOf: values.map { Contacts_V1_DateComponents($0.value as DateComponents) })
        default: texts.counts.append(0)
        }
    }

    private static func append<Value>(
        _ labeledValues: [CNLabeledValue<Value>], to texts: inout LabeledValueTexts,
        strings: (Value, inout [String]) -> Void
    ) {
        texts.counts.append(UInt32(labeledValues.count))
        for labeled in labeledValues {
            texts.appendValue(identifier: labeled.identifier, label: labeled.label)
            strings(labeled.value, &texts.values)
        }
    }
}

/// A batch's labeled columns, shared by its contacts, which each decode their own values on first access.
///
/// Checked whole when the batch is read, so decoding a contact's values later cannot fail; the dates are
/// decoded then too (a date the protocol cannot describe is an error of the batch).
final class ColumnLabeledValues: Sendable {
    /// One labeled column: where each contact's values start, and the dates decoded.
    private struct Column: @unchecked Sendable {
        // SAFETY: the date components are decoded here and never mutated; the rest are values.
        let message: WireColumns.Labeled
        let property: ContactProperty
        let starts: [Int]
        let dates: [NSDateComponents]
    }

    private let columns: [Column]

    /// The columns checked against the batch, or nil when there are none.
    init?(_ messages: [WireColumns.Labeled], count: Int, keys: ContactKeySet) throws(WireError) {
        guard !messages.isEmpty else { return nil }
        var columns: [Column] = []
        var seen = ContactKeySet()
        for message in messages {
            let property = try WireColumns.property(
                message.key, in: keys, seen: &seen, field: "LabeledColumn.key")
            guard ContactProperty.multiValueProperties.contains(property), message.counts.count == count else {
                throw WireError(.malformedMessage, "LabeledColumn \(property.key) does not fit the batch")
            }
            var starts = [0]
            starts.reserveCapacity(count + 1)
            for values in message.counts { starts.append(starts[starts.count - 1] + Int(values)) }
            let total = starts[count]
            let width = LabeledValueTexts.width(of: property)
            guard message.identifiers.count == total, message.labelPresent.count == total,
                message.labels.count == total,
                message.values.count == total * width, message.dates.count == (property == .dates ? total : 0)
            else {
                throw WireError(.malformedMessage, "LabeledColumn \(property.key) has lists of different lengths")
            }
            var dates: [NSDateComponents] = []
            for date in message.dates { dates.append(try DateComponents(wire: date) as NSDateComponents) }
            columns.append(Column(message: message, property: property, starts: starts, dates: dates))
        }
        self.columns = columns
    }

    /// One contact's values: what its `DeferredLabeledValues` decodes from.
    struct Contact: LabeledValueSource {
        let columns: ColumnLabeledValues
        let index: Int

        func decode(_ property: ContactProperty, into lists: inout LabeledValueLists) {
            guard let column = columns.columns.first(where: { $0.property == property }) else { return }
            let message = column.message
            let width = LabeledValueTexts.width(of: property)
            for value in column.starts[index]..<column.starts[index + 1] {
                let identifier = message.identifiers[value]
                let label = message.labelPresent[value] ? message.labels[value] : nil
                if property == .dates {
                    // Not owned: the labeled value normalizes the calendar of its own copy.
                    lists.dates.append(CNLabeledValue(identifier: identifier, label: label, value: column.dates[value]))
                } else {
                    lists.appendFromWire(property, identifier: identifier, label: label) {
                        message.values[value * width + $0]
                    }
                }
            }
        }
    }
}

extension Contacts_V1_DateComponents {
    /// The wire bytes of a date's message, for contactsd's batches encoded by hand (`ColumnBatchEncoder`).
    package static func serializedBytes(of components: DateComponents) -> [UInt8] {
        // A message of a few optional integers and a string cannot fail to serialize.
        (try? Contacts_V1_DateComponents(components).serializedBytes()) ?? []
    }
}
