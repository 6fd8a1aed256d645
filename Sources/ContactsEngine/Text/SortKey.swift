import ContactsModel
import Foundation

/// Sort keys whose binary order is the order contacts are listed in, so sorted fetches walk an index.
///
/// A key holds a primary part (folded, with the locale's tailoring) and a secondary part (case and
/// accents kept) that breaks ties, each made of name components separated by U+0001. The components are,
/// for `.givenName`, the given then family name (for `.familyName`, the reverse), then the middle name;
/// a phonetic name stands in for its name when present, as Japanese contacts sort by reading. Companies
/// sort by organization name. A person with no name sorts by nickname, then organization name; a contact
/// with no name at all sorts last.
///
/// `CNContact.comparator(forNameSortOrder:)` compares the same keys, so it agrees with the store.
package struct SortKey: Sendable {
    /// The language whose alphabet order tailors the keys, such as "sv" or "es".
    package var language: String
    /// Folded names, shared by every copy of this key maker (the store's writers and the name index).
    package let folding = FoldingCache()

    package init(localeIdentifier: String) {
        self.language = UserSettings.split(localeIdentifier).language
    }

    /// The key of a contact for an order; `.givenName` or `.familyName`.
    ///
    /// The identifier ends the key after U+0003, so equal names still have one order, the same in the
    /// store and in the comparator.
    package func key(for names: Names, order: CNContactSortOrder, identifier: String) -> String {
        let components = self.components(of: names, order: order)
        guard components.contains(where: { !$0.isEmpty }) else {
            // U+10FFFF sorts after every name.
            return "\u{10FFFF}\u{3}" + identifier
        }
        let primary = components.map(primaryForm).joined(separator: "\u{1}")
        let secondary = components.joined(separator: "\u{1}")
        return primary + "\u{2}" + secondary + "\u{3}" + identifier
    }

    /// The `.givenName` and `.familyName` keys of a contact, folding each name once.
    package func keys(for names: Names, identifier: String) -> (given: String, family: String) {
        let given = components(of: names, order: .givenName)
        guard given.contains(where: { !$0.isEmpty }) else {
            let last = "\u{10FFFF}\u{3}" + identifier
            return (last, last)
        }
        let primary = given.map(primaryForm)
        // Built by appending into one buffer: joining arrays of parts cost as much as the folding. The result
        // is the same as key(for:order:identifier:).
        let length =
            primary.reduce(0) { $0 + $1.utf8.count } + given.reduce(0) { $0 + $1.utf8.count }
            + identifier.utf8.count + 6
        func key(_ first: Int, _ second: Int) -> String {
            var key = ""
            key.reserveCapacity(length)
            // Three components separated by U+0001, then the closing separator.
            func append(_ parts: [String], closing: String) {
                key += parts[first]
                key += "\u{1}"
                key += parts[second]
                key += "\u{1}"
                key += parts[2]
                key += closing
            }
            append(primary, closing: "\u{2}")
            append(given, closing: "\u{3}")
            key += identifier
            return key
        }
        // Companies and nameless people have one component first in both orders; people swap given and family.
        let isSwapped = components(of: names, order: .familyName) != given
        return (key(0, 1), isSwapped ? key(1, 0) : key(0, 1))
    }

    /// The name fields a sort key reads.
    package struct Names: Sendable {
        package var contactType: CNContactType = .person
        package var givenName = ""
        package var middleName = ""
        package var familyName = ""
        package var phoneticGivenName = ""
        package var phoneticMiddleName = ""
        package var phoneticFamilyName = ""
        package var nickname = ""
        package var organizationName = ""
        package var phoneticOrganizationName = ""

        package init() {}

        package init(_ storage: ContactStorage) {
            contactType = storage.contactType
            givenName = storage.givenName
            middleName = storage.middleName
            familyName = storage.familyName
            phoneticGivenName = storage.phoneticGivenName
            phoneticMiddleName = storage.phoneticMiddleName
            phoneticFamilyName = storage.phoneticFamilyName
            nickname = storage.nickname
            organizationName = storage.organizationName
            phoneticOrganizationName = storage.phoneticOrganizationName
        }
    }

    /// The contact properties a sort key reads.
    package static let properties: [ContactProperty] = [
        .contactType, .givenName, .middleName, .familyName, .phoneticGivenName, .phoneticMiddleName,
        .phoneticFamilyName, .nickname, .organizationName, .phoneticOrganizationName,
    ]

    private func components(of names: Names, order: CNContactSortOrder) -> [String] {
        func pick(_ phonetic: String, _ name: String) -> String { phonetic.isEmpty ? name : phonetic }
        let organization = pick(names.phoneticOrganizationName, names.organizationName)
        if names.contactType == .organization, !organization.isEmpty {
            return [organization, "", ""]
        }
        let given = pick(names.phoneticGivenName, names.givenName)
        let family = pick(names.phoneticFamilyName, names.familyName)
        let middle = pick(names.phoneticMiddleName, names.middleName)
        if given.isEmpty, family.isEmpty, middle.isEmpty {
            return [names.nickname.isEmpty ? organization : names.nickname, "", ""]
        }
        return order == .familyName ? [family, given, middle] : [given, family, middle]
    }

    /// The primary form of a component: tailored for the language, then folded.
    private func primaryForm(_ text: String) -> String {
        guard !text.isEmpty else { return "" }
        return folding.fold(tailored(text))
    }

    /// Letters that the language sorts after "z" are replaced by code points above "z" in its order.
    private func tailored(_ text: String) -> String {
        let letters: [Character]
        switch language {
        case "sv", "fi": letters = ["å", "ä", "ö"]
        case "da", "nb", "nn", "no": letters = ["æ", "ø", "å"]
        default: return text
        }
        guard text.contains(where: { letters.contains(Character($0.lowercased())) }) else { return text }
        var result = ""
        for character in text {
            if let index = letters.firstIndex(of: Character(character.lowercased())) {
                // "{", "|", "}" follow "z" in code point order and do not occur in names.
                result.append(Character(Unicode.Scalar(0x7B + UInt8(index))))
            } else {
                result.append(character)
            }
        }
        return result
    }
}
