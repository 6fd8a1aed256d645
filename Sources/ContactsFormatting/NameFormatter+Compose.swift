import ContactsModel
import Foundation

extension NameFormatter {
    /// Receives one part of a name: its property, its text and the text that goes before it when it is not
    /// the first part.
    package typealias PartVisitor = (_ property: ContactProperty, _ text: String, _ delimiter: String) -> Void

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
        var parts: [NamePart] = []
        parts.reserveCapacity(5)
        var delimiter = ""
        let visited = visitParts(of: contact, style: style) { property, text, partDelimiter in
            parts.append(NamePart(property: property, text: text))
            delimiter = partDelimiter
        }
        return visited ? (parts, delimiter) : nil
    }

    /// The formatted name as one string, or nil when there is nothing to show.
    ///
    /// Builds the string while visiting the parts, without an intermediate array: the vCard writer calls
    /// this for every card it writes.
    package func string(from contact: CNContact, style: CNContactFormatterStyle) -> String? {
        var result = ""
        let visited = visitParts(of: contact, style: style) { _, text, delimiter in
            if !result.isEmpty { result.append(delimiter) }
            result.append(text)
        }
        return visited ? result : nil
    }

    /// Calls `body` for each non-empty part in display order; false when the style has nothing to show.
    ///
    /// Every required key is checked first, so a contact without them stops the process whether or not the
    /// missing part would have been shown.
    package func visitParts(of contact: CNContact, style: CNContactFormatterStyle, _ body: PartVisitor) -> Bool {
        switch style {
        case .fullName:
            Self.requireKeys(Self.fullNameKeySet, of: contact)
            return visitFullName(contact, body)
        case .phoneticFullName:
            Self.requireKeys(Self.phoneticFullNameKeySet, of: contact)
            return visitPhoneticName(contact, body)
        }
    }

    // The visits read the contact's storage field by field: passing the storage itself would copy every
    // field of the contact.
    private func visitFullName(_ contact: CNContact, _ body: PartVisitor) -> Bool {
        let organization = contact.storage.organizationName
        if contact.storage.contactType == .organization, !organization.isEmpty {
            body(.organizationName, organization, "")
            return true
        }
        let given = contact.storage.givenName
        let middle = contact.storage.middleName
        let family = contact.storage.familyName
        let script = NameScript(given, middle, family)
        let delimiter = script.delimiter
        var visited = false
        func visit(_ property: ContactProperty, _ text: String) {
            guard !text.isEmpty else { return }
            body(property, text, delimiter)
            visited = true
        }
        visit(.namePrefix, contact.storage.namePrefix)
        if isFamilyNameFirst(script) {
            visit(.familyName, family)
            visit(.middleName, middle)
            visit(.givenName, given)
        } else {
            visit(.givenName, given)
            visit(.middleName, middle)
            visit(.familyName, family)
        }
        visit(.nameSuffix, contact.storage.nameSuffix)
        if visited { return true }
        let nickname = contact.storage.nickname
        if !nickname.isEmpty {
            body(.nickname, nickname, "")
            return true
        }
        if !organization.isEmpty {
            body(.organizationName, organization, "")
            return true
        }
        return false
    }

    private func visitPhoneticName(_ contact: CNContact, _ body: PartVisitor) -> Bool {
        let organization = contact.storage.phoneticOrganizationName
        if contact.storage.contactType == .organization, !organization.isEmpty {
            body(.phoneticOrganizationName, organization, "")
            return true
        }
        let given = contact.storage.phoneticGivenName
        let middle = contact.storage.phoneticMiddleName
        let family = contact.storage.phoneticFamilyName
        var script = NameScript(contact.storage.givenName, contact.storage.middleName, contact.storage.familyName)
        if script == .none {
            script = NameScript(given, middle, family)
        }
        var visited = false
        // Phonetic parts keep a space even for kana readings, so the boundary between the family and the
        // given name's reading stays visible; see docs/Formatting.md.
        func visit(_ property: ContactProperty, _ text: String) {
            guard !text.isEmpty else { return }
            body(property, text, " ")
            visited = true
        }
        if isFamilyNameFirst(script) {
            visit(.phoneticFamilyName, family)
            visit(.phoneticMiddleName, middle)
            visit(.phoneticGivenName, given)
        } else {
            visit(.phoneticGivenName, given)
            visit(.phoneticMiddleName, middle)
            visit(.phoneticFamilyName, family)
        }
        return visited
    }
}
