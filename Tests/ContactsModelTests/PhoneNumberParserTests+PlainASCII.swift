import Testing

@testable import ContactsModel

/// The parser reads plain ASCII numbers (digits, separators, "+") from their bytes. These tests hold that
/// shortcut to the general reading of scalars, extensions and `tel:` URIs: same digits, same plus sign, no
/// extension, and so the same number and search key in every region.
extension PhoneNumberParserTests {
    /// The regions the store's index is most often keyed in, and a region-less reading.
    private static let keyRegions: [String?] = ["US", "GB", "FR", "DE", "JP", "CN", nil]

    /// Characters of plain numbers, with a few that send text to the general reading ("x", "#", "~", "٣",
    /// tab) so the comparison also covers text that looks plain but is not.
    private static let plainAlphabet: [String] = [
        "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "1", "5", "9", "+", " ", " ", "-", "(", ")", ".",
        "/", "[", "]", "00", "011", "0161", "+1 ", "+44 ", "+33 ", "+49 ", "+81 ", "+86 ", "x", "#", "~", "٣",
        "\t",
    ]

    /// The number the general reading makes: extension split, scalars normalized, then the digits parsed.
    private func generalReading(_ text: String, in territory: PhoneTerritory?) -> ParsedPhoneNumber? {
        guard text.utf8.count <= PhoneNumberParser.maximumInputBytes else { return nil }
        let parts = PhoneNumberParser.splitNumberAndExtension(Substring(text))
        guard let normalized = PhoneNumberParser.normalize(parts.number) else { return nil }
        return parser.parse(normalized, extension: parts.extension, in: territory)
    }

    /// Checks one text against the general reading: the byte reading, when it answers, has the digits and
    /// plus sign of the scalar reading and no extension; the parsed number and search key are the same in
    /// every region.
    private func expectSameReading(_ text: String) {
        if let plain = PhoneNumberParser.normalizePlainASCII(text.utf8) {
            let parts = PhoneNumberParser.splitNumberAndExtension(Substring(text))
            #expect(parts.extension == nil, "\(text)")
            #expect(String(parts.number) == text, "\(text)")
            let general = PhoneNumberParser.normalize(parts.number)
            #expect(general?.digits == plain.digits, "\(text)")
            #expect(general?.hasPlusSign == plain.hasPlusSign, "\(text)")
        }
        for region in Self.keyRegions {
            let territory = region.flatMap(PhoneMetadata.shared.territory(forRegion:))
            // The key carries the whole parsed number (code, national number, suffix), so equal keys mean the
            // same reading.
            let expected = generalReading(text, in: territory).map(PhoneNumberSearchKey.init)
            #expect(
                PhoneNumberSearchKey.make(text, territory: territory) == expected, "\(text) in \(region ?? "no region")"
            )
        }
    }

    @Test("Plain numbers read from bytes as from scalars: the corpus's examples, local and with their code")
    func plainReadingAgreesOnCorpusExamples() throws {
        let examples = try PhoneCorpus.exampleNumbers()
        #expect(examples.count > 1_000)
        var plainCount = 0
        for example in examples {
            let international = "+\(example.callingCode) \(example.number)"
            for text in [
                example.number, international, "0" + example.number,
                "(\(example.number.prefix(3))) "
                    + example.number.dropFirst(3),
            ] {
                if PhoneNumberParser.normalizePlainASCII(text.utf8) != nil { plainCount += 1 }
                expectSameReading(text)
            }
        }
        // The shortcut must actually be taken for the corpus, or this test would compare the general reading
        // with itself.
        #expect(plainCount >= 3 * examples.count)
    }

    @Test("Plain numbers read from bytes as from scalars: the match corpus")
    func plainReadingAgreesOnMatchCases() throws {
        for row in try PhoneCorpus.matchCases() {
            expectSameReading(row.first)
            expectSameReading(row.second)
        }
    }

    @Test("Random digits with separators and plus signs read from bytes as from scalars", arguments: 0..<40)
    func plainReadingAgreesOnRandomText(seed: UInt64) {
        var generator = SeededRandomNumberGenerator(seed: seed)
        for _ in 0..<50 {
            let length = Int.random(in: 0...20, using: &generator)
            let text = (0..<length).map { _ in Self.plainAlphabet.randomElement(using: &generator) ?? "" }.joined()
            expectSameReading(text)
        }
    }

    @Test(
        "Text outside the plain alphabet takes the general reading",
        arguments: [
            "650 253 0000 x12", "+1 650 253 0000;ext=3", "tel:+16502530000", "６５０ 253 0000", "12", "1+23",
            "650\t253 0000", "555~0100", "+1 650 253 0000#",
        ]
    )
    func textOutsideThePlainAlphabetIsNotReadFromBytes(text: String) {
        #expect(PhoneNumberParser.normalizePlainASCII(text.utf8) == nil)
        expectSameReading(text)
    }

    @Test("A plus sign before the first digit survives separators; one after a digit is no number")
    func plusSignsInPlainText() throws {
        let number = try #require(PhoneNumberParser.normalizePlainASCII("(+44) 20 7946 0000".utf8))
        #expect(number.hasPlusSign)
        #expect(number.digits == Array("442079460000".utf8))
        #expect(parser.parse("44 20+7946 0000", defaultRegion: "GB") == nil)
        // The territory overload finds the same key as the region's name.
        #expect(
            PhoneNumberSearchKey.make("020 7946 0000", territory: PhoneMetadata.shared.territory(forRegion: "GB"))
                == PhoneNumberSearchKey.make("020 7946 0000", defaultRegion: "GB"))
    }
}
