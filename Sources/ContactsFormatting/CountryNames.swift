import Foundation

/// Maps country names, as people type them into addresses, to ISO 3166-1 region codes.
///
/// Built on first use from Foundation's localized region names in the languages we translate to, plus common
/// short and native forms ("USA", "UK", "Holland", "Deutschland"). Matching ignores case, diacritics, dots and
/// a leading "the". Where two regions share a name in different languages, the first language wins.
package struct CountryNames: Sendable {
    private let regionsByName: [String: String]

    /// The names of the address table's regions in our languages.
    package static let shared = CountryNames(
        regions: AddressFormatCatalog.shared.regions,
        languages: ["en", "es", "fr", "de", "it", "pt", "ja", "zh-Hans", "zh-Hant", "ko", "ru", "ar"]
    )

    package init(regions: [String], languages: [String]) {
        var names: [String: String] = [:]
        for language in languages {
            let locale = Locale(identifier: language)
            for region in regions {
                guard let name = locale.localizedString(forRegionCode: region) else { continue }
                let key = Self.normalize(name)
                if names[key] == nil { names[key] = region }
            }
        }
        for (alias, region) in Self.aliases {
            names[Self.normalize(alias)] = region
        }
        regionsByName = names
    }

    /// The region a country name or code stands for, or nil when it is not known.
    package func region(forName name: String) -> String? {
        let key = Self.normalize(name)
        guard !key.isEmpty else { return nil }
        if let region = regionsByName[key] { return region }
        let upper = name.trimmingCharacters(in: .whitespaces).uppercased()
        if upper.count == 2, AddressFormatCatalog.shared.entries[upper] != nil { return upper }
        return nil
    }

    /// Folds case and diacritics, drops dots and a leading "the ", and collapses spaces.
    package static func normalize(_ name: String) -> String {
        var folded = name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        folded.removeAll { $0 == "." }
        var words = folded.split(whereSeparator: \.isWhitespace)
        if words.count > 1, words.first == "the" { words.removeFirst() }
        return words.joined(separator: " ")
    }

    /// Names Foundation does not give but addresses often use.
    private static let aliases: [String: String] = [
        "USA": "US", "U.S.A.": "US", "U.S.": "US", "United States of America": "US", "America": "US",
        "UK": "GB", "U.K.": "GB", "Great Britain": "GB", "Britain": "GB", "England": "GB", "Scotland": "GB",
        "Wales": "GB", "Northern Ireland": "GB", "Holland": "NL", "Korea": "KR", "Republic of Korea": "KR",
        "South Korea": "KR", "Russia": "RU", "Czech Republic": "CZ", "Ivory Coast": "CI", "Vatican": "VA",
        "Burma": "MM", "Macau": "MO", "Swaziland": "SZ", "Cape Verde": "CV", "East Timor": "TL",
        "Deutschland": "DE", "España": "ES", "Brasil": "BR", "Italia": "IT", "Nederland": "NL",
        "Österreich": "AT", "Schweiz": "CH", "Suisse": "CH", "Svizzera": "CH", "Sverige": "SE", "Norge": "NO",
        "Danmark": "DK", "Suomi": "FI", "Polska": "PL", "Česko": "CZ", "Magyarország": "HU", "Hellas": "GR",
        "Türkiye": "TR", "Россия": "RU", "中国": "CN", "中華人民共和國": "CN", "中华人民共和国": "CN",
        "台灣": "TW", "台湾": "TW", "香港": "HK", "日本": "JP", "대한민국": "KR", "한국": "KR",
    ]
}
