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

    /// The property a key constant names, or nil when the string is not a contact key.
    ///
    /// Found without hashing the key: every fetch turns each key of its request into a property, and
    /// hashing them (into a set of strings first) was a fifth of a fetch by identifier. A key's length and
    /// first byte leave at most three candidates, which are compared whole; a key constant passed as it is
    /// compares by its bits.
    package init?(key: String) {
        let utf8 = key.utf8
        guard let first = utf8.first, let slot = Self.slot(count: utf8.count, first: first) else { return nil }
        for index in slot..<(slot + Self.candidatesPerSlot) {
            let candidate = Int(Self.candidates[index])
            guard candidate < Self.keys.count else { return nil }
            if Self.keys[candidate] == key, let property = ContactProperty(rawValue: candidate) {
                self = property
                return
            }
        }
        return nil
    }

    /// Every key constant, by raw value.
    private static let keys: [String] = allCases.map(\.key)

    /// How many properties share a slot at most: keys of the same length and first byte.
    private static let candidatesPerSlot = 3

    private static let noCandidate = UInt8.max

    /// Where a key's candidates start in ``candidates``; nil for a key no property can have.
    @inline(__always)
    private static func slot(count: Int, first: UInt8) -> Int? {
        guard count < 32 else { return nil }
        // The low six bits tell lowercase ASCII letters apart, and every key starts with one; other bytes
        // share slots with them, and the comparison rejects them.
        return (count << 6 | Int(first & 0x3F)) * candidatesPerSlot
    }

    /// The raw values of the properties whose key falls in each slot, ``noCandidate`` after the last.
    private static let candidates: [UInt8] = {
        var table = [UInt8](repeating: noCandidate, count: 32 * 64 * candidatesPerSlot)
        for property in allCases {
            let utf8 = property.key.utf8
            guard let first = utf8.first, let slot = slot(count: utf8.count, first: first),
                let free = (slot..<(slot + candidatesPerSlot)).first(where: { table[$0] == noCandidate })
            else {
                preconditionFailure("contact key table: no slot for \(property.key)")
            }
            table[free] = UInt8(property.rawValue)
        }
        return table
    }()

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

    /// The labeled multi-value properties (``ContactProperty/multiValueProperties``).
    package static let multiValued = ContactKeySet(ContactProperty.multiValueProperties)

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
