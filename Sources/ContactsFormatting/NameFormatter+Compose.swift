import ContactsModel
import Foundation

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
            return fullNameParts(contact)
        case .phoneticFullName:
            Self.requireKeys(Self.phoneticFullNameKeySet, of: contact)
            return phoneticParts(contact)
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

    // The parts read the contact's storage field by field: copying the whole storage would retain every
    // field of the contact, and the vCard writer formats a name for every card it writes.
    private func fullNameParts(_ contact: CNContact) -> (parts: [NamePart], delimiter: String)? {
        let organization = contact.storage.organizationName
        if contact.storage.contactType == .organization, !organization.isEmpty {
            return ([NamePart(property: .organizationName, text: organization)], "")
        }
        let given = contact.storage.givenName
        let middle = contact.storage.middleName
        let family = contact.storage.familyName
        let script = NameScript(given, middle, family)
        var parts: [NamePart] = []
        parts.reserveCapacity(5)
        func add(_ property: ContactProperty, _ text: String) {
            if !text.isEmpty { parts.append(NamePart(property: property, text: text)) }
        }
        add(.namePrefix, contact.storage.namePrefix)
        if isFamilyNameFirst(script) {
            add(.familyName, family)
            add(.middleName, middle)
            add(.givenName, given)
        } else {
            add(.givenName, given)
            add(.middleName, middle)
            add(.familyName, family)
        }
        add(.nameSuffix, contact.storage.nameSuffix)
        if !parts.isEmpty { return (parts, script.delimiter) }
        let nickname = contact.storage.nickname
        if !nickname.isEmpty {
            return ([NamePart(property: .nickname, text: nickname)], "")
        }
        if !organization.isEmpty {
            return ([NamePart(property: .organizationName, text: organization)], "")
        }
        return nil
    }

    private func phoneticParts(_ contact: CNContact) -> (parts: [NamePart], delimiter: String)? {
        let organization = contact.storage.phoneticOrganizationName
        if contact.storage.contactType == .organization, !organization.isEmpty {
            return ([NamePart(property: .phoneticOrganizationName, text: organization)], "")
        }
        let given = contact.storage.phoneticGivenName
        let middle = contact.storage.phoneticMiddleName
        let family = contact.storage.phoneticFamilyName
        var script = NameScript(contact.storage.givenName, contact.storage.middleName, contact.storage.familyName)
        if script == .none {
            script = NameScript(given, middle, family)
        }
        var parts: [NamePart] = []
        parts.reserveCapacity(3)
        func add(_ property: ContactProperty, _ text: String) {
            if !text.isEmpty { parts.append(NamePart(property: property, text: text)) }
        }
        if isFamilyNameFirst(script) {
            add(.phoneticFamilyName, family)
            add(.phoneticMiddleName, middle)
            add(.phoneticGivenName, given)
        } else {
            add(.phoneticGivenName, given)
            add(.phoneticMiddleName, middle)
            add(.phoneticFamilyName, family)
        }
        // Phonetic parts keep a space even for kana readings, so the boundary between the family and the
        // given name's reading stays visible; see docs/Formatting.md.
        return parts.isEmpty ? nil : (parts, " ")
    }
}
