import ContactsSystem
import Foundation
import Testing

@testable import ContactsSync

@Suite(.tags(.integration))
struct BasicSyncTests {
    @Test(arguments: ServerKind.allCases)
    func addingAnAccountFindsTheBookAndMakesItACardDAVContainer(kind: ServerKind) async throws {
        let server = try CardDAVTestServer.start(kind)
        let harness = try SyncHarness()
        let account = try await harness.addAccount(server)
        let container = try harness.container(of: account, server: server)
        let found = try harness.store.containers(
            matching: CNContainer.predicateForContainers(withIdentifiers: [container]))
        #expect(found.first?.type == .cardDAV)
        let book = try #require(account.addressBooks.first { $0.containerIdentifier == container })
        #expect(book.capabilities.supportsSyncCollection)
        #expect(book.capabilities.vCardVersions.contains("3.0"))
        #expect(!book.capabilities.isReadOnly)
    }

    /// A sync's own writes are never sent back, so when nobody else changed the store meanwhile the next sync
    /// starts after them: it does not read the whole first download's log again (docs/Sync.md, "Memory"). A
    /// change the person makes afterwards still goes up.
    @Test(arguments: ServerKind.allCases)
    func theNextSyncStartsAfterTheSyncsOwnChanges(kind: ServerKind) async throws {
        let server = try CardDAVTestServer.start(kind)
        for index in 0..<3 {
            try await server.put(
                Cards.person(uid: "p\(index)", given: "Given\(index)", family: "Family"), name: "p\(index).vcf")
        }
        let harness = try SyncHarness()
        let account = try await harness.addAccount(server)
        let container = try harness.container(of: account, server: server)
        let engine = try harness.accounts.engine()
        let author = CardDAVAccounts.transactionAuthor
        // The store's change-log sequence when the sync starts: where it would start next time without this rule.
        let start = try engine.syncLocalChanges(containerIdentifier: container, since: 0, excludingAuthor: author)
            .sequence

        #expect(try await harness.sync(account).downloaded == 3)
        let after = try #require(try engine.syncCollection(containerIdentifier: container)).localSequence
        let current = try engine.syncLocalChanges(containerIdentifier: container, since: after, excludingAuthor: author)
        #expect(after >= start + 3, "the three downloaded contacts' log entries are behind the next sync's start")
        #expect(after == current.sequence)
        #expect(current.contacts.isEmpty)

        let contact = try #require(try harness.contacts(in: container).first?.mutableCopy() as? CNMutableContact)
        contact.nickname = "Edited"
        let request = CNSaveRequest()
        request.update(contact)
        try harness.store.execute(request)
        #expect(try await harness.sync(account).uploaded == 1)
        #expect(try await server.cards().values.contains { $0.contains("NICKNAME:Edited") })
    }

    @Test(arguments: ServerKind.allCases)
    func serverCardsComeDownAndLocalContactsGoUp(kind: ServerKind) async throws {
        let server = try CardDAVTestServer.start(kind)
        try await server.put(Cards.person(uid: "ada", given: "Ada", family: "Lovelace"), name: "ada.vcf")
        try await server.put(Cards.person(uid: "alan", given: "Alan", family: "Turing"), name: "alan.vcf")
        let harness = try SyncHarness()
        let account = try await harness.addAccount(server)
        let container = try harness.container(of: account, server: server)

        let first = try await harness.sync(account)
        #expect(first.downloaded == 2)
        #expect(try harness.contacts(in: container).map(\.familyName) == ["Lovelace", "Turing"])

        let grace = CNMutableContact()
        grace.givenName = "Grace"
        grace.familyName = "Hopper"
        let request = CNSaveRequest()
        request.add(grace, toContainerWithIdentifier: container)
        try harness.store.execute(request)
        let second = try await harness.sync(account)
        #expect(second.uploaded == 1)
        #expect(second.downloaded == 0)
        let texts = try await server.cards().values
        #expect(texts.contains { $0.contains("FN:Grace Hopper") })

        let third = try await harness.sync(account)
        #expect(third.isEmpty, "a sync right after another changes nothing: \(third)")
    }
}
