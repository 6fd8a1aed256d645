import ContactsModel
import Foundation

/// A `ContactColumns` message's lists as plain arrays, however they were read: from a message SwiftProtobuf
/// decoded (``Contacts_V1_ContactColumns/storages(holding:)``) or straight from a frame's bytes
/// (``ColumnBatchFrame``). One builder of storages for both, so the two cannot drift apart.
struct WireColumns {
    /// A `StringColumn`.
    struct Strings {
        var key = ""
        var values: [String] = []
    }

    /// A `DateColumn`; its dates are still messages (a date is rare, and its own bytes are decoded by
    /// SwiftProtobuf either way).
    struct Dates {
        var key = ""
        var present: [Bool] = []
        var values: [Contacts_V1_DateComponents] = []
    }

    /// A `LabeledColumn`.
    struct Labeled {
        var key = ""
        var counts: [UInt32] = []
        var identifiers: [String] = []
        var labelPresent: [Bool] = []
        var labels: [String] = []
        var values: [String] = []
        var dates: [Contacts_V1_DateComponents] = []
    }

    var identifiers: [String] = []
    var linkedCounts: [UInt32] = []
    var linkedIdentifiers: [String] = []
    var linkedAlone = false
    var strings: [Strings] = []
    var contactTypes: [Int32] = []
    var imageDataAvailable: [Bool] = []
    var dates: [Dates] = []
    var labeled: [Labeled] = []

    init() {}

    /// A decoded message's lists (each array shared with the message, not copied).
    init(_ message: Contacts_V1_ContactColumns) {
        identifiers = message.identifiers
        linkedCounts = message.linkedCounts
        linkedIdentifiers = message.linkedIdentifiers
        linkedAlone = message.linkedAlone
        strings = message.strings.map { Strings(key: $0.key, values: $0.values) }
        contactTypes = message.contactTypes
        imageDataAvailable = message.imageDataAvailable
        dates = message.dates.map { Dates(key: $0.key, present: $0.present, values: $0.values) }
        labeled = message.labeled.map {
            Labeled(
                key: $0.key, counts: $0.counts, identifiers: $0.identifiers, labelPresent: $0.labelPresent,
                labels: $0.labels, values: $0.values, dates: $0.dates)
        }
    }

    /// The contacts the columns describe, each holding `keys`, their labeled values decoded on first access
    /// as the embedded store's are (`DeferredLabeledValues`).
    ///
    /// - Parameter keys: The batch's keys; every one but the identifier must have its column.
    /// - Throws: `WireError.malformedMessage` for a missing, repeated or unknown column, a column whose length
    ///   is not the number of contacts (or of their values), a contact type out of range or a date the protocol
    ///   cannot describe.
    func storages(holding keys: ContactKeySet) throws(WireError) -> [ContactStorage] {
        let count = identifiers.count
        let links = try linkLists(count: count)
        let labeledValues = try ColumnLabeledValues(labeled, count: count, keys: keys)
        var storages = identifiers.map { ContactStorage(identifier: $0, fetchedKeys: keys) }
        if linkedAlone {
            for index in storages.indices { storages[index].setUnifiedAlone() }
        } else if let links {
            for index in storages.indices where !links[index].isEmpty {
                storages[index].linkedIdentifiers = Array(links[index])
            }
        }
        var seen = ContactKeySet(labeled.compactMap { ContactProperty(key: $0.key) })
        for column in strings {
            let property = try Self.property(column.key, in: keys, seen: &seen, field: "StringColumn.key")
            guard ContactProperty.stringProperties.contains(property), column.values.count == count else {
                throw WireError(.malformedMessage, "StringColumn \(property.key) does not fit the batch")
            }
            for index in storages.indices { _ = storages[index].setString(column.values[index], of: property) }
        }
        for column in dates {
            let property = try Self.property(column.key, in: keys, seen: &seen, field: "DateColumn.key")
            try Self.read(column, into: &storages, property: property)
        }
        if keys.contains(.contactType) {
            guard contactTypes.count == count else {
                throw WireError(.malformedMessage, "ContactColumns.contact_types does not fit the batch")
            }
            seen.insert(ContactKeySet(.contactType))
            for index in storages.indices {
                guard let type = CNContactType(rawValue: Int(contactTypes[index])) else {
                    throw WireError(.malformedMessage, "ContactColumns.contact_types[\(index)] is out of range")
                }
                storages[index].contactType = type
            }
        }
        if keys.contains(.imageDataAvailable) {
            guard imageDataAvailable.count == count else {
                throw WireError(.malformedMessage, "ContactColumns.image_data_available does not fit the batch")
            }
            seen.insert(ContactKeySet(.imageDataAvailable))
            for index in storages.indices { storages[index].imageDataAvailable = imageDataAvailable[index] }
        }
        guard seen.union(.identifierOnly) == keys.union(.identifierOnly) else {
            throw WireError(.malformedMessage, "ContactColumns lack a column of the batch's keys")
        }
        if let labeledValues {
            for index in storages.indices {
                storages[index].deferLabeledValues(
                    keys,
                    to: DeferredLabeledValues(source: ColumnLabeledValues.Contact(columns: labeledValues, index: index))
                )
            }
        }
        return storages
    }

    /// Each contact's linked identifiers as a slice of `linked_identifiers`; nil when none has any.
    private func linkLists(count: Int) throws(WireError) -> [ArraySlice<String>]? {
        guard !linkedCounts.isEmpty || !linkedIdentifiers.isEmpty else { return nil }
        guard !linkedAlone, linkedCounts.count == count else {
            throw WireError(.malformedMessage, "ContactColumns.linked_counts does not fit the batch")
        }
        var lists: [ArraySlice<String>] = []
        lists.reserveCapacity(count)
        var start = 0
        for linked in linkedCounts {
            let end = start + Int(linked)
            guard end <= linkedIdentifiers.count else {
                throw WireError(.malformedMessage, "ContactColumns.linked_identifiers is shorter than its counts")
            }
            lists.append(linkedIdentifiers[start..<end])
            start = end
        }
        guard start == linkedIdentifiers.count else {
            throw WireError(.malformedMessage, "ContactColumns.linked_identifiers is longer than its counts")
        }
        return lists
    }

    /// The property a column names, which the batch's keys must hold and no other column may have named.
    static func property(
        _ key: String, in keys: ContactKeySet, seen: inout ContactKeySet, field: String
    ) throws(WireError) -> ContactProperty {
        // The string is not quoted: a peer's unknown key may be anything, contact data included.
        guard let property = ContactProperty(key: key), keys.contains(property), property != .identifier else {
            throw WireError(.malformedMessage, "a \(field) is not one of the batch's keys")
        }
        guard !seen.contains(property) else {
            throw WireError(.malformedMessage, "two columns of \(property.key)")
        }
        seen.insert(ContactKeySet(property))
        return property
    }

    private static func read(
        _ column: Dates, into storages: inout [ContactStorage], property: ContactProperty
    ) throws(WireError) {
        guard property == .birthday || property == .nonGregorianBirthday, column.present.count == storages.count,
            column.values.count == column.present.count(where: { $0 })
        else {
            throw WireError(.malformedMessage, "DateColumn \(property.key) does not fit the batch")
        }
        var next = 0
        for index in storages.indices where column.present[index] {
            let date = try DateComponents(wire: column.values[next])
            next += 1
            if property == .birthday {
                storages[index].birthday = date
            } else {
                storages[index].nonGregorianBirthday = date
            }
        }
    }
}
