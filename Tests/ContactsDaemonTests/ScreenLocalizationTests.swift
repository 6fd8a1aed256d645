import Foundation
import Testing

/// The screens' strings in the 12 languages: every language has every key English has, with the same
/// placeholders, so no screen falls back to English or shows a raw `{app}`.
@Suite struct ScreenLocalizationTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/ContactsWebUI/Resources/Localizations")
    static let languages = ["ar", "de", "es", "fr", "it", "ja", "ko", "pt-BR", "ru", "zh-Hans", "zh-Hant"]

    static func table(_ language: String) throws -> [String: String] {
        let data = try Data(contentsOf: directory.appendingPathComponent("\(language).json"))
        return try JSONDecoder().decode([String: String].self, from: data)
    }

    static func placeholders(_ text: String) -> Set<String> {
        var found = Set<String>()
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            found.insert(String(rest[open...close]))
            rest = rest[rest.index(after: close)...]
        }
        return found
    }

    @Test(arguments: languages)
    func everyLanguageHasEveryKeyWithItsPlaceholders(language: String) throws {
        let english = try Self.table("en")
        let translated = try Self.table(language)
        #expect(Set(translated.keys) == Set(english.keys))
        for (key, text) in english {
            #expect(Self.placeholders(translated[key] ?? "") == Self.placeholders(text), "\(language) \(key)")
        }
    }

    @Test(arguments: languages)
    func thePickerScreensAreTranslated(language: String) throws {
        let english = try Self.table("en")
        let translated = try Self.table(language)
        for key in english.keys
        where key.hasPrefix("picker") || key.hasPrefix("accessPicker") || key.hasSuffix("Picker") {
            #expect(translated[key] != english[key], "\(language) \(key) is English")
        }
    }
}
