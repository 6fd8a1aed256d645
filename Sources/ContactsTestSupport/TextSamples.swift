/// Text that a store, a file format or an output could change on the way without saying so, for tests that
/// hold every string to an exact round trip.
package enum TextSamples {
    /// Text with U+0000, surrounding whitespace, both Unicode normalization forms, every kind of line break,
    /// control characters, the separators the store and vCard use, non-BMP characters, and text that starts
    /// like a URI, which vCard writes some values as.
    ///
    /// Strings compare by canonical equivalence in Swift ("é" equals "e\u{301}"), so compare with
    /// ``isExact(_:_:)``, which compares the scalars.
    package static let all: [TextSample] = [
        "",
        "nul\u{0}inside",
        "\u{0}",
        "\u{0}leading nul",
        "trailing nul\u{0}",
        "  spaces and a tab around\t",
        "\t",
        "Zoe\u{308} decomposed (NFD)",
        "Zoë composed (NFC)",
        "\u{212B}ngstro\u{308}m, compatibility forms: \u{FB01} \u{2460}",
        "line\nfeed",
        "carriage\rreturn",
        "crlf\r\nbreak",
        "trailing line break\n",
        "unit\u{1F}separator and record\u{1E}separator",
        "controls \u{1}\u{7}\u{8}\u{B}\u{C}\u{1B}[31m\u{7F}",
        "vCard specials \\ \\n , ; : \" ^ =",
        "unicode breaks\u{2028}line\u{2029}paragraph\u{85}next",
        "👩‍👩‍👧 \u{FEFF}bom \u{200D}joiner 𝄞",
        "tel:+1-555-0100",
        "mailto:ann@example.com",
        "xmpp:ann@example.com",
        "urn:uuid:1234",
    ]

    /// A note of about one megabyte, with line breaks, NUL and non-ASCII text spread through it.
    package static let megabyte: String = {
        let line = "Ligne \(String(repeating: "é", count: 40)) \u{0} 山田 \t end\n"
        return String(repeating: line, count: 1_048_576 / line.utf8.count + 1)
    }()

    /// Whether two strings hold the same scalars, unlike `==`, which treats canonical equivalents as equal.
    package static func isExact(_ text: String?, _ expected: String?) -> Bool {
        switch (text, expected) {
        case (nil, nil): true
        case (let text?, let expected?): text.unicodeScalars.elementsEqual(expected.unicodeScalars)
        default: false
        }
    }

    /// A readable form of text for test failure messages: every scalar outside printable ASCII as `\u{…}`,
    /// and long text cut after 200 scalars with its length, so a failing megabyte stays readable.
    package static func escaped(_ text: String?) -> String {
        guard let text else { return "nil" }
        let limit = 200
        let count = text.unicodeScalars.count
        var result = "\""
        for scalar in text.unicodeScalars.prefix(limit) {
            if scalar.value >= 0x20, scalar.value < 0x7F {
                result.unicodeScalars.append(scalar)
            } else {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return result + (count > limit ? "…\" (\(count) scalars)" : "\"")
    }
}
