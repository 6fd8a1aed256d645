import ContactsModel
import Foundation
import Testing

/// Every key, label and service the tables must translate, by section.
let requiredEntries: [(section: LocalizationTable.Section, keys: [String])] = [
    (.contactKeys, ContactProperty.allCases.map(\.key)),
    (
        .postalAddressKeys,
        [
            CNPostalAddressStreetKey, CNPostalAddressSubLocalityKey, CNPostalAddressCityKey,
            CNPostalAddressSubAdministrativeAreaKey, CNPostalAddressStateKey, CNPostalAddressPostalCodeKey,
            CNPostalAddressCountryKey, CNPostalAddressISOCountryCodeKey,
        ]
    ),
    (.labels, allGenericLabels + allContactRelationLabels),
    (
        .socialProfileKeys,
        [
            CNSocialProfileURLStringKey, CNSocialProfileUsernameKey, CNSocialProfileUserIdentifierKey,
            CNSocialProfileServiceKey,
        ]
    ),
    (.socialProfileServices, allSocialProfileServices),
    (.instantMessageKeys, [CNInstantMessageAddressUsernameKey, CNInstantMessageAddressServiceKey]),
    (.instantMessageServices, allInstantMessageServices),
]

@Suite struct LocalizationTests {
    @Test(arguments: Localization.supportedLanguages, LocalizationTable.Section.allCases)
    func everyEntryHasANonEmptyTranslation(language: String, section: LocalizationTable.Section) throws {
        let localization = Localization(language: language)
        #expect(localization.language == language)
        let keys = try #require(requiredEntries.first { $0.section == section }).keys
        let missing = keys.filter { (localization.ownEntry(section, $0) ?? "").isEmpty }
        #expect(missing.isEmpty, "\(language) \(section) lacks \(missing.count) entries, such as \(missing.prefix(3))")
    }

    @Test(arguments: Localization.supportedLanguages.filter { $0 != "en" })
    func relationLabelsAreTranslatedNotCopied(language: String) {
        let localization = Localization(language: language)
        let english = Localization(language: "en")
        let copied = [CNLabelContactRelationMother, CNLabelContactRelationFather, CNLabelContactRelationBrother]
            .filter { localization.label($0) == english.label($0) }
        #expect(copied.isEmpty)
    }

    @Test func spanishNamesMatchAppleExamples() {
        let spanish = Localization(language: "es")
        #expect(spanish.contactKey(CNContactNicknameKey) == "alias")
        #expect(spanish.label(CNLabelHome) == "casa")
    }

    @Test func englishLabelsAndKeys() {
        let english = Localization(language: "en")
        #expect(english.label(CNLabelHome) == "home")
        #expect(english.label(CNLabelPhoneNumberiPhone) == "iPhone")
        #expect(english.label(CNLabelContactRelationElderBrother) == "elder brother")
        #expect(english.contactKey(CNContactGivenNameKey) == "first name")
        #expect(english.socialProfileService(CNSocialProfileServiceSinaWeibo) == "Sina Weibo")
        #expect(english.instantMessageService(CNInstantMessageServiceGoogleTalk) == "Google Talk")
    }

    @Test(arguments: ["es", "ja", "zh-Hans", "ar"])
    func customLabelsAndServicesComeBackUnchanged(language: String) {
        let localization = Localization(language: language)
        #expect(localization.label("Home") == "Home")
        #expect(localization.label("my boat") == "my boat")
        #expect(localization.label("_$!<Spaceship>!$_") == "Spaceship")
        #expect(localization.socialProfileService("Mastodon") == "Mastodon")
        #expect(localization.instantMessageService("Signal") == "Signal")
        #expect(localization.contactKey("notAKey") == "notAKey")
    }

    @Test func chineseDistinguishesElderAndYoungerBrothersAndTheUncles() {
        let chinese = Localization(language: "zh_CN")
        #expect(chinese.label(CNLabelContactRelationElderBrother) == "哥哥")
        #expect(chinese.label(CNLabelContactRelationYoungerBrother) == "弟弟")
        #expect(chinese.label(CNLabelContactRelationUncleFathersElderBrother) == "伯父")
        #expect(chinese.label(CNLabelContactRelationUncleFathersYoungerBrother) == "叔父")
        #expect(chinese.label(CNLabelContactRelationUncleMothersBrother) == "舅舅")
    }

    @Test(arguments: [
        ("es", "es"), ("es_MX.UTF-8", "es"), ("pt", "pt-BR"), ("pt_PT", "pt-BR"), ("pt-BR", "pt-BR"),
        ("zh", "zh-Hans"), ("zh_CN", "zh-Hans"), ("zh_SG", "zh-Hans"), ("zh_TW", "zh-Hant"), ("zh_HK", "zh-Hant"),
        ("zh-Hant", "zh-Hant"), ("zh-Hans-HK", "zh-Hans"), ("sv_SE", "en"), ("C", "en"), ("", "en"), ("ko_KR", "ko"),
    ])
    func languageTagsMapToTables(tag: String, language: String) {
        #expect(Localization(language: tag).language == language)
    }

    @Test(arguments: [
        (["CONTACTS_LANGUAGE": "fr", "LC_ALL": "de_DE", "LANG": "es_ES"], "fr"),
        (["LC_ALL": "de_DE.UTF-8", "LC_MESSAGES": "it_IT", "LANG": "es_ES"], "de"),
        (["LC_MESSAGES": "it_IT", "LANG": "es_ES"], "it"),
        (["LANG": "ja_JP.UTF-8"], "ja"),
        (["LANG": "C"], "en"),
        ([:], "en"),
    ])
    func environmentSelectsTheLanguage(environment: [String: String], language: String) {
        #expect(Localization(environment: environment).language == language)
    }

    @Test(arguments: [
        ("en_US", "ZIP", "state"), ("en_GB", "postcode", "county"), ("en_CA", "postal code", "province"),
        ("en_AU", "postcode", "state"), ("en_IN", "PIN code", "state"), ("en_IE", "Eircode", "county"),
        ("en_JP", "postal code", "prefecture"), ("en", "postal code", "state"),
    ])
    func englishPostalNamesFollowTheRegion(tag: String, postalCode: String, state: String) {
        let localization = Localization(language: tag)
        #expect(localization.postalAddressKey(CNPostalAddressPostalCodeKey) == postalCode)
        #expect(localization.postalAddressKey(CNPostalAddressStateKey) == state)
    }

    @Test func frameworkClassMethodsUseTheCurrentLocalization() {
        let current = Localization.current
        #expect(CNContact.localizedString(forKey: CNContactNicknameKey) == current.contactKey(CNContactNicknameKey))
        #expect(CNLabeledValue<NSString>.localizedString(forLabel: CNLabelWork) == current.label(CNLabelWork))
        #expect(
            CNPostalAddress.localizedString(forKey: CNPostalAddressCityKey)
                == current.postalAddressKey(CNPostalAddressCityKey))
        #expect(
            CNSocialProfile.localizedString(forService: CNSocialProfileServiceTwitter)
                == current.socialProfileService(CNSocialProfileServiceTwitter))
        #expect(
            CNInstantMessageAddress.localizedString(forService: CNInstantMessageServiceQQ)
                == current.instantMessageService(CNInstantMessageServiceQQ))
        #expect(
            CNSocialProfile.localizedString(forKey: CNSocialProfileUsernameKey)
                == current.socialProfileKey(CNSocialProfileUsernameKey))
        #expect(
            CNInstantMessageAddress.localizedString(forKey: CNInstantMessageAddressServiceKey)
                == current.instantMessageKey(CNInstantMessageAddressServiceKey))
    }
}
