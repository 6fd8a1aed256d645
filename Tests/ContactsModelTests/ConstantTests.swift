import Foundation
import Testing

@testable import ContactsModel

/// Key, label and service constants with the raw values Apple's platforms use (APPLE-API.md §4, §6–§8).
@Suite struct ConstantTests {
    static let contactKeys: [(constant: String, raw: String)] = [
        (CNContactIdentifierKey, "identifier"), (CNContactTypeKey, "contactType"),
        (CNContactNamePrefixKey, "namePrefix"), (CNContactGivenNameKey, "givenName"),
        (CNContactMiddleNameKey, "middleName"), (CNContactFamilyNameKey, "familyName"),
        (CNContactPreviousFamilyNameKey, "previousFamilyName"), (CNContactNameSuffixKey, "nameSuffix"),
        (CNContactNicknameKey, "nickname"), (CNContactPhoneticGivenNameKey, "phoneticGivenName"),
        (CNContactPhoneticMiddleNameKey, "phoneticMiddleName"), (CNContactPhoneticFamilyNameKey, "phoneticFamilyName"),
        (CNContactPhoneticOrganizationNameKey, "phoneticOrganizationName"),
        (CNContactOrganizationNameKey, "organizationName"), (CNContactDepartmentNameKey, "departmentName"),
        (CNContactJobTitleKey, "jobTitle"), (CNContactBirthdayKey, "birthday"),
        (CNContactNonGregorianBirthdayKey, "nonGregorianBirthday"), (CNContactNoteKey, "note"),
        (CNContactImageDataKey, "imageData"), (CNContactThumbnailImageDataKey, "thumbnailImageData"),
        (CNContactImageDataAvailableKey, "imageDataAvailable"), (CNContactPhoneNumbersKey, "phoneNumbers"),
        (CNContactEmailAddressesKey, "emailAddresses"), (CNContactPostalAddressesKey, "postalAddresses"),
        (CNContactDatesKey, "dates"), (CNContactUrlAddressesKey, "urlAddresses"),
        (CNContactRelationsKey, "contactRelations"), (CNContactSocialProfilesKey, "socialProfiles"),
        (CNContactInstantMessageAddressesKey, "instantMessageAddresses"),
    ]

    static let otherKeys: [(constant: String, raw: String)] = [
        (CNGroupIdentifierKey, "identifier"), (CNGroupNameKey, "name"),
        (CNContainerIdentifierKey, "identifier"), (CNContainerNameKey, "name"), (CNContainerTypeKey, "type"),
        (CNPostalAddressStreetKey, "street"), (CNPostalAddressSubLocalityKey, "subLocality"),
        (CNPostalAddressCityKey, "city"), (CNPostalAddressSubAdministrativeAreaKey, "subAdministrativeArea"),
        (CNPostalAddressStateKey, "state"), (CNPostalAddressPostalCodeKey, "postalCode"),
        (CNPostalAddressCountryKey, "country"), (CNPostalAddressISOCountryCodeKey, "ISOCountryCode"),
        (CNSocialProfileURLStringKey, "urlString"), (CNSocialProfileUsernameKey, "username"),
        (CNSocialProfileUserIdentifierKey, "userIdentifier"), (CNSocialProfileServiceKey, "service"),
        (CNInstantMessageAddressUsernameKey, "username"), (CNInstantMessageAddressServiceKey, "service"),
        (CNContactPropertyAttribute, "CNContactPropertyAttribute"),
        (CNPostalAddressPropertyAttribute, "CNPostalAddressPropertyAttribute"),
        (CNPostalAddressLocalizedPropertyNameAttribute, "CNPostalAddressLocalizedPropertyNameAttribute"),
        (CNContactPropertyNotFetchedExceptionName, "CNPropertyNotFetchedException"),
        (CNErrorDomain, "CNErrorDomain"),
        (CNErrorUserInfoAffectedRecordsKey, "CNErrorUserInfoAffectedRecordsKey"),
        (CNErrorUserInfoAffectedRecordIdentifiersKey, "CNErrorUserInfoAffectedRecordIdentifiersKey"),
        (CNErrorUserInfoValidationErrorsKey, "CNErrorUserInfoValidationErrorsKey"),
        (CNErrorUserInfoKeyPathsKey, "CNErrorUserInfoKeyPathsKey"),
        (ContactsErrorUserInfoLineNumberKey, "ContactsErrorUserInfoLineNumberKey"),
    ]

