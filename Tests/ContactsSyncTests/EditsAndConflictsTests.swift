import ContactsSystem
import Foundation
import Testing

@testable import ContactsSync

/// Edits on both sides, deletions both ways and the conflict policy, against real servers.
@Suite(.tags(.integration))
struct EditsAndConflictsTests {
    /// A server with one card that has a labeled phone, an unknown property and a photo, synced into a store.
    struct Setup {
        let server: CardDAVTestServer
        let harness: SyncHarness
        let account: CardDAVAccount
        let container: String
    }

    static let photo =
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="

    static let richCard = Cards.lines([
        "BEGIN:VCARD", "VERSION:3.0", "UID:rich-1", "N:Lovelace;Ada;;;", "FN:Ada Lovelace", "ORG:Analytical Engines",
        "item1.TEL;type=CELL:+44 20 7946 0001", "item1.X-ABLabel:_$!<Mobile>!$_",
        "item2.EMAIL;type=INTERNET:ada@example.org", "item2.X-ABLabel:Lab",
        "X-CUSTOM-FIELD;X-PARAM=one,two:kept\\, exactly", "PHOTO;ENCODING=b;TYPE=PNG:\(photo)",
        "NOTE:First note", "END:VCARD",
    ])

    static func setUp(_ kind: ServerKind) async throws -> Setup {
        let server = try CardDAVTestServer.start(kind)
        try await server.put(richCard, name: "rich-1.vcf")
        try await server.put(Cards.person(uid: "alan", given: "Alan", family: "Turing"), name: "alan.vcf")
        let harness = try SyncHarness()
        let account = try await harness.addAccount(server)
        let container = try harness.container(of: account, server: server)
        try await harness.sync(account)
        return Setup(server: server, harness: harness, account: account, container: container)
    }

