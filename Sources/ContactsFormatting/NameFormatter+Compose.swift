import ContactsModel
import Foundation

/// One part of a formatted name: the property it comes from and its text.
package struct NamePart: Sendable, Equatable {
    package var property: ContactProperty
    package var text: String
}

extension NameFormatter {
    /// The parts of a contact's formatted name, in display order, and the text between them; nil when the
    /// style has nothing to show.
    ///
    /// `.fullName`: an organization shows its organization name; a person shows prefix, given, middle,
    /// family name and suffix in display order, else the nickname, else the organization name.
    /// `.phoneticFullName`: an organization shows its phonetic organization name; a person (or an
    /// organization without one) shows the phonetic given, middle and family names, ordered by the script
    /// of the name itself; there is no fallback.
    package func parts(
        of contact: CNContact,
        style: CNContactFormatterStyle
    ) -> (parts: [NamePart], delimiter: String)? {
        switch style {
        case .fullName:
            Self.requireKeys(Self.fullNameKeySet, of: contact)
            return fullNameParts(contact.storage)
        case .phoneticFullName:
            Self.requireKeys(Self.phoneticFullNameKeySet, of: contact)
            return phoneticParts(contact.storage)
        }
    }

    /// The formatted name as one string, or nil when there is nothing to show.
    package func string(from contact: CNContact, style: CNContactFormatterStyle) -> String? {
        guard let (parts, delimiter) = parts(of: contact, style: style) else { return nil }
        if parts.count == 1 { return parts[0].text }
        var result = ""
        result.reserveCapacity(parts.reduce(0) { $0 + $1.text.utf8.count + delimiter.utf8.count })
        for (index, part) in parts.enumerated() {
            if index > 0 { result += delimiter }
            result += part.text
        }
        return result
    }

    private func fullNameParts(_ storage: ContactStorage) -> (parts: [NamePart], delimiter: String)? {
        if storage.contactType == .organization, !storage.organizationName.isEmpty {
            return ([NamePart(property: .organizationName, text: storage.organizationName)], "")
        }
        let script = NameScript(storage.givenName, storage.middleName, storage.familyName)
        let familyFirst = isFamilyNameFirst(script)
        var parts: [NamePart] = []
        parts.reserveCapacity(5)
        func add(_ property: ContactProperty, _ text: String) {
            if !text.isEmpty { parts.append(NamePart(property: property, text: text)) }
        }
        add(.namePrefix, storage.namePrefix)
        if familyFirst {
            add(.familyName, storage.familyName)
            add(.middleName, storage.middleName)
            add(.givenName, storage.givenName)
        } else {
            add(.givenName, storage.givenName)
            add(.middleName, storage.middleName)
            add(.familyName, storage.familyName)
        }
        add(.nameSuffix, storage.nameSuffix)
        if !parts.isEmpty { return (parts, script.delimiter) }
        if !storage.nickname.isEmpty {
            return ([NamePart(property: .nickname, text: storage.nickname)], "")
        }
        if !storage.organizationName.isEmpty {
            return ([NamePart(property: .organizationName, text: storage.organizationName)], "")
        }
        return nil
    }

    private func phoneticParts(_ storage: ContactStorage) -> (parts: [NamePart], delimiter: String)? {
        if storage.contactType == .organization, !storage.phoneticOrganizationName.isEmpty {
            return ([NamePart(property: .phoneticOrganizationName, text: storage.phoneticOrganizationName)], "")
        }
        var script = NameScript(storage.givenName, storage.middleName, storage.familyName)
        if script == .none {
            script = NameScript(storage.phoneticGivenName, storage.phoneticMiddleName, storage.phoneticFamilyName)
        }
        var parts: [NamePart] = []
        parts.reserveCapacity(3)
        func add(_ property: ContactProperty, _ text: String) {
            if !text.isEmpty { parts.append(NamePart(property: property, text: text)) }
        }
        if isFamilyNameFirst(script) {
            add(.phoneticFamilyName, storage.phoneticFamilyName)
            add(.phoneticMiddleName, storage.phoneticMiddleName)
            add(.phoneticGivenName, storage.phoneticGivenName)
        } else {
            add(.phoneticGivenName, storage.phoneticGivenName)
            add(.phoneticMiddleName, storage.phoneticMiddleName)
            add(.phoneticFamilyName, storage.phoneticFamilyName)
        }
        // Phonetic parts keep a space even for kana readings, so the boundary between the family and the
        // given name's reading stays visible; see docs/Formatting.md.
        return parts.isEmpty ? nil : (parts, " ")
    }
}
