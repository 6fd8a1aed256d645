import Foundation
import Testing

/// `import`: streaming, matching, and refusing bad input whole.
@Suite struct ImportTests {
    @Test func importPrintsSummaryAndGroups() throws {
        let harness = try CommandLineHarness()
        let result = try harness.contacts(["import", "--create", CommandLineHarness.exampleAddressBook.path])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty, "no progress bar when standard error is not a terminal")
        try Golden.expect(result.standardOutput, matches: "import-first.txt", harness: harness)
        let groups = try harness.contacts(["groups", "list"])
        #expect(groups.standardOutput.contains("Family  3 "))
    }

    @Test func importingTwiceAddsNoDuplicates() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let second = try harness.contacts(["import", CommandLineHarness.exampleAddressBook.path])
        #expect(second.status == 0)
        try Golden.expect(second.standardOutput, matches: "import-second.txt", harness: harness)
        let list = try harness.contacts(["list", "--json"])
        let objects = try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [Any]
        #expect(objects?.count == 20)
    }

    @Test func changedCardUpdatesTheMatchingContact() throws {
        let harness = try CommandLineHarness()
        let first = try harness.write(Self.card(title: "Engineer"), to: "one.vcf")
        #expect(try harness.contacts(["import", "--create", first]).status == 0)
        let second = try harness.write(Self.card(title: "Director"), to: "two.vcf")
        let result = try harness.contacts(["import", "--json", second])
        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(summary["updated"] as? Int == 1 && summary["added"] as? Int == 0)
        let identifier = try harness.identifier(ofContactNamed: "Lovelace")
        let shown = try harness.contacts(["show", identifier])
        #expect(shown.standardOutput.contains("Director"))
    }

    @Test func duplicateAndEmptyCardsAreSkippedWithReasons() throws {
        let harness = try CommandLineHarness()
        let text =
            Self.card(title: "A") + Self.card(title: "B") + "BEGIN:VCARD\r\nVERSION:3.0\r\nNOTE:x\r\nEND:VCARD\r\n"
        let path = try harness.write(text, to: "dup.vcf")
        let result = try harness.contacts(["import", "--create", path])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("1 added, 0 updated, 2 skipped."))
        #expect(result.standardOutput.contains("skipped, duplicate in input: 1"))
        #expect(result.standardOutput.contains("skipped, empty card: 1"))
    }

    @Test func malformedVCardNamesFileAndLineAndImportsNothing() throws {
        let harness = try CommandLineHarness()
        #expect(try harness.contacts(["init"]).status == 0)
        let good = try harness.write(Self.card(title: "A"), to: "cards/a.vcf")
        let bad = try harness.write(
            Self.card(title: "B").replacingOccurrences(of: "Ada", with: "Bea") + "BEGIN:VCARD\r\nFN:Broken\r\n",
            to: "cards/b.vcf")
        let result = try harness.contacts(["import", good, bad])
        #expect(result.status == 65)
        #expect(result.standardOutput.isEmpty)
        try Golden.expect(result.standardError, matches: "error-malformed-vcard.txt", harness: harness)
        #expect(!result.standardError.contains("Broken"), "no vCard text in errors")
        let list = try harness.contacts(["list"])
        #expect(list.standardOutput == "No contacts.\n", "nothing was imported")
    }

    @Test func foldersAreSearchedForVCardFiles() throws {
        let harness = try CommandLineHarness()
        _ = try harness.write(Self.card(title: "A"), to: "folder/a.vcf")
        _ = try harness.write(
            Self.card(title: "A").replacingOccurrences(of: "Lovelace", with: "Byron"), to: "folder/sub/b.VCF")
        _ = try harness.write("not a card", to: "folder/readme.txt")
        let result = try harness.contacts([
            "import", "--create", harness.directory.appendingPathComponent("folder").path,
        ])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("Read 2 cards from 2 files: 2 added"))
    }

    @Test func missingFileExitsWith66() throws {
        let harness = try CommandLineHarness()
        let result = try harness.contacts(["import", "--create", "no-such.vcf"])
        #expect(result.status == 66)
        #expect(result.standardError == "contacts: error: no such file: no-such.vcf\n")
        #expect(!FileManager.default.fileExists(atPath: harness.storePath), "no store created for a failed import")
    }

    /// Root reads any file, so this runs only for other users.
    @Test(.enabled(if: getuid() != 0, "root can read files without read permission"))
    func unreadableFileExitsWith66() throws {
        let harness = try CommandLineHarness()
        let path = try harness.write(Self.card(title: "A"), to: "secret.vcf")
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: path)
        let result = try harness.contacts(["import", "--create", path])
        #expect(result.status == 66)
        #expect(result.standardError == "contacts: error: cannot read \(path); hint: check its permissions\n")
    }

    @Test func importListPrintsSummaryThenTheList() throws {
        let harness = try CommandLineHarness()
        let result = try harness.contacts(["import", "--create", "--list", CommandLineHarness.exampleAddressBook.path])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix("Read 21 cards") == true)
        #expect(lines.contains { $0.hasPrefix("NAME ") })
        #expect(lines.filter { $0.hasSuffix(":ABPerson") }.count == 20)
    }

    static func card(title: String) -> String {
        "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Lovelace;Ada;;;\r\nFN:Ada Lovelace\r\nTITLE:\(title)\r\n"
            + "EMAIL;type=INTERNET:ada@example.org\r\nEND:VCARD\r\n"
    }
}

/// `import --skip-invalid`: one bad file no longer stops the others.
@Suite struct SkipInvalidImportTests {
    @Test func aBadFileIsSetAsideAndReportedAndTheOthersAreImported() throws {
        let harness = try CommandLineHarness()
        #expect(try harness.contacts(["init"]).status == 0)
        let folder = harness.directory.appendingPathComponent("cards")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann Lee\r\nN:Lee;Ann;;;\r\nEND:VCARD\r\n".utf8)
            .write(to: folder.appendingPathComponent("good.vcf"))
        try Data("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Broken\r\nthis line has no colon\r\nEND:VCARD\r\n".utf8)
            .write(to: folder.appendingPathComponent("bad.vcf"))
        let refused = try harness.contacts(["import", folder.path])
        #expect(refused.status == 65, "without the flag, nothing is imported")
        #expect(try harness.contacts(["list"]).standardOutput == "No contacts.\n")
        let result = try harness.contacts(["import", "--skip-invalid", folder.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("1 added"))
        #expect(result.standardOutput.contains("Skipped 1 file that did not read:"))
        #expect(result.standardOutput.contains("bad.vcf, line 4"))
        #expect(!result.standardOutput.contains("no colon"), "the report names the line, not its text")
        #expect(try harness.contacts(["list"]).standardOutput.contains("Ann Lee"))
        let json = try harness.contacts(["import", "--skip-invalid", "--json", folder.path])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let skipped = try #require(object["skippedFiles"] as? [[String: Any]])
        #expect(skipped.first?["line"] as? Int == 4)
    }
}