    @Test(arguments: ServerKind.allCases)
    func aLocalEditSendsOnlyItsFieldAndKeepsEveryOtherLineByteForByte(kind: ServerKind) async throws {
        let setup = try await Self.setUp(kind)
        let before = try #require(try await setup.server.get("rich-1.vcf"))
        try setup.harness.edit("Lovelace", in: setup.container) { $0.jobTitle = "Programmer" }
        let summary = try await setup.harness.sync(setup.account)
        #expect(summary.uploaded == 1)
        let after = String(decoding: try #require(try await setup.server.get("rich-1.vcf")), as: UTF8.self)
        let beforeLines = unfoldedLines(String(decoding: before, as: UTF8.self))
        let afterLines = unfoldedLines(after)
        #expect(afterLines.contains("TITLE:Programmer"))
        // Every line of the server's card is still there, unchanged: labels, the unknown property, the photo.
        for line in beforeLines where !line.hasPrefix("PRODID") && !line.hasPrefix("REV") {
            #expect(afterLines.contains(line), "line kept: \(line.prefix(60))")
        }
        if kind == .xandikos {
            // Xandikos stores cards as sent: the folded lines themselves are the server's bytes.
            let kept = String(decoding: before, as: UTF8.self).replacingOccurrences(of: "END:VCARD\r\n", with: "")
            #expect(after.hasPrefix(kept))
        }
    }

    @Test(arguments: ServerKind.allCases)
    func aServerEditComesDownAndChangesOnlyThatContact(kind: ServerKind) async throws {
        let setup = try await Self.setUp(kind)
        try await setup.server.put(
            Cards.person(uid: "alan", given: "Alan", family: "Turing", phone: "+44 1908 640404"), name: "alan.vcf")
        let summary = try await setup.harness.sync(setup.account)
        #expect(summary.downloaded == 1)
        #expect(summary.uploaded == 0)
        let alan = try #require(try setup.harness.contact(named: "Turing", in: setup.container))
        #expect(alan.phoneNumbers.map(\.value.stringValue) == ["+44 1908 640404"])
    }

    @Test(arguments: ServerKind.allCases)
    func deletionsGoBothWays(kind: ServerKind) async throws {
        let setup = try await Self.setUp(kind)
        try setup.harness.delete("Turing", in: setup.container)
        var summary = try await setup.harness.sync(setup.account)
        #expect(summary.deletedOnServer == 1)
        #expect(try await setup.server.cardNames() == ["rich-1.vcf"])

        try await setup.server.delete("rich-1.vcf")
        summary = try await setup.harness.sync(setup.account)
        #expect(summary.deletedLocally == 1)
        #expect(try setup.harness.contacts(in: setup.container).isEmpty)
    }

    @Test(arguments: ServerKind.allCases)
    func editsOfDifferentFieldsOnBothSidesMerge(kind: ServerKind) async throws {
        let setup = try await Self.setUp(kind)
        try setup.harness.edit("Turing", in: setup.container) { $0.jobTitle = "Mathematician" }
        try await setup.server.put(
            Cards.person(uid: "alan", given: "Alan", family: "Turing", phone: "+44 1908 640404"), name: "alan.vcf")
        let summary = try await setup.harness.sync(setup.account)
        #expect(summary.merged == 1)
        #expect(summary.uploaded == 1)
        #expect(try setup.harness.accounts.conflictCopies().isEmpty)
        let alan = try #require(try setup.harness.contact(named: "Turing", in: setup.container))
        #expect(alan.jobTitle == "Mathematician")
        #expect(alan.phoneNumbers.map(\.value.stringValue) == ["+44 1908 640404"])
        let server = String(decoding: try #require(try await setup.server.get("alan.vcf")), as: UTF8.self)
        #expect(server.contains("TITLE:Mathematician"))
        #expect(server.contains("640404"))
        let again = try await setup.harness.sync(setup.account)
        #expect(again.isEmpty, "\(again)")
    }

    @Test(arguments: ServerKind.allCases)
    func editsOfTheSameFieldKeepTheServersVersionAndALocalCopy(kind: ServerKind) async throws {
        let setup = try await Self.setUp(kind)
        try setup.harness.edit("Turing", in: setup.container) {
            $0.phoneNumbers = [CNLabeledValue(label: CNLabelHome, value: CNPhoneNumber(stringValue: "+1 000 0000"))]
        }
        try await setup.server.put(
            Cards.person(uid: "alan", given: "Alan", family: "Turing", phone: "+44 1908 640404"), name: "alan.vcf")
        let summary = try await setup.harness.sync(setup.account)
        #expect(summary.conflicts == 1)
        let alan = try #require(try setup.harness.contact(named: "Turing", in: setup.container))
        #expect(alan.phoneNumbers.map(\.value.stringValue) == ["+44 1908 640404"])
        let copies = try setup.harness.accounts.conflictCopies(accountIdentifier: setup.account.identifier)
        #expect(copies.count == 1)
        let copy = String(decoding: try #require(copies.first).card, as: UTF8.self)
        #expect(copy.contains("+1 000 0000"), "the local version is kept")
        #expect(copies.first?.objectIdentifier == alan.identifier)
        // Restoring: importing the copy into the container replaces the contact, and the next sync sends it.
        _ = try setup.harness.store.importVCards(
            data: try #require(copies.first).card, options: ContactImportOptions(containerIdentifier: setup.container))
        let restored = try await setup.harness.sync(setup.account)
        #expect(restored.uploaded == 1)
        let server = String(decoding: try #require(try await setup.server.get("alan.vcf")), as: UTF8.self)
        #expect(server.contains("+1 000 0000"))
    }

    @Test(arguments: ServerKind.allCases)
    func aLocalEditOfACardDeletedOnTheServerGoesBackUp(kind: ServerKind) async throws {
        let setup = try await Self.setUp(kind)
        try setup.harness.edit("Turing", in: setup.container) { $0.jobTitle = "Mathematician" }
        try await setup.server.delete("alan.vcf")
        let summary = try await setup.harness.sync(setup.account)
        #expect(summary.conflicts == 1)
        #expect(summary.uploaded == 1)
        let server = String(decoding: try #require(try await setup.server.get("alan.vcf")), as: UTF8.self)
        #expect(server.contains("TITLE:Mathematician"))
        #expect(try setup.harness.contact(named: "Turing", in: setup.container) != nil)
    }

    @Test(arguments: ServerKind.allCases)
    func aServerEditOfAContactDeletedLocallyBringsItBack(kind: ServerKind) async throws {
        let setup = try await Self.setUp(kind)
        let identifier = try #require(try setup.harness.contact(named: "Turing", in: setup.container)).identifier
        try setup.harness.delete("Turing", in: setup.container)
        try await setup.server.put(
            Cards.person(uid: "alan", given: "Alan", family: "Turing", phone: "+44 1908 640404"), name: "alan.vcf")
        let summary = try await setup.harness.sync(setup.account)
        #expect(summary.conflicts == 1)
        #expect(summary.deletedOnServer == 0)
        let alan = try #require(try setup.harness.contact(named: "Turing", in: setup.container))
        #expect(alan.identifier == identifier, "the contact comes back under its identifier")
        #expect(try await setup.server.cardNames().contains("alan.vcf"))
    }
}
