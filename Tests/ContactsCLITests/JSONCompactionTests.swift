import ContactsCLI
import Foundation
import Testing

/// The hand-written compaction of the tool's JSON gives what the regular expression it replaced gave.
@Suite struct JSONCompactionTests {
    private struct Sample: Encodable {
        var empty: [String] = []
        var full = ["a", "b"]
        var text = "[\\n \\n]"
        var bracketText = "[ ]"
        var nested: [[String]] = [[], ["x"]]
    }

    @Test func emptyListsAreWrittenOnOneLineAndNothingElseChanges() throws {
        let data = try ContactJSON.encoder.encode(Sample())
        let expected = String(decoding: data, as: UTF8.self).replacing(#/\[\n\s*\n\s*\]/#, with: "[]")
        #expect(String(decoding: ContactJSON.compacted(data, indent: 0), as: UTF8.self) == expected)
        #expect(expected.contains("\"empty\" : []"))
        #expect(expected.contains("\"bracketText\" : \"[ ]\""))
    }

    @Test func indentFollowsEveryLineBreak() throws {
        let data = try ContactJSON.encoder.encode(Sample())
        let plain = String(decoding: ContactJSON.compacted(data, indent: 0), as: UTF8.self)
        let indented = String(decoding: ContactJSON.compacted(data, indent: 2), as: UTF8.self)
        #expect(indented == plain.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  "))
    }
}
