import ContactsSystem
import Foundation
import Testing

@testable import ContactsSync

/// A book the person may only read (Radicale's second book, whose rights are `r`): its container refuses
/// writes as Apple's read-only containers do, and a sync of it only downloads.
@Suite(.tags(.integration))
struct ReadOnlyBookTests {
    struct Setup {
        let server: CardDAVTestServer
        let harness: SyncHarness
        let trigger: RequestTrigger
        let account: CardDAVAccount
        let container: String
    }

    /// Radicale with a card in its read-only book, synced once.
    static func setUp() async throws -> Setup {
        let server = try CardDAVTestServer.start(.radicale)
        // Nobody may write the book over the protocol, so its card is put straight into Radicale's folder.
        let folder = server.directory.appendingPathComponent(
            "collections/collection-root/\(CardDAVTestServer.username)/readonly")
        try Data(Cards.person(uid: "fixed", given: "Emmy", family: "Noether").utf8).write(
            to: folder.appendingPathComponent("fixed.vcf"))
        let trigger = RequestTrigger()
        let harness = try SyncHarness { trigger.wrap($0) }
        let account = try await harness.addAccount(server)
        let book = try #require(
            account.addressBooks.first { $0.url.lastPathComponent == "readonly" },
            "books: \(account.addressBooks.map(\.url.path))")
        try #require(book.capabilities.isReadOnly, "discovery reads the missing write privilege")
        let summary = try await harness.sync(account)
        #expect(summary.downloaded == 1)
        return Setup(
            server: server, harness: harness, trigger: trigger, account: account, container: book.containerIdentifier)
    }

    static func code(of body: () throws -> Void) -> CNError.Code? {
        do {
            try body()
            return nil
        } catch {
            return (error as? CNError)?.code
        }
    }

    @Test
    func writesToTheReadOnlyContainerFailWith206And207() async throws {
        let setup = try await Self.setUp()
        let harness = setup.harness
        #expect(try harness.contacts(in: setup.container).map(\.familyName) == ["Noether"])
        #expect(
            Self.code { try harness.add(given: "Ada", family: "Lovelace", to: setup.container) }
                == .parentContainerNotWritable)
        #expect(
            Self.code { try harness.edit("Noether", in: setup.container) { $0.jobTitle = "Mathematician" } }
                == .recordNotWritable)
        #expect(Self.code { try harness.delete("Noether", in: setup.container) } == .recordNotWritable)
        #expect(CNError.Code.recordNotWritable.rawValue == 206)
        #expect(CNError.Code.parentContainerNotWritable.rawValue == 207)
    }

    @Test
    func aSyncOfTheReadOnlyBookNeverWritesToTheServer() async throws {
        let setup = try await Self.setUp()
        // A contact in the writable book of the same account, so the sync has something it may send.
        let friends = try setup.harness.container(of: setup.account, server: setup.server)
        try setup.harness.add(given: "Ada", family: "Lovelace", to: friends)
        // The read-only book changes on the server: that change comes down, nothing goes up to it.
        let folder = setup.server.directory.appendingPathComponent(
            "collections/collection-root/\(CardDAVTestServer.username)/readonly")
        try Data(Cards.person(uid: "late", given: "Marie", family: "Curie").utf8).write(
            to: folder.appendingPathComponent("late.vcf"))
        setup.trigger.resetCounts()

        let summary = try await setup.harness.sync(setup.account)
        #expect(summary.uploaded == 1, "the writable book's contact goes up")
        #expect(setup.trigger.sent("PUT") == 1)
        #expect(setup.trigger.sent("DELETE") == 0)
        #expect(try setup.harness.contacts(in: setup.container).map(\.familyName) == ["Curie", "Noether"])
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".vcf") }
            .sorted()
        #expect(files == ["fixed.vcf", "late.vcf"])
    }
}
