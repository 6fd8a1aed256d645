import Testing

@testable import ContactsModel

@Suite struct PhoneNumberSearchKeyTests {
    @Test(
        "A key holds the normalized number and its reversed seven-digit suffix",
        arguments: [
            ("+64 3 331-6005", "US", 64, "33316005", "+6433316005", "5006133"),
            ("331 6005", "NZ", 64, "3316005", "+643316005", "5006133"),
            ("03 331 6005", "NZ", 64, "33316005", "+6433316005", "5006133"),
            ("03 331 6005", nil, nil, "033316005", "033316005", "5006133"),
            ("(650) 253-0000 x12", "US", 1, "6502530000", "+16502530000", "0000352"),
            ("+800 1234 5678", nil, 800, "12345678", "+80012345678", "8765432"),
            ("112", nil, nil, "112", "112", "211"),
        ] as [(String, String?, Int?, String, String, String)]
    )
    func keyHasNormalizedParts(
        text: String, region: String?, code: Int?, nationalNumber: String, normalized: String, suffix: String
    ) throws {
        let key = try #require(PhoneNumberSearchKey.make(text, defaultRegion: region))
        #expect(key.countryCode == code)
        #expect(key.nationalNumber == nationalNumber)
        #expect(key.normalized == normalized)
        #expect(key.reversedSuffix == suffix)
    }

    @Test(arguments: ["Dog", "4", "+43", ""])
    func textThatIsNotANumberHasNoKey(text: String) {
        #expect(PhoneNumberSearchKey.make(text, defaultRegion: "NZ") == nil)
    }

    /// The store finds candidates by the prefix of the reversed suffix, so every pair the matcher accepts
    /// must have suffixes where one starts with the other.
    @Test(
        "Numbers that match have suffix keys the store's prefix search finds",
        arguments: try PhoneCorpus.matchCases().filter(\.expected.isMatch)
    )
    func matchingNumbersShareSuffixKeys(_ row: PhoneCorpus.MatchCase) throws {
        let first = try #require(PhoneNumberSearchKey.make(row.first, defaultRegion: nil))
        let second = try #require(PhoneNumberSearchKey.make(row.second, defaultRegion: nil))
        #expect(
            first.reversedSuffix.hasPrefix(second.reversedSuffix)
                || second.reversedSuffix.hasPrefix(first.reversedSuffix))
    }
}
