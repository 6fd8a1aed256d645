import ContactsModel

/// Key lists tests fetch with, written out as an app would write them (not derived from the model's own tables,
/// so a key the model forgets is caught).
package enum ContactKeyNames {
    /// Every key a contact has, the identifier and both images included, in Apple's documentation order.
    package static let every = [
        CNContactIdentifierKey, CNContactTypeKey, CNContactNamePrefixKey, CNContactGivenNameKey, CNContactMiddleNameKey,
        CNContactFamilyNameKey, CNContactPreviousFamilyNameKey, CNContactNameSuffixKey, CNContactNicknameKey,
        CNContactPhoneticGivenNameKey, CNContactPhoneticMiddleNameKey, CNContactPhoneticFamilyNameKey,
        CNContactPhoneticOrganizationNameKey, CNContactOrganizationNameKey, CNContactDepartmentNameKey,
        CNContactJobTitleKey,
        CNContactBirthdayKey, CNContactNonGregorianBirthdayKey, CNContactNoteKey, CNContactImageDataKey,
        CNContactThumbnailImageDataKey, CNContactImageDataAvailableKey, CNContactPhoneNumbersKey,
        CNContactEmailAddressesKey,
        CNContactPostalAddressesKey, CNContactDatesKey, CNContactUrlAddressesKey, CNContactRelationsKey,
        CNContactSocialProfilesKey, CNContactInstantMessageAddressesKey,
    ]
}
