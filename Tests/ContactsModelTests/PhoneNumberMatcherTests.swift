import Testing

@testable import ContactsModel

@Suite struct PhoneNumberMatcherTests {
    @Test("Every row of match-cases.tsv gives its expected match", arguments: try PhoneCorpus.matchCases())
    func corpusCaseMatchesAsExpected(_ row: PhoneCorpus.MatchCase) {
        #expect(PhoneNumberMatcher.match(row.first, row.second) == row.expected)
    }

    @Test("Swapping the numbers of a corpus row gives the same match", arguments: try PhoneCorpus.matchCases())
    func corpusCaseMatchesTheSameBothWays(_ row: PhoneCorpus.MatchCase) {
        #expect(PhoneNumberMatcher.match(row.second, row.first) == row.expected)
    }

    @Test func corpusHasAllThirtyEightCases() throws {
        let rows = try PhoneCorpus.matchCases()
        #expect(rows.count == 38)
        #expect(Set(rows.map(\.expected)) == Set(PhoneNumberMatch.allCases))
    }

    @Test(
        "A default region supplies the calling code of numbers without +, never as if written",
        arguments: [
            ("03 331 6005", "+64 3 331 6005", "NZ", PhoneNumberMatch.nsn),
            ("03 331 6005", "3 331 6005", "NZ", .nsn),
            ("00 64 3 331 6005", "+64 3 331 6005", "GB", .exact),
            ("011 64 3 331 6005", "+64 3 331 6005", "US", .exact),
            ("1 650 253 0000", "+1 650 253 0000", "US", .nsn),
            ("(650) 253-0000", "+1 650 253 0000", "US", .nsn),
            ("253-0000", "+1 650 253 0000", "US", .shortNSN),
            ("01 23 45 67 89", "+33 1 23 45 67 89", "FR", .nsn),
            ("33 1 23 45 67 89", "+33 1 23 45 67 89", "FR", .nsn),
            ("01 23 45 67 89", "+44 1 23 45 67 89", "FR", PhoneNumberMatch.none),
            ("020 7946 0000", "+44 20 7946 0000", "GB", .nsn),
            ("020 7946 0000", "+44 20 7946 0000", "ZZ", .nsn),
        ]
    )
    func defaultRegionReadsNumbersWithoutPlus(first: String, second: String, region: String, expected: PhoneNumberMatch)
    {
        #expect(PhoneNumberMatcher.match(first, second, defaultRegion: region) == expected)
        #expect(PhoneNumberMatcher.match(second, first, defaultRegion: region) == expected)
    }

    @Test(
        "Italian leading zeros are part of the number",
        arguments: [
            ("+39 02 1234 5678", "+39 02 1234 5678", PhoneNumberMatch.exact),
            ("+39 02 1234 5678", "+39 2 1234 5678", .shortNSN),
            ("+39 06 1234 5678", "+39 02 1234 5678", PhoneNumberMatch.none),
        ]
    )
    func italianLeadingZeroDistinguishesNumbers(first: String, second: String, expected: PhoneNumberMatch) {
        #expect(PhoneNumberMatcher.match(first, second) == expected)
    }

    @Test func parsedNumbersWithConflictingExtensionsDoNotMatch() throws {
        let first = try #require(ParsedPhoneNumber("+64 3 331 6005 ext 1"))
        let second = try #require(ParsedPhoneNumber("+64 3 331 6005 ext 2"))
        #expect(PhoneNumberMatcher.match(first, second) == PhoneNumberMatch.none)
    }

    @Test func onlyExactNSNAndShortNSNCountAsMatches() {
        #expect(PhoneNumberMatch.allCases.filter(\.isMatch) == [.exact, .nsn, .shortNSN])
    }

    @Test(
        "Every fixed-line example number matches itself written as +CC NSN",
        arguments: try PhoneCorpus.exampleNumbers().filter { $0.type == "fixedLine" }
    )
    func fixedLineExampleMatchesItsInternationalForm(_ example: PhoneCorpus.ExampleNumber) throws {
        let international = "+\(example.callingCode) \(example.number)"
        let local = try #require(ParsedPhoneNumber(example.number, defaultRegion: example.region))
        #expect(local.countryCode == example.callingCode)
        #expect(local.nationalNumber == example.number)
        #expect(PhoneNumberMatcher.match(international, "+\(example.callingCode)\(example.number)") == .exact)
        #expect(PhoneNumberMatcher.match(example.number, international, defaultRegion: example.region) == .nsn)
        #expect(PhoneNumberMatcher.match(example.number, international) == .nsn)
    }
}
