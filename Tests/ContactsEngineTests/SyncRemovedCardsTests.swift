import Contacts
import ContactsTestSupport
import Foundation
import GRDB
import Testing

@testable import ContactsEngine

/// The cards of a synced container whose contact or group was deleted here: found through the change log since
/// the last sync when it reaches back that far, and by checking every card when it does not (pruned).
@Suite struct SyncRemovedCardsTests {
    /// A cardDAV container with two synced contacts (cards a.vcf and b.vcf) and a synced group (g.vcf).
    private struct World {
        let temporary: TemporaryStore
        let database: AuthorizedStore
        let container: String
        let contacts: [String]
        let group: String
        /// The log's sequence after the sync wrote them.
        let synced: Int64

        init() throws {
            temporary = try TemporaryStore()
            database = try temporary.personStore()
            let account = SyncAccountRow(
                identifier: "account", name: "Server", serverURL: "http://127.0.0.1:1/", principalURL: nil,
                credentialStorage: "file", pinnedCertificate: nil, settings: "{}", createdAt: Date())
            let collections = try database.addSyncAccount(
                account,
                collections: [
                    NewSyncCollection(
                        name: "Book", url: "http://127.0.0.1:1/book/", isReadOnly: false, capabilities: "{}")
                ])
            container = try #require(collections.first).containerIdentifier
            let people = [ContactFixtures.person("Ann", "Lee"), ContactFixtures.person("Bob", "Stone")]
            var groupIdentifier = ""
            _ = try database.syncTransaction(containerIdentifier: container, author: "sync") { step in
                for (person, name) in zip(people, ["a", "b"]) {
                    try step.addContact(person.storage, uid: name, unknownProperties: [])
                    try step.save(
                        SyncCardRow(
                            href: "\(name).vcf", etag: "1", kind: .contact, objectIdentifier: person.identifier,
                            uid: name, base: nil))
                }
                let group = try step.addGroup(named: "Friends")
                groupIdentifier = group.identifier
                try step.save(
                    SyncCardRow(
                        href: "g.vcf", etag: "1", kind: .group, objectIdentifier: group.identifier, uid: "g", base: nil)
                )
            }
            contacts = people.map(\.identifier)
            group = groupIdentifier
            synced = try database.read { try HistoryLog.currentSequence(in: $0) }
        }

        /// Deletes Ann and the group as the person does, and saves Bob again.
        func deleteAnnAndTheGroup() throws {
            let store = temporary.store
            let keys = [CNContactGivenNameKey as CNKeyDescriptor]
            let request = CNSaveRequest()
            let ann = try #require(
                try store.unifiedContact(withIdentifier: contacts[0], keysToFetch: keys).mutableCopy()
                    as? CNMutableContact)
            request.delete(ann)
            let bob = try #require(
                try store.unifiedContact(withIdentifier: contacts[1], keysToFetch: keys).mutableCopy()
                    as? CNMutableContact)
            bob.givenName = "Robert"
            request.update(bob)
            let group = try #require(try store.groups(matching: nil).first { $0.identifier == self.group })
            request.delete(try #require(group.mutableCopy() as? CNMutableGroup))
            try store.execute(request)
        }

        func changes() throws -> SyncLocalChanges {
            try database.syncLocalChanges(containerIdentifier: container, since: synced, excludingAuthor: "sync")
        }
    }

    @Test func theLogNamesTheCardsOfDeletedContactsAndGroups() throws {
        let world = try World()
        #expect(try world.changes().removedCards.isEmpty)
        try world.deleteAnnAndTheGroup()
        let changes = try world.changes()
        #expect(changes.isComplete)
        #expect(changes.removedCards.map(\.href).sorted() == ["a.vcf", "g.vcf"])
        #expect(changes.contacts == [world.contacts[1]], "Bob was edited, not removed")
    }

    @Test func aPrunedLogChecksEveryCard() throws {
        let world = try World()
        try world.deleteAnnAndTheGroup()
        _ = try world.database.write { db in
            try HistoryLog.prune(
                HistoryRetention(minimumAge: 0, minimumRows: 0, maximumRows: 0), now: Date().addingTimeInterval(60),
                in: db)
        }
        let changes = try world.changes()
        #expect(!changes.isComplete, "the log no longer reaches back to the last sync")
        #expect(changes.removedCards.map(\.href).sorted() == ["a.vcf", "g.vcf"])
    }
}
