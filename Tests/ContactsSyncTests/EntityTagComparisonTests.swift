import ContactsSystem
import Foundation
import Testing

@testable import ContactsSync

/// A book whose server does not offer `sync-collection`: changes are found by comparing every card's entity
/// tag with the ones the store holds (PROPFIND depth 1), and the collection's `getctag` skips the comparison
/// when nothing moved. Both test servers offer the report, so the book is told they do not.
@Suite(.tags(.integration))
struct EntityTagComparisonTests {
    /// Adds an account for the server and marks its book as having no `sync-collection`.
    private static func setUp(
        _ kind: ServerKind, trigger: RequestTrigger
    ) async throws -> (CardDAVTestServer, SyncHarness, CardDAVAccount, String) {
        let server = try CardDAVTestServer.start(kind)
        try await server.put(Cards.person(uid: "ada", given: "Ada", family: "Lovelace"), name: "ada.vcf")
        try await server.put(Cards.person(uid: "alan", given: "Alan", family: "Turing"), name: "alan.vcf")
        let harness = try SyncHarness(wrapTransport: trigger.wrap)
        let account = try await harness.addAccount(server)
        let container = try harness.container(of: account, server: server)
        let engine = try harness.accounts.engine()
        let book = try #require(try engine.syncCollection(containerIdentifier: container))
        var capabilities = try #require(JSONText.decode(AddressBookCapabilities.self, book.capabilities))
        capabilities.supportsSyncCollection = false
        try engine.updateSyncCollection(
            containerIdentifier: container, capabilities: JSONText.encode(capabilities), isReadOnly: book.isReadOnly)
        return (server, harness, account, container)
    }

    @Test(arguments: ServerKind.allCases)
    func changesOnBothSidesAreFoundByEntityTagsAndNothingIsLostOrDoubled(kind: ServerKind) async throws {
        let trigger = RequestTrigger()
        let (server, harness, account, container) = try await Self.setUp(kind, trigger: trigger)
        let first = try await harness.sync(account)
        #expect(first.downloaded == 2)
        #expect(try harness.contacts(in: container).map(\.familyName) == ["Lovelace", "Turing"])

        // An edit, a deletion and an addition on the server; an addition here.
        try await server.put(Cards.person(uid: "ada", given: "Augusta Ada", family: "Lovelace"), name: "ada.vcf")
        try await server.delete("alan.vcf")
        try await server.put(Cards.person(uid: "grace", given: "Grace", family: "Hopper"), name: "grace.vcf")
        try harness.add(given: "Hedy", family: "Lamarr", to: container)
        trigger.resetCounts()
        let second = try await harness.sync(account)
        // The collection's state and every entity tag (two PROPFINDs; a sync-collection listing sends none).
        let book = server.bookPath.trimmingSuffix("/")
        #expect(trigger.sent("PROPFIND", to: book) == 2)
        #expect(second.downloaded == 2)
        #expect(second.deletedLocally == 1)
        #expect(second.uploaded == 1)
        let contacts = try harness.contacts(in: container)
        #expect(contacts.map(\.familyName) == ["Hopper", "Lamarr", "Lovelace"])
        #expect(contacts.first { $0.familyName == "Lovelace" }?.givenName == "Augusta Ada")
        let texts = try await server.cards().values
        #expect(texts.count == 3)
        #expect(texts.contains { $0.contains("FN:Hedy Lamarr") })

        // The upload moved the collection's getctag, so the next sync compares tags once more and finds nothing;
        // after it nothing moved, the getctag says so, and a sync asks for nothing more.
        #expect(try await harness.sync(account).isEmpty)
        trigger.resetCounts()
        #expect(try await harness.sync(account).isEmpty)
        #expect(trigger.sent("PROPFIND", to: book) == 1)
        #expect(trigger.sent("REPORT", to: book) == 0)
        #expect(try await server.cards().count == 3)
        let stored = try #require(try harness.accounts.engine().syncCollection(containerIdentifier: container))
        #expect(JSONText.decode(AddressBookCapabilities.self, stored.capabilities)?.supportsSyncCollection == false)
    }
}
