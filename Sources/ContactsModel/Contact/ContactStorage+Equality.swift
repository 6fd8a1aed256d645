import Foundation

extension ContactStorage {
    /// Whether two contacts hold the same keys with equal values.
    package func hasSameValues(as other: ContactStorage) -> Bool {
        guard identifier == other.identifier, fetchedKeys == other.fetchedKeys else { return false }
        return fetchedKeys.properties.allSatisfy { property in
            Self.isEqual(value(of: property), other.value(of: property))
        }
    }

    /// Whether two property values are equal, comparing objects with `isEqual`.
    package static func isEqual(_ left: Any?, _ right: Any?) -> Bool {
        switch (left, right) {
        case (nil, nil):
            return true
        case (let left as [NSObject], let right as [NSObject]):
            return left.count == right.count && zip(left, right).allSatisfy { $0.isEqual($1) }
        case (let left as DateComponents, let right as DateComponents):
            return left == right
        case (let left as NSObject, let right as NSObject):
            return left.isEqual(right)
        case (let left as AnyHashable, let right as AnyHashable):
            return left == right
        default:
            return false
        }
    }

    /// The value of a property, whether or not it was fetched.
    package func value(of property: ContactProperty) -> Any? {
        if let text = string(of: property) { return text }
        return switch property {
        case .contactType: contactType
        case .birthday: birthday
        case .nonGregorianBirthday: nonGregorianBirthday
        case .imageData: imageData
        case .thumbnailImageData: thumbnailImageData
        case .imageDataAvailable: imageDataAvailable
        case .phoneNumbers: phoneNumbers
        case .emailAddresses: emailAddresses
        case .postalAddresses: postalAddresses
        case .dates: dates
        case .urlAddresses: urlAddresses
        case .contactRelations: contactRelations
        case .socialProfiles: socialProfiles
        case .instantMessageAddresses: instantMessageAddresses
        default: nil
        }
    }

    /// The string value of a string property (the identifier among them); nil for other properties.
    ///
    /// Read directly, not through ``value(of:)``: the writers that go property by property (the store's row
    /// binding, the daemon's contact replies and column batches) call this for every field, and boxing each
    /// value in an `Any` cost more than the rest of a row's binding.
    package func string(of property: ContactProperty) -> String? {
        switch property {
        case .identifier: identifier
        case .namePrefix: namePrefix
        case .givenName: givenName
        case .middleName: middleName
        case .familyName: familyName
        case .previousFamilyName: previousFamilyName
        case .nameSuffix: nameSuffix
        case .nickname: nickname
        case .phoneticGivenName: phoneticGivenName
        case .phoneticMiddleName: phoneticMiddleName
        case .phoneticFamilyName: phoneticFamilyName
        case .phoneticOrganizationName: phoneticOrganizationName
        case .organizationName: organizationName
        case .departmentName: departmentName
        case .jobTitle: jobTitle
        case .note: note
        default: nil
        }
    }

    /// Sets a string property; returns false when the property does not hold a string.
    package mutating func setString(_ value: String, of property: ContactProperty) -> Bool {
        withUniqueFields { $0.setString(value, of: property) }
    }
}
