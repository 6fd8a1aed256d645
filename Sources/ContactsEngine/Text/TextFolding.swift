import Foundation

/// Folds text for search and sorting: case, diacritics and width removed, katakana as hiragana.
///
/// The name index and the name predicate fold the same way, so a query matches whatever the person typed
/// into the contact, in any case and with or without accents.
package enum TextFolding {
    /// The folded form of a string.
    package static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // Most names are ASCII; lowercasing them is all folding does, and much cheaper.
            return text.lowercased()
        }
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var scalars = String.UnicodeScalarView()
        for scalar in folded.unicodeScalars {
            scalars.append(hiragana(for: scalar))
        }
        return String(scalars)
    }

    /// The search words of a text: folded runs of letters and digits; Han, kana and Hangul one character
    /// each; words with inner punctuation ("o'brien", "jean-pierre") also joined ("obrien", "jeanpierre").
    package static func words(_ text: String) -> [String] {
        words(text, fold: fold)
    }

    /// The search words of a text, folding its pieces with the function given (a ``FoldingCache``'s).
    package static func words(_ text: String, fold: (String) -> String) -> [String] {
        var result: [String] = []
        for piece in text.split(whereSeparator: { $0.isWhitespace }) {
            let folded = fold(String(piece))
            var parts: [String] = []
            var current = String.UnicodeScalarView()
            for scalar in folded.unicodeScalars {
                if isCharacterWord(scalar) {
                    if !current.isEmpty { parts.append(String(current)) }
                    current = String.UnicodeScalarView()
                    parts.append(String(scalar))
                } else if isWordScalar(scalar) {
                    current.append(scalar)
                } else if !current.isEmpty {
                    parts.append(String(current))
                    current = String.UnicodeScalarView()
                }
            }
            if !current.isEmpty { parts.append(String(current)) }
            result += parts
            if parts.count > 1, !parts.contains(where: { $0.unicodeScalars.contains(where: isCharacterWord) }) {
                result.append(parts.joined())
            }
        }
        return result
    }

    /// Whether a scalar is part of a word: letters, digits and combining marks.
    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return properties.isAlphabetic || properties.numericType != nil
            || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark
    }

    /// Whether a scalar is a word by itself: Han ideographs, kana and Hangul syllables.
    package static func isCharacterWord(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF: true  // hiragana, katakana
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F: true  // Han
        case 0xAC00...0xD7AF, 0x1100...0x11FF, 0x3130...0x318F: true  // Hangul
        default: false
        }
    }

    /// Katakana letters as their hiragana twins, so both spellings of a Japanese name match.
    private static func hiragana(for scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard (0x30A1...0x30F6).contains(scalar.value) else { return scalar }
        return Unicode.Scalar(scalar.value - 0x60) ?? scalar
    }
}
