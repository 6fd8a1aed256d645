import Foundation

/// One property of a contact, in the order Apple lists the keys.
///
/// The store and the partial-contact rules work on these cases rather than on key strings, so checking
/// whether a key was fetched is a bit test.
package enum ContactProperty: Int, CaseIterable, Sendable {
    case identifier
    case contactType
    case namePrefix
    case givenName
    case middleName
    case familyName
    case previousFamilyName
    case nameSuffix
    case nickname
    case phoneticGivenName
    case phoneticMiddleName
    case phoneticFamilyName
    case phoneticOrganizationName
    case organizationName
    case departmentName
    case jobTitle
    case birthday
    case nonGregorianBirthday
    case note
    case imageData
    case thumbnailImageData
    case imageDataAvailable
    case phoneNumbers
    case emailAddresses
    case postalAddresses
    case dates
    case urlAddresses
    case contactRelations
    case socialProfiles
    case instantMessageAddresses

    /// The public key constant of this property.
    package var key: String {
        switch self {
        case .identifier: CNContactIdentifierKey
        case .contactType: CNContactTypeKey
        case .namePrefix: CNContactNamePrefixKey
        case .givenName: CNContactGivenNameKey
        case .middleName: CNContactMiddleNameKey
        case .familyName: CNContactFamilyNameKey
        case .previousFamilyName: CNContactPreviousFamilyNameKey
        case .nameSuffix: CNContactNameSuffixKey
        case .nickname: CNContactNicknameKey
        case .phoneticGivenName: CNContactPhoneticGivenNameKey
        case .phoneticMiddleName: CNContactPhoneticMiddleNameKey
        case .phoneticFamilyName: CNContactPhoneticFamilyNameKey
        case .phoneticOrganizationName: CNContactPhoneticOrganizationNameKey
        case .organizationName: CNContactOrganizationNameKey
        case .departmentName: CNContactDepartmentNameKey
        case .jobTitle: CNContactJobTitleKey
        case .birthday: CNContactBirthdayKey
        case .nonGregorianBirthday: CNContactNonGregorianBirthdayKey
        case .note: CNContactNoteKey
        case .imageData: CNContactImageDataKey
        case .thumbnailImageData: CNContactThumbnailImageDataKey
        case .imageDataAvailable: CNContactImageDataAvailableKey
        case .phoneNumbers: CNContactPhoneNumbersKey
        case .emailAddresses: CNContactEmailAddressesKey
        case .postalAddresses: CNContactPostalAddressesKey
        case .dates: CNContactDatesKey
        case .urlAddresses: CNContactUrlAddressesKey
        case .contactRelations: CNContactRelationsKey
        case .socialProfiles: CNContactSocialProfilesKey
        case .instantMessageAddresses: CNContactInstantMessageAddressesKey
        }
    }

    private static let byKey: [String: ContactProperty] = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0.key, $0) }
    )

    /// The property a key constant names, or nil when the string is not a contact key.
    package init?(key: String) {
        guard let property = Self.byKey[key] else { return nil }
        self = property
    }

    /// The string properties, which are `""` when unset.
    package static let stringProperties: [ContactProperty] = [
        .namePrefix, .givenName, .middleName, .familyName, .previousFamilyName, .nameSuffix, .nickname,
        .phoneticGivenName, .phoneticMiddleName, .phoneticFamilyName, .phoneticOrganizationName,
        .organizationName, .departmentName, .jobTitle, .note,
    ]

    /// The labeled multi-value properties.
    package static let multiValueProperties: [ContactProperty] = [
        .phoneNumbers, .emailAddresses, .postalAddresses, .dates, .urlAddresses, .contactRelations,
        .socialProfiles, .instantMessageAddresses,
    ]
}

/// A set of contact properties: which keys a contact holds, or which keys a request asks for.
package struct ContactKeySet: OptionSet, Hashable, Sendable {
    package var rawValue: UInt64

    package init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    package init(_ property: ContactProperty) {
        self.rawValue = 1 << UInt64(property.rawValue)
    }

    package init(_ properties: some Sequence<ContactProperty>) {
        self.rawValue = 0
        for property in properties { insert(ContactKeySet(property)) }
    }

    /// Every property: what a new `CNMutableContact` holds.
    package static let all = ContactKeySet(ContactProperty.allCases)

    /// Only the identifier, which every fetched contact holds.
    package static let identifierOnly = ContactKeySet(.identifier)

    package func contains(_ property: ContactProperty) -> Bool {
        rawValue & (1 << UInt64(property.rawValue)) != 0
    }

    /// The properties in the set, in key order.
    package var properties: [ContactProperty] {
        ContactProperty.allCases.filter { contains($0) }
    }

    /// The key strings of the properties in the set, in key order.
    package var keys: [String] {
        properties.map(\.key)
    }
}
