import Foundation
import Testing

/// `contacts link`, `unlink`, `why-linked` and `keep-separate` over the store's linking API.
@Suite struct LinkingCommandTests {
    /// A store with the example book and the identifiers of Anna Müller and João Silva.
    func harnessWithTwoCards() throws -> (harness: CommandLineHarness, anna: String, silva: String) {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        return (
            harness, try harness.identifier(ofContactNamed: "Müller"), try harness.identifier(ofContactNamed: "Silva")
        )
    }

    @Test func linkPrintsTheCardsPreferredFirstAndWhyLinkedExplains() throws {
        let (harness, anna, silva) = try harnessWithTwoCards()
        let linked = try harness.contacts(["link", anna, silva, "--preferred", silva])
        #expect(linked.status == 0, "\(linked.standardError)")
        #expect(linked.standardOutput == "\(silva)\n\(anna)\n")
        let why = try harness.contacts(["why-linked", anna])
        #expect(why.status == 0)
        try Golden.expect(why.standardOutput, matches: "why-linked.txt", harness: harness)
        let json = try harness.contacts(["why-linked", anna, "--json"])
        try Golden.expect(json.standardOutput, matches: "why-linked.json", harness: harness)
    }

    @Test func unlinkDetachesAndWhyLinkedSaysSo() throws {
        let (harness, anna, silva) = try harnessWithTwoCards()
        #expect(try harness.contacts(["link", anna, silva]).status == 0)
        let unlinked = try harness.contacts(["unlink", silva])
        #expect(unlinked.status == 0 && unlinked.standardOutput.isEmpty)
        let why = try harness.contacts(["why-linked", silva])
        #expect(why.standardOutput == "\(silva) is not linked.\n")
        let json = try harness.contacts(["why-linked", silva, "--json"])
        try Golden.expect(json.standardOutput, matches: "why-linked-unlinked.json", harness: harness)
    }

    @Test func keepSeparateDetachesLinkedCards() throws {
        let (harness, anna, silva) = try harnessWithTwoCards()
        #expect(try harness.contacts(["link", anna, silva]).status == 0)
        let separate = try harness.contacts(["keep-separate", anna, silva])
        #expect(separate.status == 0 && separate.standardOutput.isEmpty, "\(separate.standardError)")
        #expect(try harness.contacts(["why-linked", silva]).standardOutput == "\(silva) is not linked.\n")
        #expect(try harness.contacts(["why-linked", anna]).standardOutput == "\(anna) is not linked.\n")
    }

    @Test(arguments: [
        (["link", "ANNA", "NO-SUCH:ABPerson"], 67, "link-error-unknown.txt"),
        (["unlink", "NO-SUCH:ABPerson"], 67, "link-error-unknown.txt"),
        (["why-linked", "NO-SUCH:ABPerson"], 67, "link-error-unknown.txt"),
        (["keep-separate", "ANNA", "NO-SUCH:ABPerson"], 67, "link-error-unknown.txt"),
        (["link", "ANNA"], 64, "link-error-one-card.txt"),
        (["link", "ANNA", "SILVA", "--preferred", "OTHER"], 65, "link-error-preferred.txt"),
        (["keep-separate", "ANNA", "ANNA"], 64, "keep-separate-error-same.txt"),
    ])
    func badInputExitsWithTheTablesCode(arguments: [String], status: Int32, golden: String) throws {
        let (harness, anna, silva) = try harnessWithTwoCards()
        let other = try harness.identifier(ofContactNamed: "Appleseed")
        let names = ["ANNA": anna, "SILVA": silva, "OTHER": other]
        let result = try harness.contacts(arguments.map { names[$0] ?? $0 })
        #expect(result.status == status)
        try Golden.expect(result.standardError, matches: golden, harness: harness)
    }
}
