import ContactsModel

/// The `FN` the writer puts on a card.
///
/// A small stand-in for `CNContactFormatter` until ContactsFormatting has one: organizations use their
/// organization name; persons join prefix, given, middle, family and suffix with spaces (family name first
/// and no spaces when the name is written in Han or Kana); an empty name falls back to the nickname, then
/// the organization name.
enum VCardFormattedName {
    static func make(_ storage: ContactStorage) -> String {
        if storage.contactType == .organization, !storage.organizationName.isEmpty {
            return storage.organizationName
        }
        let name: String
        if [storage.givenName, storage.middleName, storage.familyName].contains(where: isChineseOrJapanese) {
            name = [storage.namePrefix, storage.familyName, storage.middleName, storage.givenName, storage.nameSuffix]
                .filter { !$0.isEmpty }.joined()
        } else {
            name = [storage.namePrefix, storage.givenName, storage.middleName, storage.familyName, storage.nameSuffix]
                .filter { !$0.isEmpty }.joined(separator: " ")
        }
        if !name.isEmpty { return name }
        if !storage.nickname.isEmpty { return storage.nickname }
        return storage.organizationName
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
