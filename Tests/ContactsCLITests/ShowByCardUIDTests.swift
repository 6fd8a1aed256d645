import Foundation
import Testing

/// `contacts show --uid`: contacts found by the UID of the card they came from.
@Suite struct ShowByCardUIDTests {
    private static let cards = """
        BEGIN:VCARD\r
        VERSION:3.0\r
        UID:urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1\r
        N:Lovelace;Ada;;;\r
        FN:Ada Lovelace\r
        END:VCARD\r
        BEGIN:VCARD\r
        VERSION:3.0\r
        UID:turing-1912\r
        N:Turing;Alan;;;\r
        FN:Alan Turing\r
        END:VCARD\r

        """

    @Test func aCardUIDFindsTheContactWithOrWithoutTheURNPrefix() throws {
        let harness = try CommandLineHarness()
        let file = try harness.write(Self.cards, to: "people.vcf")
        #expect(try harness.contacts(["import", "--create", file]).status == 0)
        for uid in ["urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1", "4fbe8971-0bc3-424c-9c26-36c3e1eff6b1"] {
            let result = try harness.contacts(["show", "--json", "--uid", uid])
            #expect(result.status == 0, "\(result.standardError)")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
            #expect(object["familyName"] as? String == "Lovelace")
        }
        let both = try harness.contacts([
            "show", "--json", "--uid", "turing-1912", "--uid", "4fbe8971-0bc3-424c-9c26-36c3e1eff6b1",
        ])
        let objects = try #require(
            try JSONSerialization.jsonObject(with: Data(both.standardOutput.utf8)) as? [[String: Any]])
        #expect(objects.compactMap { $0["familyName"] as? String } == ["Turing", "Lovelace"])
    }

    @Test func aUIDNoContactHasExitsWith67NamingOnlyTheUID() throws {
        let harness = try CommandLineHarness()
        let file = try harness.write(Self.cards, to: "people.vcf")
        #expect(try harness.contacts(["import", "--create", file]).status == 0)
        let result = try harness.contacts(["show", "--uid", "no-such-card"])
        #expect(result.status == 67)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("no-such-card"))
        #expect(!result.standardError.contains("Lovelace") && !result.standardError.contains("Turing"))
    }

    @Test func showWithoutIdentifierOrUIDIsAUsageError() throws {
        let harness = try CommandLineHarness()
        #expect(try harness.contacts(["show"]).status == 64)
    }
}
