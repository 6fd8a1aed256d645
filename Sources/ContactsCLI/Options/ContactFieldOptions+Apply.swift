import ContactsSystem

extension ContactFieldOptions {
    /// Sets the given fields on a contact. Lists given replace the contact's list unless `appending`.
    package func apply(to contact: CNMutableContact, appending: Bool) {
        let strings: [(String?, ReferenceWritableKeyPath<CNMutableContact, String>)] = [
            (givenName, \.givenName), (middleName, \.middleName), (familyName, \.familyName),
            (namePrefix, \.namePrefix), (nameSuffix, \.nameSuffix), (nickname, \.nickname),
            (organizationName, \.organizationName), (departmentName, \.departmentName), (jobTitle, \.jobTitle),
            (note, \.note),
        ]
        for (value, keyPath) in strings {
            if let value { contact[keyPath: keyPath] = value }
        }
        if isCompany { contact.contactType = .organization }
        if let birthday { contact.birthday = birthday.isEmpty ? nil : Self.date(birthday) }
        if !phone.isEmpty {
            let values = phone.map { Self.labeled($0) { CNPhoneNumber(stringValue: $0) } }
            contact.phoneNumbers = appending ? contact.phoneNumbers + values : values
        }
        if !email.isEmpty {
            let values = email.map { Self.labeled($0) { $0 as NSString } }
            contact.emailAddresses = appending ? contact.emailAddresses + values : values
        }
        if !url.isEmpty {
            let values = url.map { Self.labeled($0) { $0 as NSString } }
            contact.urlAddresses = appending ? contact.urlAddresses + values : values
        }
        if !address.isEmpty {
            let values = address.map { Self.labeled($0, Self.postalAddress) }
            contact.postalAddresses = appending ? contact.postalAddresses + values : values
        }
    }

    /// The predefined labels by their short names.
    static let labels: [String: String] = [
        "home": CNLabelHome, "work": CNLabelWork, "school": CNLabelSchool, "other": CNLabelOther,
        "mobile": CNLabelPhoneNumberMobile, "iphone": CNLabelPhoneNumberiPhone, "main": CNLabelPhoneNumberMain,
        "homefax": CNLabelPhoneNumberHomeFax, "workfax": CNLabelPhoneNumberWorkFax,
        "pager": CNLabelPhoneNumberPager, "homepage": CNLabelURLAddressHomePage,
    ]

    /// Splits `LABEL=VALUE`; a value without `=`, or with `=` further on only (as in a URL query), has no label.
    static func splitLabel(_ text: String) -> (label: String?, value: String) {
        guard let equals = text.firstIndex(of: "="),
            !text[..<equals].contains(where: { $0 == "/" || $0 == ":" || $0 == "@" })
        else { return (nil, text) }
        let name = String(text[..<equals])
        return (labels[name.lowercased()] ?? name, String(text[text.index(after: equals)...]))
    }

    static func labeled<V>(_ text: String, _ make: (String) -> V) -> CNLabeledValue<V> {
        let (label, value) = splitLabel(text)
        return CNLabeledValue(label: label, value: make(value))
    }

    static func postalAddress(_ text: String) -> CNPostalAddress {
        let fields = text.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        let address = CNMutablePostalAddress()
        func field(_ index: Int) -> String { index < fields.count ? fields[index] : "" }
        address.street = field(0)
        address.city = field(1)
        address.state = field(2)
        address.postalCode = field(3)
        address.country = field(4)
        address.isoCountryCode = field(5).lowercased()
        return address
    }

    /// `YYYY-MM-DD`, `--MM-DD` or `MM-DD` as date components, or nil.
    static func date(_ text: String) -> DateComponents? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        var components = DateComponents()
        let numbers: [Substring]
        if text.hasPrefix("--"), parts.count == 4 {
            numbers = parts[2...3].map { $0 }
        } else if parts.count == 2, parts[0].count == 2 {
            numbers = parts.map { $0 }
        } else if parts.count == 3, parts[0].count == 4, let year = Int(parts[0]) {
            components.year = year
            numbers = parts[1...2].map { $0 }
        } else {
            return nil
        }
        guard let month = Int(numbers[0]), let day = Int(numbers[1]), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        components.month = month
        components.day = day
        return components
    }
}
