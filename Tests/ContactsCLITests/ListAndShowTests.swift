import Foundation
import Testing

/// `list`, `show`, `search`: golden output of the built binary on the example address book.
@Suite struct ListAndShowTests {
    @Test func listShowsEveryContactSortedAndAligned() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let result = try harness.contacts(["list"])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        try Golden.expect(result.standardOutput, matches: "list.txt", harness: harness)
    }

    @Test func listJSONIsOneArrayWithAnObjectPerContact() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let result = try harness.contacts(["list", "--json"])
        #expect(result.status == 0)
        let objects = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        #expect(objects.count == 20)
        let names = objects.compactMap { $0["displayName"] as? String }
        #expect(names.contains("山田太郎"))
        #expect(objects.allSatisfy { $0["phoneNumbers"] is [Any] && $0["identifier"] is String })
    }

    @Test func emptyStoreSaysItHasNoContacts() throws {
        let harness = try CommandLineHarness()
        #expect(try harness.contacts(["init"]).status == 0)
        let table = try harness.contacts(["list"])
        #expect(table.status == 0 && table.standardOutput == "No contacts.\n")
        let json = try harness.contacts(["list", "--json"])
        #expect(json.standardOutput == "[]\n")
    }

    @Test func showPrintsEveryFieldWithLocalizedLabelsAndFormattedAddresses() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let identifier = try harness.identifier(ofContactNamed: "Appleseed")
        let result = try harness.contacts(["show", identifier])
        #expect(result.status == 0)
        try Golden.expect(result.standardOutput, matches: "show-appleseed.txt", harness: harness)
    }

    @Test(arguments: [("de_DE.UTF-8", "Müller", "show-mueller-de.txt"), ("ja_JP.UTF-8", "山田", "show-yamada-ja.txt")])
    func showUsesThePersonsLanguageForLabelsAndAddressLayout(language: String, name: String, golden: String) throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let identifier = try harness.identifier(ofContactNamed: name)
        let result = try harness.contacts(["show", identifier], environment: ["LANG": language])
        #expect(result.status == 0)
        try Golden.expect(result.standardOutput, matches: golden, harness: harness)
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsAreGenerated(shell: String) throws {
        let harness = try CommandLineHarness()
        let result = try harness.contacts(["--generate-completion-script", shell], store: false)
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("contacts"))
        #expect(result.standardOutput.contains("containers"))
    }

    @Test func showJSONFollowsTheDocumentedSchema() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let identifier = try harness.identifier(ofContactNamed: "Müller")
        let result = try harness.contacts(["show", "--json", identifier])
        #expect(result.status == 0)
        try Golden.expect(result.standardOutput, matches: "show-mueller.json", harness: harness)
    }

    @Test(arguments: [
        (["search", "ann", "mü"], "Dr. Anna Maria Müller"),
        (["search", "山田"], "山田太郎"),
        (["search", "--phone", "+49 (170) 123-4567"], "Dr. Anna Maria Müller"),
        (["search", "--email", "PEPE@example.es"], "José Luis García López"),
    ])
    func searchFindsByNameWordsPhoneAndEmail(arguments: [String], name: String) throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let result = try harness.contacts(arguments)
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.last?.hasPrefix(name + " ") == true)
    }

    @Test func searchWithoutMatchesSaysSo() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let result = try harness.contacts(["search", "Zebedee"])
        #expect(result.status == 0 && result.standardOutput == "No contact matches.\n")
        #expect(try harness.contacts(["search", "Zebedee", "--json"]).standardOutput == "[]\n")
    }

    @Test func unknownIdentifierExitsWith67AndNamesOnlyTheIdentifier() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let result = try harness.contacts(["show", "NO-SUCH:ABPerson"])
        #expect(result.status == 67)
        #expect(result.standardOutput.isEmpty)
        try Golden.expect(result.standardError, matches: "error-unknown-identifier.txt", harness: harness)
    }

    @Test func unknownFlagExitsWith64() throws {
        let harness = try CommandLineHarness()
        let result = try harness.contacts(["list", "--bogus"])
        #expect(result.status == 64)
        try Golden.expect(result.standardError, matches: "error-unknown-flag.txt", harness: harness)
    }

    @Test(arguments: [["--help"], ["import", "--help"], ["groups", "--help"], ["privacy", "--help"]])
    func helpIsAvailableEverywhere(arguments: [String]) throws {
        let harness = try CommandLineHarness()
        let result = try harness.contacts(arguments, store: false)
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("USAGE: contacts"))
        let name = "help-" + (arguments.count > 1 ? arguments[0] : "contacts") + ".txt"
        try Golden.expect(result.standardOutput, matches: name, harness: harness)
    }
}
