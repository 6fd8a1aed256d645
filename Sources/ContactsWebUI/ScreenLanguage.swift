import Foundation

/// The language of a page: the first of the browser's Accept-Language choices that the screens have strings
/// for, else English.
struct ScreenLanguage: Sendable, Equatable {
    /// The resource name of the language's strings, also the page's `lang` attribute.
    let code: String

    static let english = ScreenLanguage(code: "en")
    static let supported = ["en", "ar", "de", "es", "fr", "it", "ja", "ko", "pt-BR", "ru", "zh-Hans", "zh-Hant"]

    private init(code: String) {
        self.code = code
    }

    /// Negotiates from an Accept-Language header ("de-CH, de;q=0.9, en;q=0.8"): choices by descending quality,
    /// ties in the header's order; `q=0` excludes a language.
    init(acceptLanguage header: String?) {
        let choices = (header ?? "").split(separator: ",").enumerated().compactMap {
            index, part -> (String, Double, Int)? in
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = pieces.first, !tag.isEmpty else { return nil }
            var quality = 1.0
            for parameter in pieces.dropFirst() where parameter.hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 0
            }
            return quality > 0 ? (tag, quality, index) : nil
        }
        let ordered = choices.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.2 < $1.2 }
        self = ordered.lazy.compactMap { Self.match($0.0) }.first ?? .english
    }

    /// The supported language of a BCP 47 tag: Chinese by script, then region; any Portuguese as Brazilian.
    private static func match(_ tag: String) -> ScreenLanguage? {
        let parts = tag.split(separator: "-").map { $0.lowercased() }
        guard let language = parts.first else { return nil }
        switch language {
        case "zh":
            let traditional =
                parts.contains("hant") || parts.contains("tw") || parts.contains("hk") || parts.contains("mo")
            return ScreenLanguage(code: traditional && !parts.contains("hans") ? "zh-Hant" : "zh-Hans")
        case "pt":
            return ScreenLanguage(code: "pt-BR")
        default:
            return supported.contains(language) ? ScreenLanguage(code: language) : nil
        }
    }

    /// Arabic reads right to left.
    var direction: String { code == "ar" ? "rtl" : "ltr" }
}
