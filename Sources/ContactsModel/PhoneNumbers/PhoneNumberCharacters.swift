/// How the parser classifies the characters people type in phone numbers.
///
/// Works on Unicode scalars: digits from any script count (Arabic-Indic, full-width), letters map to the
/// telephone keypad, and a fixed set of punctuation may separate groups of digits.
enum PhoneNumberCharacters {
    /// The keypad digit of each letter from A to Z, as ASCII.
    private static let keypadDigits = Array("22233344455566677778889999".utf8)

    /// The value of a decimal digit from any script, or nil for any other scalar.
    static func digitValue(_ scalar: Unicode.Scalar) -> UInt8? {
        if scalar.isASCII {
            let value = UInt8(truncatingIfNeeded: scalar.value) &- UInt8(ascii: "0")
            return value < 10 ? value : nil
        }
        guard scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue,
            (0...9).contains(value)
        else { return nil }
        return UInt8(value)
    }

    /// The keypad digit (as ASCII) of a Latin letter, so "+1 800 FLOWERS" reads as digits.
    static func keypadDigit(_ scalar: Unicode.Scalar) -> UInt8? {
        let folded = foldedCase(scalar.value)
        guard (0x61...0x7A).contains(folded) else { return nil }
        return keypadDigits[Int(folded - 0x61)]
    }

    /// True for a plus sign, ASCII or full-width.
    static func isPlus(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "+" || scalar == "\u{FF0B}"
    }

    /// True for the punctuation and spacing people put between groups of digits.
    ///
    /// Other symbols inside a number, such as "@" or "%", make the text not a phone number.
    static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "-", "/", "(", ")", "[", "]", ".", "~", "*", " ":
            true
        case "\u{00AD}", "\u{2010}"..."\u{2015}", "\u{2212}", "\u{30FC}", "\u{FF0D}", "\u{FF0F}",
            "\u{FF08}", "\u{FF09}", "\u{FF3B}", "\u{FF3D}", "\u{FF0E}", "\u{2053}", "\u{223C}", "\u{FF5E}",
            "\u{200B}", "\u{2060}":
            true
        default:
            isWhitespace(scalar)
        }
    }

    /// True for white space of any script; checks ASCII first because Unicode properties are slow to read.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar == " " || ("\t"..."\r").contains(scalar) }
        return scalar.properties.isWhitespace
    }

    /// True for letters of any script, checking ASCII first.
    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        return scalar.properties.isAlphabetic
    }

    /// Lower-cases Latin, Latin-1 and Cyrillic capitals and full-width Latin capitals, the scripts of
    /// extension labels such as "EXT", "Extensión" and "ДОБ", without allocating a String.
    static func foldedCase(_ value: UInt32) -> UInt32 {
        switch value {
        case 0x41...0x5A, 0x410...0x42F, 0xFF21...0xFF3A: value + 0x20
        case 0xC0...0xDE where value != 0xD7: value + 0x20
        default: value
        }
    }
}
