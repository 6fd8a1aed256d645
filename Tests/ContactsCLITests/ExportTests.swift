import Foundation
import Testing

/// `export`: versions, selections, files.
@Suite struct ExportTests {
    @Test func exportedAddressBookImportsIntoAnotherStoreAsTheSameList() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let file = harness.directory.appendingPathComponent("export.vcf").path
        let exported = try harness.contacts(["export", "-o", file])
        #expect(exported.status == 0)
        #expect(exported.standardOutput == "Exported 20 contacts to \(file).\n")
        let other = try CommandLineHarness()
        #expect(try other.contacts(["import", "--create", file]).status == 0)
        let original = try harness.contacts(["list"]).standardOutput
        let copy = try other.contacts(["list"]).standardOutput
        #expect(Golden.normalize(original, harness: harness) == Golden.normalize(copy, harness: other))
        let groups = try other.contacts(["groups", "list"]).standardOutput
        #expect(groups.contains("Family  3 "), "group cards carry the groups over")
    }

    @Test func reimportingAnExportIntoTheSameStoreChangesNothing() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let file = harness.directory.appendingPathComponent("export.vcf").path
        #expect(try harness.contacts(["export", "-o", file]).status == 0)
        let result = try harness.contacts(["import", file])
        #expect(
            result.standardOutput
                == "Read 21 cards from 1 file: 0 added, 0 updated, 20 skipped.\n  skipped, unchanged: 20\n")
    }

    @Test func noGroupsLeavesGroupCardsOut() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let with = try harness.contacts(["export"]).standardOutput
        let without = try harness.contacts(["export", "--no-groups"]).standardOutput
        #expect(with.contains("X-ADDRESSBOOKSERVER-KIND:group"))
        #expect(!without.contains("X-ADDRESSBOOKSERVER-KIND:group"))
    }

    @Test(arguments: [("3.0", "VERSION:3.0"), ("4.0", "VERSION:4.0")])
    func exportWritesTheVersionAsked(version: String, line: String) throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let identifier = try harness.identifier(ofContactNamed: "Appleseed")
        let result = try harness.contacts(["export", "--vcard-version", version, identifier])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains(line + "\r\n"))
        #expect(result.standardOutput.components(separatedBy: "BEGIN:VCARD").count == 2)
        try Golden.expect(result.standardOutput, matches: "export-appleseed-\(version).vcf", harness: harness)
    }

    @Test func exportSelectsAGroupOrASearch() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let groups = try harness.contacts(["groups", "list", "--json"]).standardOutput
        let list = try #require(try JSONSerialization.jsonObject(with: Data(groups.utf8)) as? [[String: Any]])
        let group = try #require(list.first?["identifier"] as? String)
        let members = try harness.contacts(["export", "--group", group]).standardOutput
        #expect(members.components(separatedBy: "BEGIN:VCARD").count == 4)
        let search = try harness.contacts(["export", "--search", "Silva"]).standardOutput
        #expect(search.components(separatedBy: "BEGIN:VCARD").count == 2)
    }

    @Test func exportToAMissingFolderExitsWith73() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let result = try harness.contacts([
            "export", "-o", harness.directory.appendingPathComponent("no/such/dir/x.vcf").path,
        ])
        #expect(result.status == 73)
    }

    @Test func exportOfUnknownIdentifierWritesNothing() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let file = harness.directory.appendingPathComponent("x.vcf").path
        let result = try harness.contacts(["export", "-o", file, "NO:ABPerson"])
        #expect(result.status == 67)
        #expect(!FileManager.default.fileExists(atPath: file))
    }
}
