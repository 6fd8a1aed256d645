import Foundation
import Testing

@testable import ContactsModel

@Suite struct UserSettingsTests {
    @Test func emptyEnvironmentGivesEnglishUnitedStates() {
        let settings = UserSettings.load(environment: [:])
        #expect(settings.localeIdentifier == "en_US")
        #expect(settings.sortOrder == .givenName)
        #expect(settings.displayNameOrder == .userDefault)
        #expect(settings.countryCode == "US")
    }

    @Test(arguments: [
        ("en_US.UTF-8", CNContactSortOrder.givenName, "US"), ("en_GB", .givenName, "GB"),
        ("de_DE@euro", .givenName, "DE"), ("fr_CA.ISO-8859-1", .givenName, "CA"), ("ja_JP.UTF-8", .familyName, "JP"),
        ("zh_CN.UTF-8", .familyName, "CN"), ("zh_Hant_TW", .familyName, "TW"), ("ko_KR", .familyName, "KR"),
        ("hu_HU", .familyName, "HU"), ("vi_VN", .familyName, "VN"), ("C", .givenName, "US"),
        ("POSIX", .givenName, "US"), ("C.UTF-8", .givenName, "US"), ("pt-BR", .givenName, "BR"),
        ("fr", .givenName, "US"),
    ])
    func localeGivesSortOrderAndCountry(lang: String, sortOrder: CNContactSortOrder, country: String) {
        let settings = UserSettings.load(environment: ["LANG": lang])
        #expect(settings.sortOrder == sortOrder)
        #expect(settings.countryCode == country)
    }

    @Test func lcAllWinsOverLang() {
        let settings = UserSettings.load(environment: ["LANG": "en_US.UTF-8", "LC_ALL": "ja_JP.UTF-8"])
        #expect(settings.localeIdentifier == "ja_JP")
        #expect(settings.sortOrder == .familyName)
        #expect(settings.countryCode == "JP")
    }

    @Test func emptyLcAllFallsBackToLang() {
        let settings = UserSettings.load(environment: ["LANG": "de_AT.UTF-8", "LC_ALL": ""])
        #expect(settings.localeIdentifier == "de_AT")
    }

    @Test func settingsFileOverridesTheLocale() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(#"{"sortOrder": "familyName", "displayOrder": "familyNameFirst", "countryCode": "fr"}"#)
        let settings = UserSettings.load(environment: ["LANG": "en_US.UTF-8", "XDG_CONFIG_HOME": directory.url.path])
        #expect(settings.sortOrder == .familyName)
        #expect(settings.displayNameOrder == .familyNameFirst)
        #expect(settings.countryCode == "FR")
        #expect(settings.localeIdentifier == "en_US")
    }

    @Test func settingsFileIsFoundUnderHomeWithoutXDGConfigHome() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(#"{"sortOrder": "familyName"}"#, under: ".config")
        let settings = UserSettings.load(environment: ["LANG": "en_US", "HOME": directory.url.path])
        #expect(settings.sortOrder == .familyName)
        #expect(
            UserSettings.settingsFile(environment: ["HOME": "/home/a"])?.path
                == "/home/a/.config/contacts/defaults.json")
        #expect(
            UserSettings.settingsFile(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"])?.path
                == "/x/contacts/defaults.json")
        #expect(UserSettings.settingsFile(environment: [:]) == nil)
    }

    @Test(arguments: [
        #"{"sortOrder": "userDefault", "countryCode": "FRA", "displayOrder": "sideways"}"#,
        #"{"sortOrder": 3, "countryCode": 33}"#, "not json", "[]", "",
    ])
    func invalidSettingsFileValuesAreIgnored(contents: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(contents)
        let settings = UserSettings.load(environment: ["LANG": "ja_JP", "XDG_CONFIG_HOME": directory.url.path])
        #expect(settings == UserSettings.load(environment: ["LANG": "ja_JP"]))
    }

    @Test(arguments: ["", "C", "en_US", "ja_JP", "zh_TW", "ar_EG", "sv_SE"])
    func sortOrderIsNeverUserDefaultOrNone(lang: String) {
        let order = UserSettings.load(environment: ["LANG": lang]).sortOrder
        #expect(order == .givenName || order == .familyName)
    }

    @Test func userDefaultsReflectTheSettings() {
        let settings = UserSettings(localeIdentifier: "ja_JP", displayNameOrder: .givenNameFirst, countryCode: "jp")
        let defaults = CNContactsUserDefaults(settings: settings)
        #expect(defaults.sortOrder == .familyName)
        #expect(defaults.countryCode == "JP")
        #expect(defaults.displayNameOrder == .givenNameFirst)
        #expect(defaults.localeIdentifier == "ja_JP")
    }

    @Test func sharedDefaultsHaveAConcreteOrderAndATwoLetterCountry() {
        let defaults = CNContactsUserDefaults.shared()
        #expect(defaults.sortOrder == .givenName || defaults.sortOrder == .familyName)
        #expect(defaults.countryCode.count == 2)
        #expect(defaults.countryCode == defaults.countryCode.uppercased())
    }
}

/// A directory of its own for one test, holding a settings file.
private struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("ContactsModelTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `contacts/defaults.json` below the directory, or below a subfolder of it.
    func write(_ contents: String, under folder: String? = nil) throws {
        let base = folder.map { url.appendingPathComponent($0) } ?? url
        let contacts = base.appendingPathComponent("contacts")
        try FileManager.default.createDirectory(at: contacts, withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: contacts.appendingPathComponent("defaults.json"))
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
