import ContactsModel
import Foundation

extension Contacts_V1_Contact {
    /// The wire form of a contact: only the fields of its fetched keys, labeled values with their identifiers.
    package init(_ storage: ContactStorage) {
        self.init()
        identifier = storage.identifier
        keys = storage.fetchedKeys.keys
        let has = storage.fetchedKeys
        if has.contains(.contactType) { contactType = Int32(storage.contactType.rawValue) }
        if has.contains(.namePrefix) { namePrefix = storage.namePrefix }
        if has.contains(.givenName) { givenName = storage.givenName }
        if has.contains(.middleName) { middleName = storage.middleName }
        if has.contains(.familyName) { familyName = storage.familyName }
        if has.contains(.previousFamilyName) { previousFamilyName = storage.previousFamilyName }
        if has.contains(.nameSuffix) { nameSuffix = storage.nameSuffix }
        if has.contains(.nickname) { nickname = storage.nickname }
        if has.contains(.phoneticGivenName) { phoneticGivenName = storage.phoneticGivenName }
        if has.contains(.phoneticMiddleName) { phoneticMiddleName = storage.phoneticMiddleName }
        if has.contains(.phoneticFamilyName) { phoneticFamilyName = storage.phoneticFamilyName }
        if has.contains(.phoneticOrganizationName) { phoneticOrganizationName = storage.phoneticOrganizationName }
        if has.contains(.organizationName) { organizationName = storage.organizationName }
        if has.contains(.departmentName) { departmentName = storage.departmentName }
        if has.contains(.jobTitle) { jobTitle = storage.jobTitle }
        if has.contains(.birthday), let birthday = storage.birthday { self.birthday = Contacts_V1_DateComponents(birthday) }
        if has.contains(.nonGregorianBirthday), let birthday = storage.nonGregorianBirthday {
            nonGregorianBirthday = Contacts_V1_DateComponents(birthday)
        }
        if has.contains(.note) { note = storage.note }
        if has.contains(.imageData), let data = storage.imageData {
            hasImageData_p = true
            imageData = data
        }
        if has.contains(.thumbnailImageData), let data = storage.thumbnailImageData {
            hasThumbnailImageData_p = true
            thumbnailImageData = data
        }
        if has.contains(.imageDataAvailable) { imageDataAvailable = storage.imageDataAvailable }
        phoneNumbers = storage.phoneNumbers.map { Contacts_V1_LabeledString($0, value: $0.value.stringValue) }
        emailAddresses = storage.emailAddresses.map { Contacts_V1_LabeledString($0, value: $0.value as String) }
        urlAddresses = storage.urlAddresses.map { Contacts_V1_LabeledString($0, value: $0.value as String) }
        postalAddresses = storage.postalAddresses.map { labeled in
            var message = Contacts_V1_LabeledPostalAddress()
            (message.identifier, message.hasLabel_p, message.label) = Self.labelParts(labeled)
            let fields = labeled.value.fields
            message.value.street = fields.street
            message.value.subLocality = fields.subLocality
            message.value.city = fields.city
            message.value.subAdministrativeArea = fields.subAdministrativeArea
            message.value.state = fields.state
            message.value.postalCode = fields.postalCode
            message.value.country = fields.country
            message.value.isoCountryCode = fields.isoCountryCode
            return message
        }
        dates = storage.dates.map { labeled in
            var message = Contacts_V1_LabeledDate()
            (message.identifier, message.hasLabel_p, message.label) = Self.labelParts(labeled)
            message.value = Contacts_V1_DateComponents(labeled.value as DateComponents)
            return message
        }
        contactRelations = storage.contactRelations.map { labeled in
            var message = Contacts_V1_LabeledRelation()
            (message.identifier, message.hasLabel_p, message.label) = Self.labelParts(labeled)
            message.name = labeled.value.name
            return message
        }
        socialProfiles = storage.socialProfiles.map { labeled in
            var message = Contacts_V1_LabeledSocialProfile()
            (message.identifier, message.hasLabel_p, message.label) = Self.labelParts(labeled)
            message.value.urlString = labeled.value.urlString
            message.value.username = labeled.value.username
            message.value.userIdentifier = labeled.value.userIdentifier
            message.value.service = labeled.value.service
            return message
        }
        instantMessageAddresses = storage.instantMessageAddresses.map { labeled in
            var message = Contacts_V1_LabeledInstantMessage()
            (message.identifier, message.hasLabel_p, message.label) = Self.labelParts(labeled)
            message.value.username = labeled.value.username
            message.value.service = labeled.value.service
            return message
        }
        linkedIdentifiers = storage.linkedIdentifiers
    }

    fileprivate static func labelParts<Value>(_ labeled: CNLabeledValue<Value>) -> (String, Bool, String) {
        (labeled.identifier, labeled.label != nil, labeled.label ?? "")
    }
}

extension Contacts_V1_LabeledString {
    fileprivate init<Value>(_ labeled: CNLabeledValue<Value>, value: String) {
        self.init()
        identifier = labeled.identifier
        hasLabel_p = labeled.label != nil
        label = labeled.label ?? ""
        self.value = value
    }
}

