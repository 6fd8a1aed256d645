import ContactsModel
import Foundation

extension VCardWriter {
    mutating func writeNames(_ storage: borrowing ContactStorage) {
        output.begin("N")
        output.startValue()
        output.component(storage.familyName, first: true)
        output.component(storage.givenName)
        output.component(storage.middleName)
        output.component(storage.namePrefix)
        output.component(storage.nameSuffix)
        output.finishLine()
        output.begin("FN")
        switch formattedNameSource {
        case .text: output.value(utf8: formattedName)
        case .storage:
            VCardFormattedName.write(storage, to: &output)
            output.finishLine()
        }
        single("NICKNAME", storage.nickname)
        single("X-MAIDENNAME", storage.previousFamilyName)
        single("X-PHONETIC-FIRST-NAME", storage.phoneticGivenName)
        single("X-PHONETIC-MIDDLE-NAME", storage.phoneticMiddleName)
        single("X-PHONETIC-LAST-NAME", storage.phoneticFamilyName)
        if !storage.organizationName.isEmpty || !storage.departmentName.isEmpty {
            output.begin("ORG")
            output.startValue()
            output.component(storage.organizationName, first: true)
            output.component(storage.departmentName)
            output.finishLine()
        }
        single("X-PHONETIC-ORG", storage.phoneticOrganizationName)
        single("TITLE", storage.jobTitle)
    }

    private mutating func single(_ name: StaticString, _ value: String) {
        guard !value.isEmpty else { return }
        output.begin(name)
        output.value(value)
    }

    mutating func writeLabeledValues(_ storage: borrowing ContactStorage) {
        for (index, email) in storage.emailAddresses.enumerated() {
            let set = VCardLabels.genericTypeSet(for: email.label)
            labeled(
                "EMAIL", label: email.label, typeText: set.map { emailTypeText[$0 * 2 + (index == 0 ? 1 : 0)] },
                preferred: index == 0, value: email.value as String)
        }
        for (index, phone) in storage.phoneNumbers.enumerated() {
            let set = VCardLabels.phoneTypeSet(for: phone.label)
            labeled(
                "TEL", label: phone.label, typeText: set.map { phoneTypeText[$0 * 2 + (index == 0 ? 1 : 0)] },
                preferred: index == 0, value: phone.value.stringValue)
        }
        for (index, address) in storage.postalAddresses.enumerated() {
            writeAddress(address, preferred: index == 0)
        }
        if options.includesNote, storage.fetchedKeys.contains(.note), !storage.note.isEmpty {
            output.begin("NOTE")
            output.value(storage.note)
        }
        for (index, url) in storage.urlAddresses.enumerated() {
            let set = VCardLabels.genericTypeSet(for: url.label)
            labeled(
                "URL", label: url.label, typeText: set.map { genericTypeText[$0 * 2 + (index == 0 ? 1 : 0)] },
                preferred: index == 0, value: url.value as String)
        }
    }

    /// Starts a labeled property whose type parameters were rendered when the writer was made (`typeText`),
    /// or, when the label maps to no tokens (nil), an `itemN` group with an `X-ABLabel` line written right after
    /// the property.
    mutating func labeled(_ name: StaticString, label: String?, typeText: [UInt8]?, preferred: Bool, value: String) {
        let group = typeText == nil ? newGroup() : nil
        output.begin(name, item: group)
        if let typeText {
            output.appendParameters(typeText)
        } else {
            types([], preferred: preferred)
        }
        output.value(value, .uri)
        if let group, let label { companion("X-ABLabel", label, item: group) }
    }

    /// Starts a labeled property: type tokens when the label maps to them, else an `itemN` group with an
    /// `X-ABLabel` line written right after the property.
    mutating func labeled(
        _ name: StaticString, label: String?, types: [String]?, preferred: Bool, value: String,
        escaping: VCardOutput.Escaping = .uri, parameters: [(String, String)] = []
    ) {
        let group = types == nil ? newGroup() : nil
        output.begin(name, item: group)
        for (parameter, parameterValue) in parameters { output.parameter(parameter, parameterValue) }
        self.types(types ?? [], preferred: preferred)
        output.value(value, escaping)
        if let group, let label { companion("X-ABLabel", label, item: group) }
    }

    private mutating func writeAddress(_ address: CNLabeledValue<CNPostalAddress>, preferred: Bool) {
        let fields = address.value.fields
        let set = VCardLabels.genericTypeSet(for: address.label)
        let needsGroup =
            set == nil || !fields.isoCountryCode.isEmpty || !fields.subLocality.isEmpty
            || !fields.subAdministrativeArea.isEmpty
        let group = needsGroup ? newGroup() : nil
        output.begin("ADR", item: group)
        output.appendParameters(genericTypeText[(set ?? 0) * 2 + (preferred ? 1 : 0)])
        output.startValue()
        output.component("", first: true)
        output.component("")
        output.component(fields.street)
        output.component(fields.city)
        output.component(fields.state)
        output.component(fields.postalCode)
        output.component(fields.country)
        output.finishLine()
        if let group {
            companion("X-ABADR", fields.isoCountryCode, item: group)
            companion("X-APPLE-SUBLOCALITY", fields.subLocality, item: group)
            companion("X-APPLE-SUBADMINISTRATIVEAREA", fields.subAdministrativeArea, item: group)
            if set == nil { companion("X-ABLabel", address.label ?? "", item: group) }
        }
    }

    mutating func companion(_ name: StaticString, _ value: String, item: Int) {
        guard !value.isEmpty else { return }
        output.begin(name, item: item)
        output.value(value)
    }
}
