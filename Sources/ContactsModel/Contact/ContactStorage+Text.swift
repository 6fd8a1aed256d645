extension ContactStorage {
    /// A string property's value, read directly; nil for a property that does not hold a string.
    ///
    /// The writers that go property by property (the store's row binding, the daemon's contact replies and
    /// column batches) call this rather than ``string(of:)``, which boxes every value in an `Any`: that cost
    /// more than the rest of a row's binding.
    package func text(of property: ContactProperty) -> String? {
        switch property {
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
}
