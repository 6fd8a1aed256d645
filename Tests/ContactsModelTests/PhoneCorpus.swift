import Foundation
import Testing

@testable import ContactsModel

/// Reads the phone-number corpora: the match cases and the example numbers of the metadata XML.
///
/// The corpora are copied into the repository, at `Tests/Fixtures/corpora/phone/`, and are read at
/// run time, so the tests always check the files SOURCES.md describes.
enum PhoneCorpus {
    /// One row of match-cases.tsv.
    struct MatchCase: Sendable, CustomTestStringConvertible {
        let line: Int
        let first: String
        let second: String
        let expected: PhoneNumberMatch

        var testDescription: String { "line \(line): \"\(first)\" vs \"\(second)\"" }
    }

    /// An example number of one territory and number type in the metadata.
    struct ExampleNumber: Sendable, CustomTestStringConvertible {
        let region: String
        let callingCode: Int
        let type: String
        let number: String

        var testDescription: String { "\(region) +\(callingCode) \(type) \(number)" }
    }

    /// The folder of the phone corpora: the repository root is three levels above this file.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Tests/Fixtures/corpora/phone")
        .standardizedFileURL

    /// Every row of match-cases.tsv.
    static func matchCases() throws -> [MatchCase] {
        let text = try String(contentsOf: directory.appendingPathComponent("match-cases.tsv"), encoding: .utf8)
        var cases: [MatchCase] = []
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.isEmpty && !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            let expected = fields.count == 3 ? Self.expectation(fields[2]) : nil
            guard let expected else { throw MalformedCorpus(line: offset + 1) }
            cases.append(
                MatchCase(line: offset + 1, first: String(fields[0]), second: String(fields[1]), expected: expected))
        }
        return cases
    }

    /// Every example number in PhoneNumberMetadata.xml, with its territory and number type.
    ///
    /// A line scan is enough: the file puts each `<territory …>` start tag, with its id and calling code,
    /// and each `<exampleNumber>` element on a line of its own.
    static func exampleNumbers() throws -> [ExampleNumber] {
        let xml = try String(contentsOf: directory.appendingPathComponent("PhoneNumberMetadata.xml"), encoding: .utf8)
        var examples: [ExampleNumber] = []
        var territory: (region: String, callingCode: Int)?
        var type: String?
        for line in xml.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("<territory "), let region = attribute("id", in: trimmed),
                let code = attribute("countryCode", in: trimmed).flatMap({ Int($0) })
            {
                territory = (region, code)
            } else if trimmed.hasPrefix("<exampleNumber>"), let territory, let type {
                let number = trimmed.replacingOccurrences(of: "<exampleNumber>", with: "")
                    .replacingOccurrences(of: "</exampleNumber>", with: "")
                examples.append(
                    ExampleNumber(
                        region: territory.region, callingCode: territory.callingCode, type: type, number: number))
            } else if trimmed.hasPrefix("</") {
                type = nil
            } else if trimmed.hasPrefix("<"), !trimmed.hasPrefix("<!--"), !trimmed.hasSuffix("/>") {
                type = String(trimmed.dropFirst().prefix { $0.isLetter })
            }
        }
        return examples
    }

    private static func attribute(_ name: String, in tag: String) -> String? {
        guard let start = tag.range(of: " \(name)=\"") else { return nil }
        return String(tag[start.upperBound...].prefix { $0 != "\"" })
    }

    private static func expectation(_ text: Substring) -> PhoneNumberMatch? {
        switch text {
        case "EXACT_MATCH": .exact
        case "NSN_MATCH": .nsn
        case "SHORT_NSN_MATCH": .shortNSN
        case "NO_MATCH": PhoneNumberMatch.none
        case "NOT_A_NUMBER": .notANumber
        default: nil
        }
    }

    /// A corpus line that does not have the expected columns.
    struct MalformedCorpus: Error, CustomStringConvertible {
        let line: Int
        var description: String { "malformed corpus line \(line)" }
    }
}
