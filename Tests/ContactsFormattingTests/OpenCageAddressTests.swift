import ContactsFormatting
import ContactsModel
import Foundation
import Testing

/// Compares the line order of our addresses with OpenCage's expected addresses.
///
/// Lines, not punctuation: OpenCage abbreviates states and adds commas where Apple does not. For every two
/// fields both outputs print, they must be on the same line in both or in the same order. The cases where
/// our layout differs on purpose are listed in docs/Formatting.md and in ``differences``.
@Suite struct OpenCageAddressTests {
    /// Cases whose line order differs from ours on purpose, by reason; docs/Formatting.md has the table.
    static let differencesByReason: [String: [String]] = [
        // libaddressinput's layout, which we follow, differs from OpenCage's template for the country.
        "libaddressinput layout": [
            "bn#0", "ci#0", "cr#0", "do#0", "fm#0", "gn#0", "hn#0", "hu#0", "hu#1", "id#0", "kr#0", "kr#3",
            "lk#0", "mu#1", "nf#0", "uz#0",
        ],
        // The region has no format of its own; our default puts city, state and postal code on one line.
        "default layout": ["ai#0", "tz#0", "tz#1", "vg#0"],
        // The sub-administrative area stands in for an empty state, on the city's line.
        "sub-administrative area": ["as#0", "bs#0", "xc#0"],
        // OpenCage promotes a village or a list of postal codes to lines of their own.
        "test data": ["es#1", "us#15", "us#16"],
    ]

    static var differences: Set<String> {
        Set(differencesByReason.values.joined())
    }

    /// Formatting for a person in Antarctica, a region without test cases, so every country line prints.
    static var formatter: CNPostalAddressFormatter {
        CNPostalAddressFormatter(settings: UserSettings(localeIdentifier: "en_US", countryCode: "AQ"))
    }

    static var comparedCases: [OpenCageCase] {
        OpenCageCorpus.cases.filter { !differences.contains($0.identifier) }
    }

    @Test func corpusIsRead() {
        #expect(OpenCageCorpus.cases.count > 250)
    }

    @Test(arguments: comparedCases)
    func fieldsAreInOpenCagesLineOrder(testCase: OpenCageCase) {
        #expect(Self.conflicts(testCase).isEmpty, "\(Self.formatter.string(from: testCase.address))")
    }

    @Test(arguments: differences.sorted())
    func listedDifferencesStillDiffer(identifier: String) throws {
        let testCase = try #require(OpenCageCorpus.cases.first { $0.identifier == identifier })
        #expect(!Self.conflicts(testCase).isEmpty)
    }

    /// Pairs of fields whose relative line position differs between our output and OpenCage's.
    static func conflicts(_ testCase: OpenCageCase) -> [String] {
        let ours = ourLines(testCase.address)
        let theirs = testCase.expectedLines.map(normalize)
        var found: [(key: String, ours: Int, theirs: Int)] = []
        let needles = ours.map { key, value, _ in
            normalize(key == CNPostalAddressStreetKey ? (testCase.components["road"] ?? value) : value)
        }
        for ((key, _, line), needle) in zip(ours, needles) {
            // A value printed twice (a state named as its country) cannot be told apart in their output.
            guard !needle.isEmpty, needles.filter({ $0 == needle }).count == 1 else { continue }
            // The line where the value takes the largest share, so "Brampton" matches "Brampton ON L6Y 1Z4"
            // rather than "Brampton Centennial Secondary School".
            let candidates = theirs.indices.filter { containsWords(theirs[$0], needle) }
            if let index = candidates.min(by: { theirs[$0].count < theirs[$1].count }) {
                found.append((key, line, index))
            }
        }
        var conflicts: [String] = []
        for (first, a) in found.enumerated() {
            for b in found[(first + 1)...] where (a.ours - b.ours).signum() != (a.theirs - b.theirs).signum() {
                conflicts.append("\(a.key)/\(b.key)")
            }
        }
        return conflicts
    }

    /// The key, text and line index of each field our formatter prints.
    static func ourLines(_ address: CNPostalAddress) -> [(String, String, Int)] {
        let text = formatter.attributedString(from: address)
        let key = NSAttributedString.Key(CNPostalAddressPropertyAttribute)
        var result: [(String, String, Int)] = []
        text.enumerateAttribute(key, in: NSRange(location: 0, length: text.length)) { value, range, _ in
            guard let value = value as? String else { return }
            let before = text.attributedSubstring(from: NSRange(location: 0, length: range.location)).string
            let line = before.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
            result.append((value, text.attributedSubstring(from: range).string, line))
        }
        return result
    }

    static func normalize(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        let words = folded.split { !$0.isLetter && !$0.isNumber }
        return words.joined(separator: " ")
    }

    static func containsWords(_ line: String, _ words: String) -> Bool {
        (" " + line + " ").contains(" " + words + " ")
    }
}
