import ContactsModel
import Foundation

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
    package init?(_ contacts: [ContactStorage], keys: ContactKeySet) {
        guard !keys.contains(.imageData), !keys.contains(.thumbnailImageData) else { return nil }
        self.init()
        // Closures and indexes, never `for contact in contacts` or key paths: each of those copies the whole
        // storage (two dozen references retained and released) for every contact and column, which was the
        // daemon's largest cost in a profile of the all-keys enumeration.
        identifiers = contacts.map { $0.identifier }
        setLinkedIdentifiers(of: contacts)
        for property in keys.properties {
            switch property {
            case .identifier: break
            case .contactType: contactTypes = contacts.map { Int32($0.contactType.rawValue) }
            case .imageDataAvailable: imageDataAvailable = contacts.map { $0.imageDataAvailable }
            case .birthday: dates.append(Self.dateColumn(property, contacts.map { $0.birthday }))
            case .nonGregorianBirthday:
                dates.append(Self.dateColumn(property, contacts.map { $0.nonGregorianBirthday }))
            default:
                if ContactProperty.multiValueProperties.contains(property) {
                    labeled.append(Contacts_V1_LabeledColumn(property, of: contacts))
                } else {
                    var column = Contacts_V1_StringColumn()
                    column.key = property.key
                    column.values = contacts.map(Self.stringReader(property))
                    strings.append(column)
                }
            }
        }
    }

    /// Reads one string property; `ContactStorage.string(of:)` would box every value in an `Any`.
    private static func stringReader(_ property: ContactProperty) -> (ContactStorage) -> String {
        switch property {
        case .namePrefix: { $0.namePrefix }
        case .givenName: { $0.givenName }
        case .middleName: { $0.middleName }
        case .familyName: { $0.familyName }
        case .previousFamilyName: { $0.previousFamilyName }
        case .nameSuffix: { $0.nameSuffix }
        case .nickname: { $0.nickname }
        case .phoneticGivenName: { $0.phoneticGivenName }
        case .phoneticMiddleName: { $0.phoneticMiddleName }
        case .phoneticFamilyName: { $0.phoneticFamilyName }
        case .phoneticOrganizationName: { $0.phoneticOrganizationName }
        case .organizationName: { $0.organizationName }
        case .departmentName: { $0.departmentName }
        case .jobTitle: { $0.jobTitle }
        case .note: { $0.note }
        default: { _ in "" }
        }
    }

    private mutating func setLinkedIdentifiers(of contacts: [ContactStorage]) {
        if contacts.allSatisfy({ $0.linkedIdentifierCount == 0 }) { return }
        if contacts.allSatisfy({ $0.linkedIdentifierCount == 1 && $0.linkedIdentifiers[0] == $0.identifier }) {
            linkedAlone = true
            return
        }
        linkedCounts = contacts.map { UInt32($0.linkedIdentifierCount) }
        linkedIdentifiers = contacts.flatMap { $0.linkedIdentifiers }
    }

    private static func dateColumn(_ property: ContactProperty, _ values: [DateComponents?]) -> Contacts_V1_DateColumn {
        var column = Contacts_V1_DateColumn()
        column.key = property.key
        column.present = values.map { $0 != nil }
        column.values = values.compactMap { $0.map(Contacts_V1_DateComponents.init) }
        return column
    }

    /// The contacts the columns describe, each holding `keys`, their labeled values decoded on first access
    /// as the embedded store's are (`DeferredLabeledValues`).
    ///
    /// - Parameter keys: The batch's keys; every one but the identifier must have its column.
    /// - Throws: `WireError.malformedMessage` for a missing, repeated or unknown column, a column whose length
    ///   is not the number of contacts (or of their values), a contact type out of range or a date the protocol
    ///   cannot describe.
    package func storages(holding keys: ContactKeySet) throws(WireError) -> [ContactStorage] {
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
                    keys, to: DeferredLabeledValues(source: ColumnLabeledValues.Contact(columns: labeledValues, index: index)))
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
    fileprivate static func property(
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
        _ column: Contacts_V1_DateColumn, into storages: inout [ContactStorage], property: ContactProperty
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

extension Contacts_V1_LabeledColumn {
    /// How many strings one value of a property takes in `values`.
    static func width(of property: ContactProperty) -> Int {
        switch property {
        case .postalAddresses: 8
        case .socialProfiles: 4
        case .instantMessageAddresses: 2
        case .dates: 0
        default: 1
        }
    }

    /// The column of one labeled property of every contact.
    init(_ property: ContactProperty, of contacts: [ContactStorage]) {
        self.init()
        key = property.key
        counts.reserveCapacity(contacts.count)
        // By index: `for contact in contacts` would copy each whole storage (see ContactColumns.init). Each
        // value's strings are appended in place, with no array of its own.
        for index in contacts.indices {
            switch property {
            case .phoneNumbers: append(contacts[index].phoneNumbers) { $1.append($0.stringValue) }
            case .emailAddresses: append(contacts[index].emailAddresses) { $1.append($0 as String) }
            case .urlAddresses: append(contacts[index].urlAddresses) { $1.append($0 as String) }
            case .contactRelations: append(contacts[index].contactRelations) { $1.append($0.name) }
            case .postalAddresses:
                append(contacts[index].postalAddresses) { address, values in
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
                append(contacts[index].socialProfiles) { profile, values in
                    values.append(profile.urlString)
                    values.append(profile.username)
                    values.append(profile.userIdentifier)
                    values.append(profile.service)
                }
            case .instantMessageAddresses:
                append(contacts[index].instantMessageAddresses) { address, values in
                    values.append(address.username)
                    values.append(address.service)
                }
            case .dates:
                let values = contacts[index].dates
                append(values) { _, _ in }
                dates.append(contentsOf: values.map { Contacts_V1_DateComponents($0.value as DateComponents) })
            default: counts.append(0)
            }
        }
    }

    private mutating func append<Value>(
        _ labeledValues: [CNLabeledValue<Value>], strings: (Value, inout [String]) -> Void
    ) {
        counts.append(UInt32(labeledValues.count))
        for labeled in labeledValues {
            identifiers.append(labeled.identifier)
            labelPresent.append(labeled.label != nil)
            labels.append(labeled.label ?? "")
            strings(labeled.value, &values)
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
        let message: Contacts_V1_LabeledColumn
        let property: ContactProperty
        let starts: [Int]
        let dates: [NSDateComponents]
    }

    private let columns: [Column]

    /// The columns checked against the batch, or nil when there are none.
    init?(_ messages: [Contacts_V1_LabeledColumn], count: Int, keys: ContactKeySet) throws(WireError) {
        guard !messages.isEmpty else { return nil }
        var columns: [Column] = []
        var seen = ContactKeySet()
        for message in messages {
            let property = try Contacts_V1_ContactColumns.property(
                message.key, in: keys, seen: &seen, field: "LabeledColumn.key")
            guard ContactProperty.multiValueProperties.contains(property), message.counts.count == count else {
                throw WireError(.malformedMessage, "LabeledColumn \(property.key) does not fit the batch")
            }
            var starts = [0]
            starts.reserveCapacity(count + 1)
            for values in message.counts { starts.append(starts[starts.count - 1] + Int(values)) }
            let total = starts[count]
            let width = Contacts_V1_LabeledColumn.width(of: property)
            guard message.identifiers.count == total, message.labelPresent.count == total, message.labels.count == total,
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
            let width = Contacts_V1_LabeledColumn.width(of: property)
            for value in column.starts[index]..<column.starts[index + 1] {
                let identifier = message.identifiers[value]
                let label = message.labelPresent[value] ? message.labels[value] : nil
                func string(_ part: Int) -> String { message.values[value * width + part] }
                func labeled<Value>(_ value: Value) -> CNLabeledValue<Value> {
                    CNLabeledValue(identifier: identifier, label: label, ownedValue: value)
                }
                switch property {
                case .phoneNumbers: lists.phoneNumbers.append(labeled(CNPhoneNumber(stringValue: string(0))))
                case .emailAddresses: lists.emailAddresses.append(labeled(NSString(string: string(0))))
                case .urlAddresses: lists.urlAddresses.append(labeled(NSString(string: string(0))))
                case .contactRelations: lists.contactRelations.append(labeled(CNContactRelation(name: string(0))))
                case .postalAddresses:
                    var fields = CNPostalAddress.Fields()
                    fields.street = string(0)
                    fields.subLocality = string(1)
                    fields.city = string(2)
                    fields.subAdministrativeArea = string(3)
                    fields.state = string(4)
                    fields.postalCode = string(5)
                    fields.country = string(6)
                    fields.isoCountryCode = string(7)
                    lists.postalAddresses.append(labeled(CNPostalAddress(fields: fields)))
                case .socialProfiles:
                    let profile = CNSocialProfile(
                        urlString: string(0), username: string(1), userIdentifier: string(2), service: string(3))
                    lists.socialProfiles.append(labeled(profile))
                case .instantMessageAddresses:
                    let address = CNInstantMessageAddress(username: string(0), service: string(1))
                    lists.instantMessageAddresses.append(labeled(address))
                case .dates:
                    // Not owned: the labeled value normalizes the calendar of its own copy.
                    lists.dates.append(CNLabeledValue(identifier: identifier, label: label, value: column.dates[value]))
                default: break
                }
            }
        }
    }
}
