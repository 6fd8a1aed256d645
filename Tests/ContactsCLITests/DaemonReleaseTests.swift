import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

/// `contacts daemon release`: the way back from `adopt`, with what the daemon's book gained meanwhile.
@Suite struct DaemonReleaseTests {
    typealias World = DaemonAdoptTests.World

    func release(_ world: World, _ extra: [String] = []) throws -> CommandLineHarness.Result {
        try world.harness.contacts(
            [
                "daemon", "release", "--uid", "\(world.person.uid)", "--store", world.source.path, "--state",
                world.state.path,
            ]
                + extra,
            store: false)
    }

    /// Saves a contact in the daemon's store, as contactsd would for the person, and closes it again.
    func addInDaemon(_ world: World, given: String) throws {
        let store = CNContactStore(url: world.destination)
        try ContactFixtures.save([ContactFixtures.person(given, "Moss")], in: store)
    }

    @Test func releasingCopiesTheDaemonsBookWithItsChangesToThePersonAndKeepsTheDaemonsFile() throws {
        let world = try World()
        #expect(try world.adopt().status == 0)
        try addInDaemon(world, given: "Cy")

        let result = try release(world)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("3 contacts, 1 group, 1 container, 2 apps; integrity check ok."))
        let file = try AdministrationSupport.status(world.source.path)
        #expect(file.uid == world.person.uid && file.gid == world.person.gid && file.mode == 0o600)
        guard case .store(let summary) = StoreInspection.inspect(world.source) else {
            Issue.record("the released file is not a store")
            return
        }
        #expect(summary.contactCount == 3, "the contact saved while the daemon served the book came back")
        #expect(summary.appCount == 2)

        // The daemon's file is renamed, never deleted.
        #expect(!FileManager.default.fileExists(atPath: world.destination.path))
        let kept = try world.files(in: world.destination.deletingLastPathComponent(), startingWith: "Contacts.sqlite.")
        #expect(kept.contains { $0.wholeMatch(of: /Contacts\.sqlite\.released-\d{8}T\d{6}Z/) != nil }, "\(kept)")

        let again = try release(world, ["--replace"])
        #expect(again.status == 66 && again.standardError.contains("contactsd holds no store for uid"))
    }

    @Test func aStoreTheDaemonHasOpenIsNotReleased() throws {
        let world = try World()
        #expect(try world.adopt().status == 0)
        // This process plays contactsd: it holds the store open.
        let open = CNContactStore(url: world.destination)
        _ = try open.unifiedContacts(matching: CNContact.predicateForContacts(matchingName: "Ann"), keysToFetch: [])

        let result = try release(world)
        #expect(result.status == 75, "\(result.standardError)")
        #expect(result.standardError.contains("is open in process \(getpid())"))
        #expect(result.standardError.contains("stop contactsd first"))
        #expect(FileManager.default.fileExists(atPath: world.destination.path))
        #expect(!FileManager.default.fileExists(atPath: world.source.path), "nothing was written")
        withExtendedLifetime(open) {}
    }

    @Test func aFileAtThePersonsStoreIsKeptOnlyWithReplace() throws {
        let world = try World()
        #expect(try world.adopt().status == 0)
        try Data("mine".utf8).write(to: world.source)

        let refused = try release(world)
        #expect(refused.status == 73 && refused.standardError.contains("already holds a file"))
        #expect(try String(contentsOf: world.source, encoding: .utf8) == "mine")
        #expect(FileManager.default.fileExists(atPath: world.destination.path))

        let replaced = try release(world, ["--replace"])
        #expect(replaced.status == 0, "\(replaced.standardError)")
        let folder = world.source.deletingLastPathComponent()
        let backup = try #require(try world.files(in: folder, startingWith: "Contacts.sqlite.replaced-").first)
        #expect(try String(contentsOf: folder.appendingPathComponent(backup), encoding: .utf8) == "mine")
        guard case .store = StoreInspection.inspect(world.source) else {
            Issue.record("the released file is not a store")
            return
        }
    }
}
