import ContactsModel

/// The contact keys the vCard writer reads.
enum VCardSerializationKeys {
    /// Keys every contact must hold to be written. The note and the image are written only when the
    /// contact holds them, so that apps without the notes entitlement can export.
    static let required: [ContactProperty] = [
        .contactType, .namePrefix, .givenName, .middleName, .familyName, .previousFamilyName, .nameSuffix,
        .nickname, .phoneticGivenName, .phoneticMiddleName, .phoneticFamilyName, .phoneticOrganizationName,
        .organizationName, .departmentName, .jobTitle, .birthday, .nonGregorianBirthday, .phoneNumbers,
        .emailAddresses, .postalAddresses, .dates, .urlAddresses, .contactRelations, .socialProfiles,
        .instantMessageAddresses,
    ]

    /// ``required`` as one set, so a contact holding every key is checked with one comparison.
    static let requiredSet = ContactKeySet(required)
}