    static let genericLabels: [(constant: String, raw: String)] = [
        (CNLabelHome, "_$!<Home>!$_"), (CNLabelWork, "_$!<Work>!$_"), (CNLabelSchool, "_$!<School>!$_"),
        (CNLabelOther, "_$!<Other>!$_"), (CNLabelEmailiCloud, "iCloud"),
        (CNLabelURLAddressHomePage, "_$!<HomePage>!$_"), (CNLabelDateAnniversary, "_$!<Anniversary>!$_"),
        (CNLabelPhoneNumberiPhone, "iPhone"), (CNLabelPhoneNumberAppleWatch, "_$!<AppleWatch>!$_"),
        (CNLabelPhoneNumberMobile, "_$!<Mobile>!$_"), (CNLabelPhoneNumberMain, "_$!<Main>!$_"),
        (CNLabelPhoneNumberHomeFax, "_$!<HomeFAX>!$_"), (CNLabelPhoneNumberWorkFax, "_$!<WorkFAX>!$_"),
        (CNLabelPhoneNumberOtherFax, "_$!<OtherFAX>!$_"), (CNLabelPhoneNumberPager, "_$!<Pager>!$_"),
    ]

    static let socialProfileServices: [(constant: String, raw: String)] = [
        (CNSocialProfileServiceFacebook, "Facebook"), (CNSocialProfileServiceFlickr, "Flickr"),
        (CNSocialProfileServiceLinkedIn, "LinkedIn"), (CNSocialProfileServiceMySpace, "MySpace"),
        (CNSocialProfileServiceSinaWeibo, "SinaWeibo"), (CNSocialProfileServiceTencentWeibo, "TencentWeibo"),
        (CNSocialProfileServiceTwitter, "Twitter"), (CNSocialProfileServiceYelp, "Yelp"),
        (CNSocialProfileServiceGameCenter, "GameCenter"),
    ]

    static let instantMessageServices: [(constant: String, raw: String)] = [
        (CNInstantMessageServiceAIM, "AIM"), (CNInstantMessageServiceFacebook, "Facebook"),
        (CNInstantMessageServiceGaduGadu, "GaduGadu"), (CNInstantMessageServiceGoogleTalk, "GoogleTalk"),
        (CNInstantMessageServiceICQ, "ICQ"), (CNInstantMessageServiceJabber, "Jabber"),
        (CNInstantMessageServiceMSN, "MSN"), (CNInstantMessageServiceQQ, "QQ"),
        (CNInstantMessageServiceSkype, "Skype"), (CNInstantMessageServiceYahoo, "Yahoo"),
    ]

    @Test(arguments: contactKeys)
    func contactKeyIsThePropertyName(constant: String, raw: String) {
        #expect(constant == raw)
    }

    @Test func contactKeysMatchThePropertyListInOrder() {
        #expect(ContactProperty.allCases.map(\.key) == Self.contactKeys.map(\.raw))
        #expect(ContactKeySet.all.keys.count == 30)
    }

    @Test(arguments: ContactProperty.allCases)
    func contactPropertyParsesItsOwnKey(property: ContactProperty) {
        #expect(ContactProperty(key: property.key) == property)
    }

    @Test(arguments: otherKeys)
    func otherKeyHasAppleRawValue(constant: String, raw: String) {
        #expect(constant == raw)
    }

    @Test(arguments: genericLabels)
    func genericLabelHasAppleRawValue(constant: String, raw: String) {
        #expect(constant == raw)
    }

    @Test func genericLabelListHoldsEveryLabelOnce() {
        #expect(allGenericLabels == Self.genericLabels.map(\.constant))
        #expect(Set(allGenericLabels).isDisjoint(with: allContactRelationLabels))
    }

    @Test(arguments: socialProfileServices)
    func socialProfileServiceHasAppleRawValue(constant: String, raw: String) {
        #expect(constant == raw)
    }

    @Test(arguments: instantMessageServices)
    func instantMessageServiceHasAppleRawValue(constant: String, raw: String) {
        #expect(constant == raw)
    }

    @Test func serviceListsHoldEveryServiceOnce() {
        #expect(allSocialProfileServices == Self.socialProfileServices.map(\.constant))
        #expect(allInstantMessageServices == Self.instantMessageServices.map(\.constant))
    }
}
