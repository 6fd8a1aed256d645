import ContactsModel
import Foundation
import Testing

@testable import ContactsEngine

@Suite struct TextFoldingTests {
    @Test(arguments: [
        ("John Appleseed", ["john", "appleseed"]), ("Ångström", ["angstrom"]), ("O'Brien", ["o", "brien", "obrien"]),
        ("山田太郎", ["山", "田", "太", "郎"]), ("  ", []), ("Jean-Pierre", ["jean", "pierre", "jeanpierre"]),
    ])
    func wordsAreFoldedAndSplit(text: String, expected: [String]) {
        #expect(TextFolding.words(text) == expected)
    }

    @Test func katakanaAndHiraganaFoldAlike() {
        #expect(TextFolding.words("ヤマダ") == TextFolding.words("やまだ"))
        #expect(TextFolding.words("ヤマダ").count == 3)
    }

    @Test(arguments: [
        ("+33 6 12 34 56 78", "06 12 34 56 78", true), ("555-0100", "+1 (408) 555-0100", true), ("112", "112", true),
        ("0100", "+1 408 555 0100", false), ("+44 20 7946 0958", "+1 408 555 0958", false), ("12", "12", false),
    ])
    func digitSuffixMatcherMatchesAcrossFormats(left: String, right: String, expected: Bool) {
        #expect(DigitSuffixPhoneMatcher().matches(left, right) == expected)
    }

    @Test func identifierRuleRejectsEmptyLongAndControlCharacters() {
        #expect(RecordIdentifier.isWellFormed("A:ABPerson"))
        #expect(!RecordIdentifier.isWellFormed(""))
        #expect(!RecordIdentifier.isWellFormed("a\u{7F}"))
        #expect(!RecordIdentifier.isWellFormed(String(repeating: "a", count: 257)))
    }
}

@Suite struct SortKeyTests {
    @Test(arguments: [("Ann", "Lee", CNContactType.person, ""), ("", "", .organization, "Acme"), ("", "", .person, ""), ("Émile", "", .person, "Org")])
    func bothKeysAtOnceEqualTheKeysOneByOne(given: String, family: String, type: CNContactType, organization: String) {
        var names = SortKey.Names()
        names.givenName = given
        names.familyName = family
        names.contactType = type
        names.organizationName = organization
        let sortKey = SortKey(localeIdentifier: "sv_SE")
        let both = sortKey.keys(for: names, identifier: "x")
        #expect(both.given == sortKey.key(for: names, order: .givenName, identifier: "x"))
        #expect(both.family == sortKey.key(for: names, order: .familyName, identifier: "x"))
    }
}
