import Foundation

/// The person's contact settings, read from the environment and the settings file.
package struct UserSettings: Sendable, Hashable {
    package var localeIdentifier: String
    package var sortOrder: CNContactSortOrder
    package var displayNameOrder: CNContactDisplayNameOrder
    package var countryCode: String

    package init(
        localeIdentifier: String,
        sortOrder: CNContactSortOrder? = nil,
        displayNameOrder: CNContactDisplayNameOrder = .userDefault,
        countryCode: String? = nil
    ) {
        self.localeIdentifier = localeIdentifier
        let (language, region) = Self.split(localeIdentifier)
        self.sortOrder = sortOrder ?? (Self.familyNameFirstLanguages.contains(language) ? .familyName : .givenName)
        self.displayNameOrder = displayNameOrder
        self.countryCode = (countryCode ?? region ?? "US").uppercased()
    }

    /// Languages whose names are written family name first (CLDR person-name data).
    package static let familyNameFirstLanguages: Set<String> = ["hu", "ja", "ko", "vi", "yue", "zh"]

    /// Reads the settings from an environment: `LC_ALL`, then `LANG`, then the settings file.
    package static func load(environment: [String: String]) -> UserSettings {
        let locale = localeIdentifier(environment: environment, categories: ["LC_ALL", "LANG"])
        var settings = UserSettings(localeIdentifier: locale)
        guard let file = settingsFile(environment: environment),
            let data = try? Data(contentsOf: file),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return settings }
        switch object["sortOrder"] as? String {
        case "givenName": settings.sortOrder = .givenName
        case "familyName": settings.sortOrder = .familyName
        default: break
        }
        switch object["displayOrder"] as? String {
        case "givenNameFirst": settings.displayNameOrder = .givenNameFirst
        case "familyNameFirst": settings.displayNameOrder = .familyNameFirst
        default: break
        }
        if let code = object["countryCode"] as? String, code.count == 2 {
            settings.countryCode = code.uppercased()
        }
        return settings
    }

    /// The first set locale variable among the categories, as "ll_RR", with encoding and modifier removed.
    package static func localeIdentifier(environment: [String: String], categories: [String]) -> String {
        for category in categories {
            guard var value = environment[category], !value.isEmpty else { continue }
            if let dot = value.firstIndex(of: ".") { value = String(value[..<dot]) }
            if let at = value.firstIndex(of: "@") { value = String(value[..<at]) }
            if value == "C" || value == "POSIX" { return "en_US" }
            return value
        }
        return "en_US"
    }

    /// The settings file path: `$XDG_CONFIG_HOME/contacts/defaults.json` or `~/.config/contacts/defaults.json`.
    package static func settingsFile(environment: [String: String]) -> URL? {
        if let config = environment["XDG_CONFIG_HOME"], !config.isEmpty {
            return URL(fileURLWithPath: config).appendingPathComponent("contacts/defaults.json")
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(".config/contacts/defaults.json")
    }

    /// Splits "ll_RR" or "ll-RR" into a lower-case language and an optional upper-case region.
    package static func split(_ identifier: String) -> (language: String, region: String?) {
        let parts = identifier.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        let language = parts.first?.lowercased() ?? "en"
        let region = parts.dropFirst().first { $0.count == 2 && $0.allSatisfy(\.isLetter) }?.uppercased()
        return (language, region)
    }
}
