/// The writing system of a name, as far as it decides the order and the delimiter of its parts.
///
/// Only the scripts whose names are written family name first, whatever the reader's settings, are told
/// apart: Han (Chinese characters, also used for Japanese names), kana and Hangul. Any other letter makes the
/// name `.other`; a name with no letters at all is `.none`.
package enum NameScript: Sendable, Equatable {
    /// No letters: the settings decide the order.
    case none
    /// Han or kana letters only, possibly mixed: family name first, no delimiter.
    case hanOrKana
    /// Hangul letters, possibly mixed with Han: family name first, no delimiter.
    case hangul
    /// Letters of any other script, or a mix with them: the settings decide the order.
    case other

    /// The script of three name parts taken together; scans scalars without allocating.
    package init(_ first: String, _ second: String, _ third: String) {
        var letters = SeenLetters()
        guard letters.scan(first), letters.scan(second), letters.scan(third) else {
            self = .other
            return
        }
        if letters.hangul, !letters.kana {
            self = .hangul
        } else if letters.han || letters.kana || letters.hangul {
            self = .hanOrKana
        } else {
            self = .none
        }
    }

    /// The CJK scripts seen so far in a name.
    private struct SeenLetters {
        var han = false
        var kana = false
        var hangul = false

        /// Records the scripts of a part; false as soon as it holds a letter of another script.
        mutating func scan(_ part: String) -> Bool {
            for scalar in part.unicodeScalars {
                switch NameScript.classify(scalar) {
                case .han: han = true
                case .kana: kana = true
                case .hangul: hangul = true
                case .letter: return false
                case .notLetter: continue
                }
            }
            return true
        }
    }

    /// Whether names in this script are written family name first regardless of settings.
    package var isFamilyNameFirst: Bool {
        self == .hanOrKana || self == .hangul
    }

    /// The text between name parts in this script.
    ///
    /// Chinese and Japanese names are written without a space (山田太郎, 张三). Korean names are usually
    /// written without one too (김민준), so Hangul uses no delimiter; see docs/Formatting.md.
    package var delimiter: String {
        isFamilyNameFirst ? "" : " "
    }

    /// Whether a scalar is a Han ideograph or kana, the scripts written without spaces between words.
    package static func isHanOrKana(_ scalar: Unicode.Scalar) -> Bool {
        switch classify(scalar) {
        case .han, .kana: true
        default: false
        }
    }

    fileprivate enum ScalarClass {
        case han, kana, hangul, letter, notLetter
    }

    fileprivate static func classify(_ scalar: Unicode.Scalar) -> ScalarClass {
        let value = scalar.value
        if value < 0x80 {
            let isASCIILetter = (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
            return isASCIILetter ? .letter : .notLetter
        }
        switch value {
        case 0x3040...0x309F, 0x30A0...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F:
            return .kana
        case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7AF, 0xD7B0...0xD7FF:
            return .hangul
        case 0x3005, 0x3007, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F:
            return .han
        default:
            return scalar.properties.isAlphabetic ? .letter : .notLetter
        }
    }
}
