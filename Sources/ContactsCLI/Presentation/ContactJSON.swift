import ContactsSystem

/// The JSON form of a contact printed by `--json`: stable field names, documented in docs/CLI.md.
///
/// String fields are always present ("" when empty), lists are always present ([] when empty), `birthday`
/// is absent when there is none, and `label` is absent for a value without a label.
package struct ContactJSON: Codable, Hashable, Sendable {
    package struct LabeledText: Codable, Hashable, Sendable {
        package var identifier: String
        package var label: String?
        package var localizedLabel: String
        package var value: String
    }

    package struct PostalAddress: Codable, Hashable, Sendable {
        package var identifier: String
        package var label: String?
        package var localizedLabel: String
        package var street: String
        package var subLocality: String
        package var city: String
        package var subAdministrativeArea: String
        package var state: String
        package var postalCode: String
        package var country: String
        package var isoCountryCode: String
        /// The address formatted for its country, lines separated by "\n".
        package var formatted: String
    }

    package struct Service: Codable, Hashable, Sendable {
        package var identifier: String
        package var label: String?
        package var service: String
        package var username: String
        /// The service's own identifier of the user (a social profile's); "" for instant messaging.
        package var userIdentifier: String
        package var url: String
    }

    package var identifier: String
    /// "person" or "organization".
    package var kind: String
    /// The name as the person's formatter writes it (full name style).
    package var displayName: String
    package var namePrefix: String
    package var givenName: String
    package var middleName: String
    package var familyName: String
    package var previousFamilyName: String
    package var nameSuffix: String
    package var nickname: String
    package var phoneticGivenName: String
    package var phoneticMiddleName: String
    package var phoneticFamilyName: String
    package var organizationName: String
    package var phoneticOrganizationName: String
    package var departmentName: String
    package var jobTitle: String
    /// `YYYY-MM-DD`, or `--MM-DD` without a year.
    package var birthday: String?
    package var note: String
    package var phoneNumbers: [LabeledText]
    package var emailAddresses: [LabeledText]
    package var urlAddresses: [LabeledText]
    package var postalAddresses: [PostalAddress]
    /// Dates as `YYYY-MM-DD` or `--MM-DD`.
    package var dates: [LabeledText]
    package var contactRelations: [LabeledText]
    package var socialProfiles: [Service]
    package var instantMessageAddresses: [Service]
}

extension ContactJSON {
    /// The JSON form of a contact fetched with ``ContactKeys/detail``.
    package init(_ contact: CNContact, presenter: ContactPresenter) {
        let storage = contact.storage
        func labeled<V>(_ values: [CNLabeledValue<V>], _ text: (V) -> String) -> [LabeledText] {
            values.map {
                LabeledText(
                    identifier: $0.identifier, label: $0.label, localizedLabel: presenter.label($0.label),
                    value: text($0.value))
            }
        }
        identifier = storage.identifier
        kind = storage.contactType == .organization ? "organization" : "person"
        displayName = presenter.displayName(of: contact)
        namePrefix = storage.namePrefix
        givenName = storage.givenName
        middleName = storage.middleName
        familyName = storage.familyName
        previousFamilyName = storage.previousFamilyName
        nameSuffix = storage.nameSuffix
        nickname = storage.nickname
        phoneticGivenName = storage.phoneticGivenName
        phoneticMiddleName = storage.phoneticMiddleName
        phoneticFamilyName = storage.phoneticFamilyName
        organizationName = storage.organizationName
        phoneticOrganizationName = storage.phoneticOrganizationName
        departmentName = storage.departmentName
        jobTitle = storage.jobTitle
        birthday = storage.birthday.map(ContactPresenter.dateText)
        note = storage.note
        phoneNumbers = labeled(storage.phoneNumbers) { $0.stringValue }
        emailAddresses = labeled(storage.emailAddresses) { $0 as String }
        urlAddresses = labeled(storage.urlAddresses) { $0 as String }
        dates = labeled(storage.dates) { ContactPresenter.dateText($0 as DateComponents) }
        contactRelations = labeled(storage.contactRelations) { $0.name }
        postalAddresses = storage.postalAddresses.map { value in
            let address = value.value
            return PostalAddress(
                identifier: value.identifier, label: value.label, localizedLabel: presenter.label(value.label),
                street: address.street, subLocality: address.subLocality, city: address.city,
                subAdministrativeArea: address.subAdministrativeArea, state: address.state,
                postalCode: address.postalCode, country: address.country, isoCountryCode: address.isoCountryCode,
                formatted: presenter.addressLines(address).joined(separator: "\n")
            )
        }
        socialProfiles = storage.socialProfiles.map {
            Service(
                identifier: $0.identifier, label: $0.label, service: $0.value.service, username: $0.value.username,
                userIdentifier: $0.value.userIdentifier, url: $0.value.urlString
            )
        }
        instantMessageAddresses = storage.instantMessageAddresses.map {
            Service(
                identifier: $0.identifier, label: $0.label, service: $0.value.service, username: $0.value.username,
                userIdentifier: "", url: ""
            )
        }
    }

    /// The encoder every JSON output uses: sorted keys, so output is stable, and readable indentation.
    package static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return encoder
    }

    /// Encodes any value as the tool's JSON text, with a final newline.
    package static func text(_ value: some Encodable) throws -> String {
        try compactText(value) + "\n"
    }

    /// Encoded JSON with empty lists written `[]` (Foundation's pretty printer spreads them over three lines).
    static func compactText(_ value: some Encodable) throws -> String {
        String(decoding: compacted(try encoder.encode(value), indent: 0), as: UTF8.self)
    }

    /// Pretty-printed JSON bytes with each empty list (`[`, a line break, blanks, a line break, blanks, `]`)
    /// written `[]`, and `indent` spaces after every line break.
    ///
    /// Written by hand over the bytes because this runs once per contact of `list --json`: a regular expression
    /// and a split per contact made the JSON listing six times slower than the table (issue 17). A raw line
    /// break never occurs inside a JSON string (the encoder escapes it), so the pattern is always structure.
    package static func compacted(_ json: Data, indent: Int) -> [UInt8] {
        let bytes = [UInt8](json)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + bytes.count / 8)
        let newline = UInt8(ascii: "\n")
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "["), let end = emptyListEnd(bytes, from: index) {
                result += [UInt8(ascii: "["), UInt8(ascii: "]")]
                index = end + 1
                continue
            }
            result.append(byte)
            if byte == newline, indent > 0 { result += repeatElement(UInt8(ascii: " "), count: indent) }
            index += 1
        }
        return result
    }

    /// The index of the `]` of an empty pretty-printed list starting at `[`, or nil.
    private static func emptyListEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start + 1
        var newlines = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"): newlines += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"): break
            case UInt8(ascii: "]"): return newlines == 2 ? index : nil
            default: return nil
            }
            index += 1
        }
        return nil
    }
}

/// Writes a JSON array one element at a time, so a listing of the whole store stays in constant memory.
package struct JSONArrayWriter {
    private var count = 0
    /// One writer for the whole array, its buffer reused for each contact.
    private var writer = PrettyJSONWriter(indent: 2)

    package init() {}

    /// Appends a contact through ``PrettyJSONWriter``: the same bytes as the encoder, several times faster.
    package mutating func append(_ contact: ContactJSON, to output: inout BufferedOutput) {
        writer.removeAll()
        contact.write(to: &writer)
        output.write(count == 0 ? "[\n  " : ",\n  ")
        output.write(bytes: writer.bytes)
        count += 1
    }

    package func finish(_ output: inout BufferedOutput) {
        output.write(count == 0 ? "[]\n" : "\n]\n")
    }
}
