import ContactsModel
import Foundation

extension VCardWriter {
    mutating func writeNames(_ storage: borrowing ContactStorage, contact: CNContact) {
        output.begin("N")
        output.components([
            storage.familyName, storage.givenName, storage.middleName, storage.namePrefix, storage.nameSuffix,
        ])
        output.begin("FN")
        output.value(VCardFormattedName.make(storage, contact: contact))
        single("NICKNAME", storage.nickname)
        single("X-MAIDENNAME", storage.previousFamilyName)
        single("X-PHONETIC-FIRST-NAME", storage.phoneticGivenName)
        single("X-PHONETIC-MIDDLE-NAME", storage.phoneticMiddleName)
        single("X-PHONETIC-LAST-NAME", storage.phoneticFamilyName)
        if !storage.organizationName.isEmpty || !storage.departmentName.isEmpty {
            output.begin("ORG")
            output.components([storage.organizationName, storage.departmentName])
        }
        single("X-PHONETIC-ORG", storage.phoneticOrganizationName)
        single("TITLE", storage.jobTitle)
    }

    private mutating func single(_ name: String, _ value: String) {
        guard !value.isEmpty else { return }
        output.begin(name)
        output.value(value)
    }

    mutating func writeLabeledValues(_ storage: borrowing ContactStorage) {
        for (index, email) in storage.emailAddresses.enumerated() {
            let types = VCardLabels.genericTypes(for: email.label).map { ["INTERNET"] + $0 }
            labeled("EMAIL", label: email.label, types: types, preferred: index == 0, value: email.value as String)
        }
        for (index, phone) in storage.phoneNumbers.enumerated() {
            let types = VCardLabels.phoneTypes(for: phone.label)
            labeled("TEL", label: phone.label, types: types, preferred: index == 0, value: phone.value.stringValue)
        }
        for (index, address) in storage.postalAddresses.enumerated() {
            writeAddress(address, preferred: index == 0)
        }
        if options.includesNote, storage.fetchedKeys.contains(.note), !storage.note.isEmpty {
            output.begin("NOTE")
            output.value(storage.note)
        }
        for (index, url) in storage.urlAddresses.enumerated() {
            let types = VCardLabels.genericTypes(for: url.label)
            labeled("URL", label: url.label, types: types, preferred: index == 0, value: url.value as String)
        }
    }

    /// Starts a labeled property: type tokens when the label maps to them, else an `itemN` group with an
    /// `X-ABLabel` line written right after the property.
    mutating func labeled(
        _ name: String, label: String?, types: [String]?, preferred: Bool, value: String,
        escaping: VCardOutput.Escaping = .uri, parameters: [(String, String)] = []
    ) {
        let group = types == nil ? newGroup() : nil
        output.begin(name, group: group)
        for (parameter, parameterValue) in parameters { output.parameter(parameter, parameterValue) }
        self.types(types ?? [], preferred: preferred)
        output.value(value, escaping)
        if let group, let label { companion("X-ABLabel", label, group: group) }
    }

    private mutating func writeAddress(_ address: CNLabeledValue<CNPostalAddress>, preferred: Bool) {
        let fields = address.value.fields
        let types = VCardLabels.genericTypes(for: address.label)
        let needsGroup = types == nil || !fields.isoCountryCode.isEmpty || !fields.subLocality.isEmpty
            || !fields.subAdministrativeArea.isEmpty
        var group: String?
        if needsGroup {
            group = newGroup()
        }
        output.begin("ADR", group: group)
        self.types(types ?? [], preferred: preferred)
        output.components(["", "", fields.street, fields.city, fields.state, fields.postalCode, fields.country])
        if let group {
            companion("X-ABADR", fields.isoCountryCode, group: group)
            companion("X-APPLE-SUBLOCALITY", fields.subLocality, group: group)
            companion("X-APPLE-SUBADMINISTRATIVEAREA", fields.subAdministrativeArea, group: group)
            if types == nil { companion("X-ABLabel", address.label ?? "", group: group) }
        }
    }

    mutating func companion(_ name: String, _ value: String, group: String) {
        guard !value.isEmpty else { return }
        output.begin(name, group: group)
        output.value(value)
    }
}
