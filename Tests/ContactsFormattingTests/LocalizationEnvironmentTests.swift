import ContactsModel
import Foundation
import Testing

/// The framework's class methods read the person's language from the environment; each test sets it in its
/// own child process, so tests running in parallel never see each other's environment.
@Suite struct LocalizationEnvironmentTests {
    @Test func spanishEnvironmentGivesAppleSpanishExamples() async {
        await #expect(processExitsWith: .success) {
            setenv("CONTACTS_LANGUAGE", "es_ES.UTF-8", 1)
            guard CNContact.localizedString(forKey: CNContactNicknameKey) == "alias",
                CNLabeledValue<NSString>.localizedString(forLabel: CNLabelHome) == "casa",
                CNLabeledValue<NSString>.localizedString(forLabel: "mi barco") == "mi barco"
            else { exit(1) }
        }
    }

    @Test func traditionalChineseFromLangWhenNothingElseIsSet() async {
        await #expect(processExitsWith: .success) {
            unsetenv("CONTACTS_LANGUAGE")
            unsetenv("LC_ALL")
            unsetenv("LC_MESSAGES")
            setenv("LANG", "zh_TW.UTF-8", 1)
            guard CNLabeledValue<NSString>.localizedString(forLabel: CNLabelContactRelationYoungerBrother) == "弟弟",
                CNSocialProfile.localizedString(forService: CNSocialProfileServiceTencentWeibo) == "騰訊微博",
                CNPostalAddress.localizedString(forKey: CNPostalAddressPostalCodeKey) == "郵遞區號"
            else { exit(1) }
        }
    }

    @Test func americanEnglishNamesTheZIPCode() async {
        await #expect(processExitsWith: .success) {
            unsetenv("CONTACTS_LANGUAGE")
            setenv("LC_ALL", "en_US.UTF-8", 1)
            guard CNPostalAddress.localizedString(forKey: CNPostalAddressPostalCodeKey) == "ZIP",
                CNInstantMessageAddress.localizedString(forService: CNInstantMessageServiceGaduGadu) == "Gadu-Gadu"
            else { exit(1) }
        }
    }
}
