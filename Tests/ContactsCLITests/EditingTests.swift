import Foundation
import Testing

/// `add`, `edit`, `delete`, `groups`, `containers` through the built binary.
@Suite struct EditingTests {
    @Test func addPrintsIdentifierAndShowFormatsTheContact() throws {
        let harness = try CommandLineHarness()
        let added = try harness.contacts([
            "add", "--create", "--given", "Anna", "--family", "Müller", "--phone", "mobile=+49 170 1234567",
            "--email", "work=anna@example.com", "--birthday", "05-14",
            "--address", "home=Unter den Linden 1;Berlin;;10117;Germany;de",
        ])
        #expect(added.status == 0, "\(added.standardError)")
        let identifier = added.standardOutput.trimmingCharacters(in: .newlines)
        #expect(identifier.hasSuffix(":ABPerson"))
        let shown = try harness.contacts(["show", identifier])
        try Golden.expect(shown.standardOutput, matches: "show-added.txt", harness: harness)
    }

    @Test func addWithoutCreateOnMissingStoreFails() throws {
        let harness = try CommandLineHarness()
        let result = try harness.contacts(["add", "--given", "Anna"])
        #expect(result.status == 66)
    }

    @Test func editReplacesOrAppendsListsAndClearsFields() throws {
        let harness = try CommandLineHarness()
        let identifier = try harness.contacts([
            "add", "--create", "--given", "Ann", "--job-title", "Cook", "--phone", "1",
        ])
        .standardOutput.trimmingCharacters(in: .newlines)
        #expect(
            try harness.contacts(["edit", identifier, "--phone", "home=2", "--append", "--job-title", ""]).status == 0)
        let json = try harness.contacts(["show", "--json", identifier]).standardOutput
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let phones = (object["phoneNumbers"] as? [[String: Any]] ?? []).compactMap { $0["value"] as? String }
        #expect(phones == ["1", "2"])
        #expect(object["jobTitle"] as? String == "")
        #expect(try harness.contacts(["edit", identifier, "--phone", "3"]).status == 0)
        let replaced = try harness.contacts(["show", "--json", identifier]).standardOutput
        #expect(replaced.contains("\"value\" : \"3\"") && !replaced.contains("\"value\" : \"1\""))
    }

    @Test func deleteIsAllOrNothing() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let identifier = try harness.identifier(ofContactNamed: "Appleseed")
        let refused = try harness.contacts(["delete", identifier, "NO-SUCH:ABPerson"])
        #expect(refused.status == 67)
        #expect(try harness.contacts(["show", identifier]).status == 0)
        let deleted = try harness.contacts(["delete", identifier])
        #expect(deleted.status == 0 && deleted.standardOutput == "Deleted 1 contact.\n")
        #expect(try harness.contacts(["show", identifier]).status == 67)
    }

    @Test func groupsLifecycle() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let group = try harness.contacts(["groups", "create", "Colleagues"]).standardOutput.trimmingCharacters(
            in: .newlines)
        #expect(group.hasSuffix(":ABGroup"))
        let anna = try harness.identifier(ofContactNamed: "Müller")
        let john = try harness.identifier(ofContactNamed: "Appleseed")
        #expect(try harness.contacts(["groups", "add", group, anna, john]).status == 0)
        #expect(try harness.contacts(["groups", "remove", group, john]).status == 0)
        #expect(try harness.contacts(["groups", "rename", group, "Work"]).status == 0)
        let members = try harness.contacts(["groups", "members", group])
        #expect(members.standardOutput.split(separator: "\n").count == 2)
        #expect(members.standardOutput.contains(anna))
        let listed = try harness.contacts(["list", "--group", group, "--json"]).standardOutput
        #expect(listed.contains(anna) && !listed.contains(john))
        let groups = try harness.contacts(["groups", "list"])
        try Golden.expect(groups.standardOutput, matches: "groups-list.txt", harness: harness)
        #expect(try harness.contacts(["groups", "delete", group]).status == 0)
        #expect(try harness.contacts(["groups", "members", group]).status == 67)
        #expect(try harness.contacts(["show", anna]).status == 0, "deleting a group keeps its members")
    }

    @Test func unknownGroupExitsWith67() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let anna = try harness.identifier(ofContactNamed: "Müller")
        #expect(try harness.contacts(["groups", "add", "NO:ABGroup", anna]).status == 67)
        #expect(try harness.contacts(["groups", "rename", "NO:ABGroup", "X"]).status == 67)
        #expect(try harness.contacts(["list", "--group", "NO:ABGroup"]).status == 67)
    }

    @Test func containersCreateAndRules() throws {
        let harness = try CommandLineHarness()
        #expect(try harness.contacts(["init"]).status == 0)
        let exchange = try harness.contacts(["containers", "create", "Work", "--type", "exchange"])
        #expect(exchange.status == 0)
        let container = exchange.standardOutput.trimmingCharacters(in: .newlines)
        let listed = try harness.contacts(["containers", "list"])
        try Golden.expect(listed.standardOutput, matches: "containers-list.txt", harness: harness)
        let group = try harness.contacts(["groups", "create", "Team", "--container", container])
        #expect(group.status == 77, "exchange accounts have no groups (CNError 500)")
        #expect(group.standardError.contains("(CNError 500 policyViolation)"))
        let readOnly = try harness.contacts(["containers", "create", "Directory", "--read-only"])
        let readOnlyIdentifier = readOnly.standardOutput.trimmingCharacters(in: .newlines)
        let refused = try harness.contacts(["add", "--given", "A", "--container", readOnlyIdentifier])
        #expect(refused.status == 77)
        let unknown = try harness.contacts(["add", "--given", "A", "--container", "NO:ABAccount"])
        #expect(unknown.status == 67)
    }
}
