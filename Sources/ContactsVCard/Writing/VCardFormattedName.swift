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

    /// Writes the formatted name of a contact, read from its storage, as the value of the line `output` is on.
    ///
    /// This is `CNContactFormatter.string(from:style: .fullName)` (`NameFormatter.person`'s full name) done on
    /// the storage the writer borrows: the same parts in the same order, chosen by the same `NameScript` and
    /// settings, joined by the same delimiter, written straight into the output. Asking the formatter cost
    /// ~1,900 instructions a contact (it reads each field through the contact, one exclusivity check a field,
    /// and builds a string), 19% of serializing the realistic cards, and it may not read the contact while the
    /// writer borrows its storage. `VCardFastPathEdgeTests` compares the two on every card of a realistic book.
    static func write(_ storage: borrowing ContactStorage, to output: inout VCardOutput) {
        output.startValue()
        let start = output.valueMark
        defer { output.escapeValue(from: start) }
        guard storage.fetchedKeys.isSuperset(of: formatterKeys) else {
            output.appendRaw(fallback(storage))
            return
        }
        // NameFormatter.visitFullName, part for part.
        let organization = storage.organizationName
        if storage.contactType == .organization, !organization.isEmpty {
            output.appendRaw(organization)
            return
        }
        let script = NameScript(storage.givenName, storage.middleName, storage.familyName)
        let delimiter = script.delimiter
        func visit(_ part: String) {
            guard !part.isEmpty else { return }
            // NameFormatter.string(from:style:) puts the delimiter before a part when the name so far is not empty.
            if output.valueMark != start { output.appendRaw(delimiter) }
            output.appendRaw(part)
        }
        visit(storage.namePrefix)
        if NameFormatter.person.isFamilyNameFirst(script) {
            visit(storage.familyName)
            visit(storage.middleName)
            visit(storage.givenName)
        } else {
            visit(storage.givenName)
            visit(storage.middleName)
            visit(storage.familyName)
        }
        visit(storage.nameSuffix)
        if output.valueMark != start { return }
        if !storage.nickname.isEmpty {
            output.appendRaw(storage.nickname)
        } else {
            output.appendRaw(organization)
        }
    }

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
