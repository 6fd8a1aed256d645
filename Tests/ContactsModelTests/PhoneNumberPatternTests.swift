import Testing

@testable import ContactsModel

@Suite struct PhoneNumberPatternTests {
    @Test(
        "A pattern matches at the start of the input and reports the length it consumed",
        arguments: [
            ("0(?:0|161)", "0161234", 4),
            ("0(?:0|161)", "00123", 2),
            ("0(?:0|161)", "0123", nil),
            ("011", "01164", 3),
            ("[2-9]\\d{2}", "650253", 3),
            ("[^01]\\d", "25", 2),
            ("[^01]\\d", "15", nil),
            ("1\\d{2,4}", "1234567", 5),
            ("1\\d{2,}", "1234567", 7),
            ("12*3", "1223", 4),
            ("12+3", "13", nil),
            ("1?2", "2", 1),
            ("(?:12|1)2", "122", 3),
            ("([457]\\d{6})$|1", "4601234", 7),
            ("([457]\\d{6})$|1", "46012345", nil),
            ("([457]\\d{6})$|1", "16502530000", 1),
            ("", "123", 0),
        ] as [(String, String, Int?)]
    )
    func prefixMatchConsumesTheMatchedDigits(pattern: String, input: String, length: Int?) throws {
        let compiled = try #require(PhoneNumberPattern(pattern))
        #expect(compiled.prefixMatch(in: Array(input.utf8)[...])?.length == length)
    }

    @Test(
        "A whole match must consume every digit",
        arguments: [
            ("[2-9]\\d{9}|3\\d{6}", "6502530000", true),
            ("[2-9]\\d{9}|3\\d{6}", "3456789", true),
            ("[2-9]\\d{9}|3\\d{6}", "16502530000", false),
            ("(?:[34]\\d|6[0-35-9])\\d{6}", "33316005", true),
            ("(?:[34]\\d|6[0-35-9])\\d{6}", "64316005", false),
            ("8\\d{4,6}", "8123", false),
            ("8\\d{4,6}", "8123456", true),
            ("8\\d{4,6}", "81234567", false),
        ]
    )
    func wholeMatchRequiresTheEnd(pattern: String, input: String, matches: Bool) throws {
        let compiled = try #require(PhoneNumberPattern(pattern))
        #expect(compiled.matchesWhole(Array(input.utf8)[...]) == matches)
    }

    @Test func captureGroupsFollowLeftmostGreedyPriority() throws {
        let argentina = try #require(PhoneNumberPattern("0?(?:(11|2(?:2(?:02?|[13]))|3)15)?"))
        let match = try #require(argentina.prefixMatch(in: Array("011155555123".utf8)[...]))
        #expect(argentina.groupCount == 1)
        #expect(match.length == 5)
        #expect(match.group(1) == 1..<3)
        let withoutArea = try #require(argentina.prefixMatch(in: Array("0999".utf8)[...]))
        #expect(withoutArea.length == 1)
        #expect(withoutArea.group(1) == nil)
    }

    @Test func aGroupThatDidNotTakePartHasNoRange() throws {
        let japan = try #require(PhoneNumberPattern("(000[259]\\d{6})$|(?:(?:003768)0?)|0"))
        let match = try #require(japan.prefixMatch(in: Array("0312345678".utf8)[...]))
        #expect(match.length == 1)
        #expect(match.group(1) == nil)
        #expect(match.group(2) == nil)
    }

    @Test func nonDigitInputNeverMatches() throws {
        let anyDigits = try #require(PhoneNumberPattern("\\d{3}"))
        #expect(anyDigits.prefixMatch(in: Array("12a".utf8)[...]) == nil)
    }

    @Test(
        "Syntax outside the metadata's subset does not compile",
        arguments: ["a", "\\w", "(?=1)", "[", "[1-", "[9-1]", "(1", "1)", "1{3,2}", "1{", "{2}", ".", "^1", "1|*"]
    )
    func unsupportedSyntaxIsRejected(pattern: String) {
        #expect(PhoneNumberPattern(pattern) == nil)
    }

    @Test func anEmptyLoopStopsInsteadOfRunningForever() throws {
        let loop = try #require(PhoneNumberPattern("(?:1?)*2"))
        #expect(loop.matchesWhole(Array("3".utf8)[...]) == false)
    }
}
