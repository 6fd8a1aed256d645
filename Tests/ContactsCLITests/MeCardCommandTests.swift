import Foundation
import Testing

/// `contacts me`, `me set ID`, `me clear`: the person's own card, through the built binary.
@Suite struct MeCardCommandTests {
    @Test func setShowAndClearTheCard() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let none = try harness.contacts(["me"])
        #expect(none.status == 0)
        #expect(none.standardOutput == "No card is set as yours. Set one with 'contacts me set ID'.\n")
        #expect(try harness.contacts(["me", "--json"]).standardOutput == "null\n")
        let list = try harness.contacts(["list", "--json"])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: Any]])
        let first = try #require(objects.first)
        let identifier = try #require(first["identifier"] as? String)
        #expect(try harness.contacts(["me", "set", identifier]).status == 0)
        let shown = try harness.contacts(["me", "--json"])
        let me = try #require(try JSONSerialization.jsonObject(with: Data(shown.standardOutput.utf8)) as? [String: Any])
        #expect(me["identifier"] as? String == identifier)
        #expect(try harness.contacts(["me", "clear"]).status == 0)
        #expect(try harness.contacts(["me", "--json"]).standardOutput == "null\n")
    }

    @Test func settingAnUnknownContactFailsWithItsExitCode() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let result = try harness.contacts(["me", "set", "00000000-0000-0000-0000-000000000000:ABPerson"])
        #expect(result.status == 67, "unknown identifier (docs/CLI.md exit codes)")
        #expect(result.standardError.contains("200"))
    }
}
