import Foundation

/// The screens' strings in every language, from `Resources/Localizations/<language>.json` (flat objects of
/// key to text). A key a language lacks falls back to English.
struct ScreenStrings: Sendable {
    private let tables: [String: [String: String]]

    /// Loads every supported language's table from the module's resources.
    init() throws {
        var tables: [String: [String: String]] = [:]
        for code in ScreenLanguage.supported {
            guard
                let url = Bundle.module.url(
                    forResource: code, withExtension: "json", subdirectory: "Resources/Localizations")
            else { throw ScreenResourceError(name: "\(code).json") }
            tables[code] = try JSONDecoder().decode([String: String].self, from: Data(contentsOf: url))
        }
        self.tables = tables
    }

    /// Every string of a language, English where it has none, for the templates.
    func table(_ language: ScreenLanguage) -> [String: String] {
        let english = tables["en"] ?? [:]
        return english.merging(tables[language.code] ?? [:]) { _, translated in translated }
    }

    /// One string with its `{name}` placeholders filled (the values are escaped by the template, like
    /// every value).
    func text(_ key: String, _ language: ScreenLanguage, _ values: [String: String] = [:]) -> String {
        var text = tables[language.code]?[key] ?? tables["en"]?[key] ?? key
        for (name, value) in values { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        return text
    }
}

/// A resource of the screens is missing from the module's bundle.
struct ScreenResourceError: Error, CustomStringConvertible {
    var name: String
    var description: String { "the screens' resource \(name) is missing" }
}
