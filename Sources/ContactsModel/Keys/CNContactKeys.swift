import Foundation

// Key constants are the property names, as on Apple platforms, so they work for key-value coding and in
// predicate key paths.

/// The key of a contact's identifier, which every fetched contact holds.
public let CNContactIdentifierKey: String = "identifier"
/// The key of a contact's type, person or organization.
public let CNContactTypeKey: String = "contactType"
/// The key of a contact's name prefix, for example "Dr.".
public let CNContactNamePrefixKey: String = "namePrefix"
/// The key of a contact's given name.
public let CNContactGivenNameKey: String = "givenName"
/// The key of a contact's middle name.
public let CNContactMiddleNameKey: String = "middleName"
/// The key of a contact's family name.
public let CNContactFamilyNameKey: String = "familyName"
/// The key of a contact's previous family name, such as a maiden name.
public let CNContactPreviousFamilyNameKey: String = "previousFamilyName"
/// The key of a contact's name suffix, for example "Jr.".
public let CNContactNameSuffixKey: String = "nameSuffix"
/// The key of a contact's nickname.
public let CNContactNicknameKey: String = "nickname"
/// The key of the phonetic spelling of a contact's given name.
public let CNContactPhoneticGivenNameKey: String = "phoneticGivenName"
/// The key of the phonetic spelling of a contact's middle name.
public let CNContactPhoneticMiddleNameKey: String = "phoneticMiddleName"
/// The key of the phonetic spelling of a contact's family name.
public let CNContactPhoneticFamilyNameKey: String = "phoneticFamilyName"
/// The key of the phonetic spelling of a contact's organization name.
public let CNContactPhoneticOrganizationNameKey: String = "phoneticOrganizationName"
/// The key of a contact's organization name.
public let CNContactOrganizationNameKey: String = "organizationName"
/// The key of a contact's department name.
public let CNContactDepartmentNameKey: String = "departmentName"
/// The key of a contact's job title.
public let CNContactJobTitleKey: String = "jobTitle"
/// The key of a contact's Gregorian birthday.
public let CNContactBirthdayKey: String = "birthday"
/// The key of a contact's birthday in a non-Gregorian calendar.
public let CNContactNonGregorianBirthdayKey: String = "nonGregorianBirthday"
/// The key of a contact's note; reading or writing it needs the notes entitlement.
public let CNContactNoteKey: String = "note"
/// The key of a contact's full-size image.
public let CNContactImageDataKey: String = "imageData"
/// The key of a contact's thumbnail image.
public let CNContactThumbnailImageDataKey: String = "thumbnailImageData"
/// The key that tells whether a contact has an image, without loading it.
public let CNContactImageDataAvailableKey: String = "imageDataAvailable"
/// The key of a contact's phone numbers.
public let CNContactPhoneNumbersKey: String = "phoneNumbers"
/// The key of a contact's e-mail addresses.
public let CNContactEmailAddressesKey: String = "emailAddresses"
/// The key of a contact's postal addresses.
public let CNContactPostalAddressesKey: String = "postalAddresses"
/// The key of a contact's labeled dates, such as anniversaries.
public let CNContactDatesKey: String = "dates"
/// The key of a contact's URL addresses.
public let CNContactUrlAddressesKey: String = "urlAddresses"
/// The key of a contact's related names.
public let CNContactRelationsKey: String = "contactRelations"
/// The key of a contact's social profiles.
public let CNContactSocialProfilesKey: String = "socialProfiles"
/// The key of a contact's instant message addresses.
public let CNContactInstantMessageAddressesKey: String = "instantMessageAddresses"

/// The name of the exception Apple platforms raise when code reads or writes a property that was not fetched.
///
/// Parity: partial. Swift on Linux has no exceptions; the process stops with a message that starts with
/// this name and names the key.
public let CNContactPropertyNotFetchedExceptionName: String = "CNPropertyNotFetchedException"
