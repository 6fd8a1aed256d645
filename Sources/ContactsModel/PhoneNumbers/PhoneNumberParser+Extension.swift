extension PhoneNumberParser {
    /// A label that introduces an extension, lower case.
    private struct ExtensionLabel {
        let scalars: [Unicode.Scalar]
        /// Word labels ("ext", "x") must not be the end of a longer word, so "six 12" has no extension.
        let isWord: Bool

        init(_ text: String) {
            self.scalars = Array(text.unicodeScalars)
            self.isWord = scalars.last?.properties.isAlphabetic ?? false
        }
    }

    /// The labels people write before an extension. None is the end of another, so their order does not
    /// matter.
    private static let extensionLabels: [ExtensionLabel] = [
        ";ext=", "extension", "extensión", "extn", "ext", "anexo", "доб",
        "x", "ｘ", "#", "＃", "~", "～", ";", ",,",
    ].map(ExtensionLabel.init)

    /// The scheme of RFC 3966 URIs, lower case.
    private static let telScheme = Array("tel:".utf8)

    /// Extensions longer than this are more likely a second number run into the first.
    private static let maximumExtensionLength = 20

    /// Splits text into the number and its extension, from a `tel:` URI or a trailing label.
    static func splitNumberAndExtension(_ text: Substring) -> (number: Substring, extension: String?) {
        if let uri = telURIParts(text) { return uri }
        return splitTrailingExtension(text)
    }

    /// Reads a `tel:` URI (RFC 3966): the number before the first ";", then parameters. `ext=` is the
    /// extension; a `phone-context=` that starts with "+" is the prefix of a local number; `isub=` (a
    /// subaddress) and domain contexts such as "abc.nz" say nothing about the number itself.
    private static func telURIParts(_ text: Substring) -> (number: Substring, extension: String?)? {
        let trimmed = Substring(text.unicodeScalars.drop(while: PhoneNumberCharacters.isWhitespace))
        // Compares bytes with the lower-case bit set, so checking every number for "tel:" allocates nothing.
        guard trimmed.utf8.count > telScheme.count, zip(trimmed.utf8, telScheme).allSatisfy({ $0 | 0x20 == $1 })
        else { return nil }
        let fields = trimmed.dropFirst(4).split(separator: ";", omittingEmptySubsequences: false)
        var number = fields.first ?? ""
        var `extension`: String?
        for parameter in fields.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2 else { continue }
            switch pair[0].lowercased() {
            case "ext":
                `extension` = digits(of: pair[1])
            case "phone-context" where pair[1].first == "+" && number.first != "+":
                number = Substring(pair[1] + number)
            default:
                continue
            }
        }
        return (number, `extension`)
    }

    /// Splits a trailing extension such as " ext. 1234", "x1234", "#1234" or ";1234" from the number.
    ///
    /// Walks back from the end over the extension's digits (and an optional final "#"), then over spaces
    /// and punctuation, looking for a label that ends there. Without a label the trailing digits belong
    /// to the number, as the "6005" of "331-6005".
    private static func splitTrailingExtension(_ text: Substring) -> (number: Substring, extension: String?) {
        let scalars = text.unicodeScalars
        var end = skippingBackward(scalars, from: scalars.endIndex, while: PhoneNumberCharacters.isWhitespace)
        if let last = scalars[..<end].last, last == "#" || last == "＃" {
            end = skippingBackward(scalars, from: scalars.index(before: end), while: PhoneNumberCharacters.isWhitespace)
        }
        let digitsStart = skippingBackward(scalars, from: end) { PhoneNumberCharacters.digitValue($0) != nil }
        let digitCount = scalars.distance(from: digitsStart, to: end)
        guard (1...maximumExtensionLength).contains(digitCount) else { return (text, nil) }
        var labelEnd = digitsStart
        while true {
            if let labelStart = extensionLabelStart(endingAt: labelEnd, in: scalars) {
                return (Substring(scalars[..<labelStart]), digits(of: Substring(scalars[digitsStart..<end])))
            }
            guard labelEnd > scalars.startIndex, isExtensionSpacing(scalars[scalars.index(before: labelEnd)]) else {
                return (text, nil)
            }
            labelEnd = scalars.index(before: labelEnd)
        }
    }

    /// The start of a label that ends at the index, if one does.
    private static func extensionLabelStart(
        endingAt end: String.Index, in scalars: Substring.UnicodeScalarView
    ) -> String.Index? {
        labels: for label in extensionLabels {
            var index = end
            for expected in label.scalars.reversed() {
                guard index > scalars.startIndex else { continue labels }
                index = scalars.index(before: index)
                guard PhoneNumberCharacters.foldedCase(scalars[index].value) == expected.value else { continue labels }
            }
            if label.isWord, index > scalars.startIndex,
                PhoneNumberCharacters.isLetter(scalars[scalars.index(before: index)])
            {
                continue labels
            }
            return index
        }
        return nil
    }

    /// Spacing and punctuation allowed between an extension label and its digits, as in "ext.: 12".
    private static func isExtensionSpacing(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case ":", ".", "\u{FF0E}", ",", "-", "=": true
        default: PhoneNumberCharacters.isWhitespace(scalar)
        }
    }

    private static func skippingBackward(
        _ scalars: Substring.UnicodeScalarView, from end: String.Index, while predicate: (Unicode.Scalar) -> Bool
    ) -> String.Index {
        var index = end
        while index > scalars.startIndex, predicate(scalars[scalars.index(before: index)]) {
            index = scalars.index(before: index)
        }
        return index
    }

    /// The decimal digits of a text as ASCII, ignoring everything else; nil when there are none.
    private static func digits(of text: Substring) -> String? {
        var result = ""
        for scalar in text.unicodeScalars {
            if let value = PhoneNumberCharacters.digitValue(scalar) {
                result.unicodeScalars.append(Unicode.Scalar(UInt8(ascii: "0") + value))
            }
        }
        return result.isEmpty ? nil : result
    }
}
