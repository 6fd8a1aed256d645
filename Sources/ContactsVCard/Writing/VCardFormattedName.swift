import ContactsFormatting
import ContactsModel

/// The `FN` the writer puts on a card.
///
/// `FN` is what `CNContactFormatter.string(from:style: .fullName)` shows for the contact, with the person's
/// settings: organizations use their organization name, CJK names are written family name first without
/// spaces, an empty name falls back to the nickname, then the organization name, and nothing to show gives
/// an empty `FN` (vCard requires the property). A contact that lacks one of the formatter's required keys
/// (the formatter would stop the process) gets the same fields joined by ``fallback(_:)`` instead, so
/// writing never stops on a key only the formatter needs.
enum VCardFormattedName {
    /// The keys of `CNContactFormatter.descriptorForRequiredKeys(for: .fullName)`.
    private static let formatterKeys = ContactKeySet(NameFormatter.requiredKeys(for: .fullName))

    /// The formatted name of `contact`, whose fields are `storage`.
    static func make(_ storage: borrowing ContactStorage, contact: CNContact) -> String {
        guard storage.fetchedKeys.isSuperset(of: formatterKeys) else { return fallback(storage) }
        return CNContactFormatter.string(from: contact, style: .fullName) ?? ""
    }

    /// The name built from whichever name fields the contact holds: prefix, given, middle, family and
    /// suffix joined by spaces (family name first and no spaces when the name is written in Han or Kana),
    /// then the nickname, then the organization name.
    static func fallback(_ storage: borrowing ContactStorage) -> String {
        let keys = storage.fetchedKeys
        func field(_ property: ContactProperty, _ value: String) -> String {
            keys.contains(property) ? value : ""
        }
        let organization = field(.organizationName, storage.organizationName)
        if keys.contains(.contactType), storage.contactType == .organization, !organization.isEmpty {
            return organization
        }
        let prefix = field(.namePrefix, storage.namePrefix)
        let given = field(.givenName, storage.givenName)
        let middle = field(.middleName, storage.middleName)
        let family = field(.familyName, storage.familyName)
        let suffix = field(.nameSuffix, storage.nameSuffix)
        let name: String
        if [given, middle, family].contains(where: isChineseOrJapanese) {
            name = [prefix, family, middle, given, suffix].filter { !$0.isEmpty }.joined()
        } else {
            name = [prefix, given, middle, family, suffix].filter { !$0.isEmpty }.joined(separator: " ")
        }
        if !name.isEmpty { return name }
        let nickname = field(.nickname, storage.nickname)
        if !nickname.isEmpty { return nickname }
        return organization
    }

    private static func isChineseOrJapanese(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F: true
            default: false
            }
        }
    }
}
