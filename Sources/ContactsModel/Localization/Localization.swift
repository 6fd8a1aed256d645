import Foundation

/// Localized names of contact keys, labels and services in one language.
///
/// The framework's `localizedString(for…)` class methods use the language of the person's locale, through
/// ``current``, which reads `CONTACTS_LANGUAGE`, then `LC_ALL`, `LC_MESSAGES` and `LANG`. Tests and tools
/// pick a language with ``init(language:)``:
///
/// ```swift
/// let spanish = Localization(language: "es")
/// spanish.contactKey(CNContactNicknameKey)   // "alias"
/// spanish.label(CNLabelHome)                 // "casa"
/// ```
///
/// Languages: English, Spanish, French, German, Italian, Brazilian Portuguese, Japanese, Simplified and
/// Traditional Chinese, Korean, Russian and Arabic. Any other language falls back to English; "pt" means
/// Brazilian Portuguese; "zh" with region TW, HK or MO, or script Hant, means Traditional Chinese, any other
/// "zh" Simplified Chinese. Names of postal address keys may depend on the region of the tag ("en_US" gives
/// "ZIP", "en_GB" "postcode").
///
/// Parity: our addition. Apple's equivalent is internal to the framework.
public struct Localization: Sendable, Hashable {
    /// The language of the tables in use: "en", "es", "fr", "de", "it", "pt-BR", "ja", "zh-Hans",
    /// "zh-Hant", "ko", "ru" or "ar".
    public let language: String

    /// The upper-case ISO 3166-1 region of the tag, such as "GB" for "en_GB", or nil when the tag has none.
    public let region: String?

    /// The languages with translation tables, English first.
    package static let supportedLanguages = [
        "en", "es", "fr", "de", "it", "pt-BR", "ja", "zh-Hans", "zh-Hant", "ko", "ru", "ar",
    ]

    /// Creates the localization for a language tag, such as "es", "en_GB", "zh-Hant" or "pt_BR.UTF-8".
    ///
    /// - Parameter language: A POSIX locale name or a BCP 47 tag; unknown languages fall back to English.
    public init(language: String) {
        let tag = LanguageTag(language)
        self.language = tag.supportedLanguage
        self.region = tag.region
    }

    /// The localization for the person's locale: `CONTACTS_LANGUAGE`, then `LC_ALL`, `LC_MESSAGES`, `LANG`.
    public static var current: Localization {
        Localization(environment: ProcessInfo.processInfo.environment)
    }

    /// The localization an environment selects, as ``current`` does for the process environment.
    package init(environment: [String: String]) {
        let identifier = UserSettings.localeIdentifier(
            environment: environment,
            categories: ["CONTACTS_LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"]
        )
        self.init(language: identifier)
    }

    /// The localized text of a label; custom labels come back unchanged.
    ///
    /// A token in the predefined form `_$!<Name>!$_` that is not predefined comes back as its bare name.
    public func label(_ label: String) -> String {
        if let text = LocalizationTables.text(.labels, label, language: language) {
            return text
        }
        if label.hasPrefix("_$!<"), label.hasSuffix(">!$_"), label.count > 8 {
            return String(label.dropFirst(4).dropLast(4))
        }
        return label
    }

    /// The localized name of a contact key; unknown keys come back unchanged.
    public func contactKey(_ key: String) -> String {
        LocalizationTables.text(.contactKeys, key, language: language) ?? key
    }

    /// The localized name of a postal address key for the region of this localization.
    public func postalAddressKey(_ key: String) -> String {
        postalAddressKey(key, region: region)
    }

    /// The localized name of a postal address key as a region names it, such as "ZIP" in the United States
    /// and "postcode" in the United Kingdom; unknown keys come back unchanged.
    ///
    /// - Parameters:
    ///   - key: A postal address key such as `CNPostalAddressPostalCodeKey`.
    ///   - region: An ISO 3166-1 region code in any case, or nil for the language's general names.
    public func postalAddressKey(_ key: String, region: String?) -> String {
        if let region, !region.isEmpty,
            let text = LocalizationTables.regionalPostalAddressKey(key, region: region.uppercased(), language: language)
        {
            return text
        }
        return LocalizationTables.text(.postalAddressKeys, key, language: language) ?? key
    }

    /// The localized name of a social profile key; unknown keys come back unchanged.
    public func socialProfileKey(_ key: String) -> String {
        LocalizationTables.text(.socialProfileKeys, key, language: language) ?? key
    }

    /// The localized name of a social profile service; custom services come back unchanged.
    public func socialProfileService(_ service: String) -> String {
        LocalizationTables.text(.socialProfileServices, service, language: language) ?? service
    }

    /// The localized name of an instant message address key; unknown keys come back unchanged.
    public func instantMessageKey(_ key: String) -> String {
        LocalizationTables.text(.instantMessageKeys, key, language: language) ?? key
    }

    /// The localized name of an instant message service; custom services come back unchanged.
    public func instantMessageService(_ service: String) -> String {
        LocalizationTables.text(.instantMessageServices, service, language: language) ?? service
    }

    /// The text of an entry in this language's own table, without falling back to English; nil when the
    /// table lacks it. Completeness tests use it.
    package func ownEntry(_ section: LocalizationTable.Section, _ key: String) -> String? {
        LocalizationTables.table(for: language)?.text(section, key)
    }
}
