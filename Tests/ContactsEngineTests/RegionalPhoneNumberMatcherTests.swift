import ContactsEngine
import Foundation
import Testing

/// The store's phone matcher agrees with libphonenumber's documented cases (Tests/Fixtures/corpora/phone).
@Suite struct RegionalPhoneNumberMatcherTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let first: String
        let second: String
        let expected: String
        var testDescription: String { "\(first) ~ \(second) → \(expected)" }
    }

    static let cases: [Case] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let file = root.appendingPathComponent("Tests/Fixtures/corpora/phone/match-cases.tsv")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count == 3 else { return nil }
            return Case(first: columns[0], second: columns[1], expected: columns[2])
        }
    }()

    @Test func corpusIsRead() {
        #expect(Self.cases.count == 38)
    }

    @Test(arguments: cases)
    func storeMatchingFollowsTheCorpus(_ testCase: Case) {
        let matcher = RegionalPhoneNumberMatcher(defaultRegion: "NZ")
        let found = matcher.matches(testCase.first, testCase.second)
        switch testCase.expected {
        case "EXACT_MATCH", "NSN_MATCH":
            #expect(found)
        case "SHORT_NSN_MATCH":
            // A short match counts only when the query carries at least seven digits of a national number.
            let digits = testCase.second.filter(\.isNumber).count
            if digits >= 7 { #expect(found) }
        default:
            #expect(!found)
        }
    }

    @Test func candidatesShareTheQuerysIndexKey() {
        let matcher = RegionalPhoneNumberMatcher(defaultRegion: "FR")
        #expect(matcher.indexKey(for: "06 12 34 56 78") == matcher.lookupPrefix(for: "+33 6 12 34 56 78"))
        #expect(matcher.lookupPrefix(for: "Dog") == nil)
    }
}
