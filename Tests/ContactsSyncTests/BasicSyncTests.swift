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
        let found = try harness.store.containers(matching: CNContainer.predicateForContainers(withIdentifiers: [container]))
        #expect(found.first?.type == .cardDAV)
        let book = try #require(account.addressBooks.first { $0.containerIdentifier == container })
        #expect(book.capabilities.supportsSyncCollection)
        #expect(book.capabilities.vCardVersions.contains("3.0"))
        #expect(!book.capabilities.isReadOnly)
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
