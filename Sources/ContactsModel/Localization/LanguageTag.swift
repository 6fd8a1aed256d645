/// A locale name split into language, script and region, and mapped to a language we have tables for.
///
/// Accepts POSIX names ("pt_BR.UTF-8", "sr_RS@latin") and BCP 47 tags ("zh-Hant-TW").
struct LanguageTag: Hashable, Sendable {
    let language: String
    let script: String?
    let region: String?

    init(_ tag: String) {
        var text = Substring(tag)
        if let cut = text.firstIndex(where: { $0 == "." || $0 == "@" }) {
            text = text[..<cut]
        }
        let parts = text.split(whereSeparator: { $0 == "_" || $0 == "-" })
        language = parts.first.map { $0.lowercased() } ?? "en"
        var script: String?
        var region: String?
        for part in parts.dropFirst() {
            if part.count == 4, script == nil, part.allSatisfy(\.isLetter) {
                script = part.prefix(1).uppercased() + part.dropFirst().lowercased()
            } else if part.count == 2, region == nil, part.allSatisfy(\.isLetter) {
                region = part.uppercased()
            }
        }
        self.script = script
        self.region = region
    }

    /// The table language for this tag: Chinese by script, then region; Portuguese as Brazilian; English
    /// for anything we have no table for (including "C" and "POSIX").
    var supportedLanguage: String {
        switch language {
        case "zh":
            if let script { return script == "Hant" ? "zh-Hant" : "zh-Hans" }
            switch region {
            case "TW", "HK", "MO": return "zh-Hant"
            default: return "zh-Hans"
            }
        case "pt":
            return "pt-BR"
        case "es", "fr", "de", "it", "ja", "ko", "ru", "ar":
            return language
        default:
            return "en"
        }
    }
}
