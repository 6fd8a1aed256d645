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
        let objects = try #require(
            try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: Any]])
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

/// `contacts import --me FILE`: the person's own card from a vCard.
@Suite struct MeCardImportTests {
    @Test(arguments: ["UID:me-1\r\n", ""])
    func importingYourOwnCardSetsIt(uidLine: String) throws {
        let harness = try CommandLineHarness()
        #expect(try harness.contacts(["init"]).status == 0)
        let card =
            "BEGIN:VCARD\r\nVERSION:3.0\r\n\(uidLine)FN:Ann Lee\r\nN:Lee;Ann;;;\r\nEMAIL:ann@example.com\r\nEND:VCARD\r\n"
        let path = try harness.write(card, to: "me.vcf")
        let result = try harness.contacts(["import", "--me", path])
        #expect(result.status == 0, "\(result.standardError)")
        let me = try harness.contacts(["me", "--json"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(me.standardOutput.utf8)) as? [String: Any])
        #expect(object["givenName"] as? String == "Ann")
    }

    @Test func aFileOfSeveralCardsIsNotYourCard() throws {
        let harness = try CommandLineHarness()
        #expect(try harness.contacts(["init"]).status == 0)
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A B\r\nN:B;A;;;\r\nEND:VCARD\r\n"
        let path = try harness.write(card + card.replacingOccurrences(of: "A", with: "C"), to: "two.vcf")
        let result = try harness.contacts(["import", "--me", path])
        #expect(result.status == 65, "the file is not one card: bad data")
        #expect(try harness.contacts(["list"]).standardOutput == "No contacts.\n", "nothing imported")
    }
}
