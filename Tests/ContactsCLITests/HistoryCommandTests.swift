import Foundation
import Testing

/// `contacts history`: changes since a token, as a list for people or JSON.
@Suite struct HistoryCommandTests {
    /// The output with its final token replaced by `<TOKEN>`, since tokens hold the store's identifier.
    func withoutToken(_ text: String, token: String) -> String {
        text.replacingOccurrences(of: token, with: "<TOKEN>")
    }

    func token(of harness: CommandLineHarness, groups: Bool = false) throws -> String {
        let result = try harness.contacts(["history", "--json"] + (groups ? ["--groups"] : []))
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        return try #require(object["token"] as? String)
    }

    @Test func withoutATokenEverythingIsListedAsAdded() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let token = try token(of: harness)
        let result = try harness.contacts(["history"])
        #expect(result.status == 0, "\(result.standardError)")
        try Golden.expect(
            withoutToken(result.standardOutput, token: token), matches: "history-all.txt", harness: harness)
        let json = try harness.contacts(["history", "--json"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(object["startsOver"] as? Bool == true)
        #expect((object["events"] as? [Any])?.count == 21, "drop everything, then 20 contacts")
    }

    @Test func changesSinceATokenAreListed() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let before = try token(of: harness)
        let silva = try harness.identifier(ofContactNamed: "Silva")
        let anna = try harness.identifier(ofContactNamed: "Müller")
        #expect(try harness.contacts(["add", "--given", "Zoë", "--family", "Quist"]).status == 0)
        #expect(try harness.contacts(["edit", silva, "--nickname", "Jo"]).status == 0)
        #expect(try harness.contacts(["delete", anna]).status == 0)
        let after = try token(of: harness)
        let text = try harness.contacts(["history", "--since", before])
        #expect(text.status == 0, "\(text.standardError)")
        try Golden.expect(
            withoutToken(text.standardOutput, token: after), matches: "history-since.txt", harness: harness)
        let json = try harness.contacts(["history", "--since", before, "--json"])
        try Golden.expect(
            withoutToken(json.standardOutput, token: after), matches: "history-since.json", harness: harness)
        let none = try harness.contacts(["history", "--since", after])
        #expect(
            none.standardOutput == "No changes since that token.\nToken: \(after)\n",
            "nothing changed since the latest token")
    }

    @Test func groupChangesAppearWithTheGroupsFlag() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let before = try token(of: harness, groups: true)
        let created = try harness.contacts(["groups", "create", "Climbing"])
        let group = created.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        let silva = try harness.identifier(ofContactNamed: "Silva")
        #expect(try harness.contacts(["groups", "add", group, silva]).status == 0)
        let after = try token(of: harness, groups: true)
        let result = try harness.contacts(["history", "--since", before, "--groups"])
        try Golden.expect(
            withoutToken(result.standardOutput, token: after), matches: "history-groups.txt", harness: harness)
        let withoutGroups = try harness.contacts(["history", "--since", before])
        #expect(
            withoutGroups.standardOutput.hasPrefix("No changes since that token.\nToken: "),
            "group changes only with --groups")
    }

    @Test func tokenFromAnotherStoreStartsOver() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let other = try CommandLineHarness()
        try other.importExampleAddressBook()
        let foreign = try token(of: other)
        let result = try harness.contacts(["history", "--since", foreign, "--json"])
        #expect(result.standardOutput.contains(#""startsOver" : true"#))
    }

    @Test func tokenThatIsNotBase64IsAUsageError() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let result = try harness.contacts(["history", "--since", "not a token!"])
        #expect(result.status == 64)
        try Golden.expect(result.standardError, matches: "history-error-token.txt", harness: harness)
    }
}
