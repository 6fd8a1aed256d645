import ContactsModel
import Foundation

/// One labeled value as stored in `contact_value`.
///
/// `value` holds the main text (the number, the address, the street, the name); `detail` holds the other
/// fields of structured values separated by U+001F, or as a JSON array when a field holds U+001F itself
/// (see ``joinedDetail(_:)``); `search` holds the normalized form predicates compare (lower-cased e-mail
/// addresses).
package struct LabeledValueRow: Sendable, Equatable {
    package var kind: Int
    package var position: Int
    package var identifier: String
    package var label: String?
    package var value: String
    package var detail: String?
    package var search: String?

    /// The stored kind number of each multi-valued property. Never renumber.
    package static func kind(of property: ContactProperty) -> Int? {
        switch property {
        case .phoneNumbers: 1
        case .emailAddresses: 2
        case .postalAddresses: 3
        case .dates: 4
        case .urlAddresses: 5
        case .contactRelations: 6
        case .socialProfiles: 7
        case .instantMessageAddresses: 8
        default: nil
        }
    }

    /// The property of a stored kind number.
    package static func property(ofKind kind: Int) -> ContactProperty? {
        ContactProperty.multiValueProperties.first { self.kind(of: $0) == kind }
    }

    private static let separator: Character = "\u{1F}"

    /// The other fields of a structured value as one `detail` column.
    ///
    /// Fields are joined by U+001F, which no one types. A field that holds U+001F anyway would come back
    /// split in two and shift the fields after it, so then the fields are stored as a JSON array of
    /// strings instead. JSON escapes control characters, so that form holds no raw U+001F, while the joined
    /// form of a postal address or a social profile always holds one or more: reading tells them apart,
    /// and rows written before this form read as they always did.
    static func joinedDetail(_ fields: [String]) -> String {
        // A byte scan: every postal address of a save or an import passes here.
        guard fields.contains(where: { $0.utf8.contains(separatorByte) }) else {
            return fields.joined(separator: String(Self.separator))
        }
        return JSONList.encode(fields)
    }

    private static let separatorByte: UInt8 = 0x1F

    /// The fields of a `detail` column written by ``joinedDetail(_:)``.
    static func detailFields(_ detail: String) -> [String] {
        // Text that does not decode is not the JSON form: it is split as every older row is.
        if detail.utf8.first == UInt8(ascii: "["), !detail.utf8.contains(separatorByte),
            let fields = try? JSONDecoder().decode([String].self, from: Data(detail.utf8))
        {
            return fields
        }
        return detail.split(separator: Self.separator, omittingEmptySubsequences: false).map(String.init)
    }

    /// The rows of one multi-valued property of a contact.
    package static func rows(of property: ContactProperty, in storage: ContactStorage) -> [LabeledValueRow] {
        guard let kind = kind(of: property) else { return [] }
        func make(_ values: [(String, String?, String, String?, String?)]) -> [LabeledValueRow] {
            values.enumerated().map { position, entry in
                LabeledValueRow(
                    kind: kind, position: position, identifier: entry.0, label: entry.1, value: entry.2,
                    detail: entry.3, search: entry.4
                )
            }
        }
        switch property {
        case .phoneNumbers:
            return make(storage.phoneNumbers.map { ($0.identifier, $0.label, $0.value.stringValue, nil, nil) })
        case .emailAddresses:
            return make(
                storage.emailAddresses.map {
                    let address = $0.value as String
                    return ($0.identifier, $0.label, address, nil, address.lowercased())
                })
        case .postalAddresses:
            return make(
                storage.postalAddresses.map { labeled in
                    let values = labeled.value.fields.keyedValues.map(\.value)
                    return (labeled.identifier, labeled.label, values[0], joinedDetail(Array(values.dropFirst())), nil)
                })
        case .dates:
            return make(
                storage.dates.map { ($0.identifier, $0.label, DateCoding.encode($0.value as DateComponents), nil, nil) }
            )
        case .urlAddresses:
            return make(storage.urlAddresses.map { ($0.identifier, $0.label, $0.value as String, nil, nil) })
        case .contactRelations:
            return make(storage.contactRelations.map { ($0.identifier, $0.label, $0.value.name, nil, nil) })
        case .socialProfiles:
            return make(
                storage.socialProfiles.map { labeled in
                    let profile = labeled.value
                    let detail = joinedDetail([profile.username, profile.userIdentifier, profile.service])
                    return (labeled.identifier, labeled.label, profile.urlString, detail, nil)
                })
        case .instantMessageAddresses:
            return make(
                storage.instantMessageAddresses.map {
                    ($0.identifier, $0.label, $0.value.username, $0.value.service, nil)
                })
        default:
            return []
        }
    }

    /// Appends this row's value to the matching list of a contact's labeled values.
    package func append(to lists: inout LabeledValueLists) {
        guard let property = Self.property(ofKind: kind) else { return }
        // Only structured values keep their fields in `detail`; an instant message address keeps its service.
        let isStructured = property == .postalAddresses || property == .socialProfiles
        let details = isStructured ? detail.map(Self.detailFields) ?? [] : []
        func part(_ index: Int) -> String { index < details.count ? details[index] : "" }
        switch property {
        case .phoneNumbers:
            lists.phoneNumbers.append(
                CNLabeledValue(identifier: identifier, label: label, value: CNPhoneNumber(stringValue: value)))
        case .emailAddresses:
            lists.emailAddresses.append(CNLabeledValue(identifier: identifier, label: label, value: value as NSString))
        case .postalAddresses:
            var fields = CNPostalAddress.Fields()
            let keys = fields.keyedValues.map(\.key)
            _ = fields.setValue(value, forKey: keys[0])
            for (index, key) in keys.dropFirst().enumerated() {
                _ = fields.setValue(part(index), forKey: key)
            }
            lists.postalAddresses.append(
                CNLabeledValue(identifier: identifier, label: label, value: CNPostalAddress(fields: fields)))
        case .dates:
            let components = DateCoding.decode(value) as NSDateComponents
            lists.dates.append(CNLabeledValue(identifier: identifier, label: label, value: components))
        case .urlAddresses:
            lists.urlAddresses.append(CNLabeledValue(identifier: identifier, label: label, value: value as NSString))
        case .contactRelations:
            lists.contactRelations.append(
                CNLabeledValue(identifier: identifier, label: label, value: CNContactRelation(name: value)))
        case .socialProfiles:
            let profile = CNSocialProfile(
                urlString: value, username: part(0), userIdentifier: part(1), service: part(2))
            lists.socialProfiles.append(CNLabeledValue(identifier: identifier, label: label, value: profile))
        case .instantMessageAddresses:
            let address = CNInstantMessageAddress(username: value, service: detail ?? "")
            lists.instantMessageAddresses.append(CNLabeledValue(identifier: identifier, label: label, value: address))
        default:
            break
        }
    }
}

extension StatementBinder {
    /// Binds a value row's columns after its contact's id, in `contact_value`'s order: kind, position, identifier,
    /// label, value, detail, search (the save's one-row inserts and an import's many-row ones).
    mutating func bindColumns(of row: LabeledValueRow) {
        bind(row.kind)
        bind(row.position)
        bind(row.identifier)
        bind(row.label)
        bind(row.value)
        bind(row.detail)
        bind(row.search)
    }
}
