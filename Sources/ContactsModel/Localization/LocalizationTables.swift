import Foundation
import Synchronization

/// Loads translation tables from the module's resources on first use and keeps them for the process.
enum LocalizationTables {
    /// Loaded tables by language; a language whose file cannot be read is remembered as nil.
    private static let cache = Mutex<[String: LocalizationTable?]>([:])

    /// The table of a supported language, or nil when its resource is missing or malformed.
    static func table(for language: String) -> LocalizationTable? {
        if let cached = cache.withLock({ $0[language] }) {
            return cached
        }
        // Decoding happens outside the lock; two threads may decode the same file once each, which is
        // harmless and keeps lookups of other languages from waiting.
        let loaded = load(language)
        cache.withLock { $0[language] = .some(loaded) }
        return loaded
    }

    /// The text of a key in a language, falling back to English when the language's table lacks it.
    static func text(_ section: LocalizationTable.Section, _ key: String, language: String) -> String? {
        if let text = table(for: language)?.text(section, key) {
            return text
        }
        guard language != "en" else { return nil }
        return table(for: "en")?.text(section, key)
    }

    /// The regional name of a postal key, when the language's table has one for the region.
    static func regionalPostalAddressKey(_ key: String, region: String, language: String) -> String? {
        table(for: language)?.postalAddressKeysByRegion?[region]?[key]
    }

    private static func load(_ language: String) -> LocalizationTable? {
        guard
            let url = Bundle.module.url(
                forResource: language,
                withExtension: "json",
                subdirectory: "Resources/Localizations"
            ),
            let data = try? Data(contentsOf: url)
        else { return nil }
        return try? JSONDecoder().decode(LocalizationTable.self, from: data)
    }
}