extension ContactStorage {
    /// The model form of a wire contact, holding exactly its keys.
    ///
    /// - Throws: ``WireError`` `unknownKey` for a key name the model does not have.
    package init(wire message: Contacts_V1_Contact) throws(WireError) {
        var properties: [ContactProperty] = []
        for key in message.keys {
            guard let property = ContactProperty(key: key) else {
                throw WireError(.unknownKey, "unknown contact key \(key)")
            }
            properties.append(property)
        }
        self.init(identifier: message.identifier, fetchedKeys: ContactKeySet(properties))
        contactType = CNContactType(rawValue: Int(message.contactType)) ?? .person
        namePrefix = message.namePrefix
        givenName = message.givenName
        middleName = message.middleName
        familyName = message.familyName
        previousFamilyName = message.previousFamilyName
        nameSuffix = message.nameSuffix
        nickname = message.nickname
        phoneticGivenName = message.phoneticGivenName
        phoneticMiddleName = message.phoneticMiddleName
        phoneticFamilyName = message.phoneticFamilyName
        phoneticOrganizationName = message.phoneticOrganizationName
        organizationName = message.organizationName
        departmentName = message.departmentName
        jobTitle = message.jobTitle
        birthday = message.hasBirthday ? message.birthday.components : nil
        nonGregorianBirthday = message.hasNonGregorianBirthday ? message.nonGregorianBirthday.components : nil
        note = message.note
        imageData = message.hasImageData_p ? message.imageData : nil
        thumbnailImageData = message.hasThumbnailImageData_p ? message.thumbnailImageData : nil
        imageDataAvailable = message.imageDataAvailable
        phoneNumbers = message.phoneNumbers.map {
            CNLabeledValue(identifier: $0.identifier, label: $0.optionalLabel, value: CNPhoneNumber(stringValue: $0.value))
        }
        emailAddresses = message.emailAddresses.map {
            CNLabeledValue(identifier: $0.identifier, label: $0.optionalLabel, value: $0.value as NSString)
        }
        urlAddresses = message.urlAddresses.map {
            CNLabeledValue(identifier: $0.identifier, label: $0.optionalLabel, value: $0.value as NSString)
        }
        postalAddresses = message.postalAddresses.map { wire in
            var fields = CNPostalAddress.Fields()
            fields.street = wire.value.street
            fields.subLocality = wire.value.subLocality
            fields.city = wire.value.city
            fields.subAdministrativeArea = wire.value.subAdministrativeArea
            fields.state = wire.value.state
            fields.postalCode = wire.value.postalCode
            fields.country = wire.value.country
            fields.isoCountryCode = wire.value.isoCountryCode
            return CNLabeledValue(
                identifier: wire.identifier, label: wire.hasLabel_p ? wire.label : nil, value: CNPostalAddress(fields: fields))
        }
        dates = message.dates.map { wire in
            CNLabeledValue(
                identifier: wire.identifier, label: wire.hasLabel_p ? wire.label : nil,
                value: wire.value.components as NSDateComponents)
        }
        contactRelations = message.contactRelations.map { wire in
            CNLabeledValue(
                identifier: wire.identifier, label: wire.hasLabel_p ? wire.label : nil, value: CNContactRelation(name: wire.name))
        }
        socialProfiles = message.socialProfiles.map { wire in
            CNLabeledValue(
                identifier: wire.identifier, label: wire.hasLabel_p ? wire.label : nil,
                value: CNSocialProfile(
                    urlString: wire.value.urlString, username: wire.value.username,
                    userIdentifier: wire.value.userIdentifier, service: wire.value.service))
        }
        instantMessageAddresses = message.instantMessageAddresses.map { wire in
            CNLabeledValue(
                identifier: wire.identifier, label: wire.hasLabel_p ? wire.label : nil,
                value: CNInstantMessageAddress(username: wire.value.username, service: wire.value.service))
        }
        linkedIdentifiers = message.linkedIdentifiers
    }
}

extension Contacts_V1_LabeledString {
    fileprivate var optionalLabel: String? { hasLabel_p ? label : nil }
}

extension Contacts_V1_DateComponents {
    /// The fields a birthday or date uses: calendar, era, year, month, day and leap month.
    package init(_ components: DateComponents) {
        self.init()
        if let calendar = components.calendar { self.calendar = Self.name(of: calendar.identifier) }
        if let era = components.era { self.era = Int64(era) }
        if let year = components.year { self.year = Int64(year) }
        if let month = components.month { self.month = Int64(month) }
        if let day = components.day { self.day = Int64(day) }
        if let isLeapMonth = components.isLeapMonth { self.isLeapMonth = isLeapMonth }
    }

    package var components: DateComponents {
        var components = DateComponents()
        if !calendar.isEmpty, let identifier = Self.identifier(named: calendar) {
            components.calendar = Calendar(identifier: identifier)
        }
        if hasEra { components.era = Int(era) }
        if hasYear { components.year = Int(year) }
        if hasMonth { components.month = Int(month) }
        if hasDay { components.day = Int(day) }
        if hasIsLeapMonth { components.isLeapMonth = isLeapMonth }
        return components
    }

    private static let identifiers: [(String, Calendar.Identifier)] = [
        ("gregorian", .gregorian), ("buddhist", .buddhist), ("chinese", .chinese), ("coptic", .coptic),
        ("ethiopicAmeteMihret", .ethiopicAmeteMihret), ("ethiopicAmeteAlem", .ethiopicAmeteAlem), ("hebrew", .hebrew),
        ("iso8601", .iso8601), ("indian", .indian), ("islamic", .islamic), ("islamicCivil", .islamicCivil),
        ("japanese", .japanese), ("persian", .persian), ("republicOfChina", .republicOfChina),
        ("islamicTabular", .islamicTabular), ("islamicUmmAlQura", .islamicUmmAlQura),
    ]

    private static func name(of identifier: Calendar.Identifier) -> String {
        identifiers.first { $0.1 == identifier }?.0 ?? "gregorian"
    }

    private static func identifier(named name: String) -> Calendar.Identifier? {
        identifiers.first { $0.0 == name }?.1
    }
}
