extension PhoneNumberParser {
    /// The digits of a number, as ASCII, and whether it starts with a plus sign.
    struct NormalizedNumber {
        var hasPlusSign: Bool
        var digits: [UInt8]
    }

    /// The fewest digits a phone number has; shorter text, such as "4", is something else.
    static let minimumDigitCount = 3
    /// Vanity numbers spell words ("FLOWERS"); one or two stray letters are dropped instead.
    static let minimumVanityLetterCount = 3

    /// Reduces a number to its digits, or returns nil when the text is not a phone number.
    ///
    /// Text before the first digit or plus sign ("Tel: ") and punctuation after the last digit or letter
    /// are not part of the number. In between, only digits, separators and Latin letters may appear, and
    /// letters only after the third digit, so a word such as "Dog" is not read as 364.
    static func normalize(_ text: Substring) -> NormalizedNumber? {
        let scalars = text.unicodeScalars
        guard
            let start = scalars.firstIndex(where: {
                PhoneNumberCharacters.isPlus($0) || PhoneNumberCharacters.digitValue($0) != nil
            }),
            let last = scalars.lastIndex(where: {
                PhoneNumberCharacters.digitValue($0) != nil || PhoneNumberCharacters.keypadDigit($0) != nil
            }),
            start <= last
        else { return nil }
        let body = scalars[start...last]
        guard let counts = count(body), counts.digits >= minimumDigitCount else { return nil }
        let keepsLetters = counts.letters >= minimumVanityLetterCount
        var number = NormalizedNumber(hasPlusSign: false, digits: [])
        number.digits.reserveCapacity(counts.digits + (keepsLetters ? counts.letters : 0))
        for scalar in body {
            if let value = PhoneNumberCharacters.digitValue(scalar) {
                number.digits.append(UInt8(ascii: "0") + value)
            } else if let digit = PhoneNumberCharacters.keypadDigit(scalar) {
                if keepsLetters { number.digits.append(digit) }
            } else if PhoneNumberCharacters.isPlus(scalar) {
                number.hasPlusSign = true
            }
        }
        return number
    }

    /// Reduces plain ASCII text (digits, separators and plus signs only) to its digits, as ``normalize(_:)``
    /// does after ``splitNumberAndExtension(_:)``; nil for any other text, which takes the general route.
    ///
    /// The result is the same because none of the accepted bytes can end an extension label (those end
    /// with a letter, "=", "#", "~", ";" or ","), start a `tel:` URI or map to a keypad digit: the text has
    /// no extension, its digits are all of its digits, and it has a plus sign when one comes before the first
    /// digit. A plus sign after a digit, and fewer than ``minimumDigitCount`` digits, are left to the
    /// general route, which decides what such text is.
    static func normalizePlainASCII(_ text: String.UTF8View) -> NormalizedNumber? {
        var number = NormalizedNumber(hasPlusSign: false, digits: [])
        number.digits.reserveCapacity(text.count)
        for byte in text {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                number.digits.append(byte)
            case UInt8(ascii: "+"):
                guard number.digits.isEmpty else { return nil }
                number.hasPlusSign = true
            case UInt8(ascii: " "), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "("), UInt8(ascii: ")"),
                UInt8(ascii: "/"), UInt8(ascii: "["), UInt8(ascii: "]"):
                continue
            default:
                return nil
            }
        }
        return number.digits.count >= minimumDigitCount ? number : nil
    }

    /// Counts digits and letters, or returns nil when a character rules out a phone number: a plus sign
    /// after the first digit, a letter before the third digit, or a symbol that is not a separator.
    private static func count(_ body: Substring.UnicodeScalarView) -> (digits: Int, letters: Int)? {
        var digits = 0
        var letters = 0
        for scalar in body {
            if PhoneNumberCharacters.digitValue(scalar) != nil {
                digits += 1
            } else if PhoneNumberCharacters.keypadDigit(scalar) != nil {
                guard digits >= minimumDigitCount else { return nil }
                letters += 1
            } else if PhoneNumberCharacters.isPlus(scalar) {
                guard digits == 0 else { return nil }
            } else if !PhoneNumberCharacters.isSeparator(scalar) {
                return nil
            }
        }
        return (digits, letters)
    }
}
