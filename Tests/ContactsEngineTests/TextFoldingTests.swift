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

    @Test(arguments: [
        "John Appleseed", "O'Brien", "Jean-Pierre de la Tour", "  leading and trailing  ", "tab\tnew\nline\r\nend",
        "R2-D2 C-3PO", "a.b.c", "...", "", "MiXeD CaSe 42", "x\u{0B}y\u{0C}z", "under_score and-dash", "A1!B2?C3",
        "Ångström", "Søren Appleseed", "山田太郎", "Chloé O'Neil", "ヤマダ", "Анна-Мария", "naïve café", "a\u{00A0}b",
    ])
    func indexWordsAreTheWordsOfTheText(text: String) {
        var words = Set<String>()
        TextFolding.addWords(of: text, to: &words)
        #expect(words == Set(TextFolding.words(text)))
    }

    /// Every ASCII character, U+0000 and the other controls included, splits or joins words the same way
    /// on the fast path as in ``TextFolding/words(_:)``, and in text that is not ASCII too.
    @Test(arguments: Array(0x00...0x7F))
    func indexWordsMatchWordsAroundEveryASCIICharacter(code: Int) {
        let character = String(UnicodeScalar(UInt8(code)))
        let text = "a\(character)b\(character)C9 x\(character)"
        var words = Set<String>()
        TextFolding.addWords(of: text, to: &words)
        #expect(words == Set(TextFolding.words(text)))
        let accented = "é\(character)Zoë"
        var accentedWords = Set<String>()
        TextFolding.addWords(of: accented, to: &accentedWords)
        #expect(accentedWords == Set(TextFolding.words(accented)))
    }

    @Test(arguments: ["Søren", "SØREN", "Chloé", "Анна", "ヤマダ", "ＡＢＣ", "plain", "Ångström", "Straße"])
    func cachedFoldingIsFolding(text: String) {
        let cache = FoldingCache()
        #expect(cache.fold(text) == TextFolding.fold(text))
        // The second answer comes from the cache.
        #expect(cache.fold(text) == TextFolding.fold(text))
        var cached = Set<String>()
        TextFolding.addWords(of: text + " Jean-" + text, to: &cached, cache: cache)
        #expect(cached == Set(TextFolding.words(text + " Jean-" + text)))
    }

    @Test func foldingCacheStaysCorrectPastItsCapacity() {
        let cache = FoldingCache()
        let texts = (0...FoldingCache.capacity).map { "É\($0)" }
        let folded = texts.map(cache.fold)
        #expect(folded == texts.map(TextFolding.fold))
        #expect(cache.fold("Ångström") == "angstrom")
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
