import Testing

@testable import ContactsModel

extension PhoneNumberParserTests {
    /// Characters people and programs put in phone-number fields, plus some that have no place there.
    private static let alphabet: [String] = [
        "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "+", "＋", " ", "-", "(", ")", ".", "/", "#", ";", ",",
        "x", "e", "t", "n", "a", "Z", "ext", "ext=", "tel:", ";phone-context=", ";isub=", "доб", "٣", "６", "é",
        "\u{301}", "👍🏽", "\u{0}", "\t", "\n", "$", "\\", "[", "]", "~", "*", "=", "00", "011", "0161",
    ]

    private static let regions: [String?] = [nil, "NZ", "US", "GB", "AR", "AG", "BR", "JP", "RU", "IT", "ZZ"]

    @Test("Pseudo-random text never crashes the parser or breaks its invariants", arguments: 0..<300)
    func randomTextKeepsInvariants(seed: UInt64) {
        var generator = SeededRandomNumberGenerator(seed: seed)
        let length = Int.random(in: 0...24, using: &generator)
        let text = (0..<length).map { _ in Self.alphabet.randomElement(using: &generator) ?? "" }.joined()
        let region = Self.regions.randomElement(using: &generator) ?? nil
        let digits = Set("0123456789".utf8)
        guard let number = parser.parse(text, defaultRegion: region) else {
            #expect(PhoneNumberMatcher.match(text, "+64 3 331 6005", defaultRegion: region) == .notANumber)
            #expect(PhoneNumberSearchKey.make(text, defaultRegion: region) == nil)
            return
        }
        #expect(PhoneNumberParser.nationalNumberLengths.contains(number.nationalNumber.utf8.count))
        #expect(number.nationalNumber.utf8.allSatisfy(digits.contains))
        #expect(number.extension.map { !$0.isEmpty && $0.utf8.allSatisfy(digits.contains) } ?? true)
        #expect((number.countryCode == nil) == (number.countryCodeSource == nil))
        #expect(PhoneNumberMatcher.match(text, text, defaultRegion: region).isMatch)
        let other = "+64 3 331 6005"
        #expect(
            PhoneNumberMatcher.match(text, other, defaultRegion: region)
                == PhoneNumberMatcher.match(other, text, defaultRegion: region))
    }
}
