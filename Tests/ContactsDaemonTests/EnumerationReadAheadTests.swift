import ContactsClient
import ContactsProtocol
import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

/// contactsd reads an enumeration's next batch while the app runs its block over the last one, and sends it only
/// when nothing changed since it was read: these tests change the store, or the app's access, while a batch is
/// held, and check that the app sees what a batch read when it asked would show.
///
/// The Swift client asks for batches of ``AuthorizedStore/batchSize`` (500) contacts, one at a time, so while the
/// block runs over the contact at offset 500k − 1 (the last of a batch), the daemon holds the next 500.
@Suite struct EnumerationReadAheadTests {
    private static let batch = AuthorizedStore.batchSize

    /// Contacts named "G0000", "G0001"… with one family name, saved in that order by the person: in row order
    /// and in name order alike, the contact at offset i is "G\(i)".
    private static func saveNumbered(_ count: Int, in store: CNContactStore) throws -> [CNMutableContact] {
        try ContactFixtures.save((0..<count).map { ContactFixtures.person(name($0), "Ahead") }, in: store)
    }

    private static func name(_ number: Int) -> String {
        "G" + String(repeating: "0", count: max(0, 4 - String(number).count)) + String(number)
    }

    private static func request(_ order: CNContactSortOrder) -> CNContactFetchRequest {
        let request = CNContactFetchRequest(keysToFetch: [CNContactGivenNameKey as CNKeyDescriptor])
        request.sortOrder = order
        return request
    }

    @Test func aBlocksSaveThatSortsIntoTheHeldBatchIsSeenAtEveryBoundary() throws {
        let fixture = try DaemonFixture()
        try fixture.setAccess(.full)
        _ = try Self.saveNumbered(5 * Self.batch + 100, in: fixture.person)
        let app = fixture.appStore()
        var seen: [String] = []
        var added: [String] = []
        var failedSaves = 0
        try app.enumerateContacts(with: Self.request(.familyName)) { contact, _ in
            seen.append(contact.identifier)
            guard seen.count % Self.batch == 0, let number = Int(contact.givenName.dropFirst()) else { return }
            // The last contact of a batch: the daemon holds the next one, read before this save. "G0750a" sorts
            // between "G0750" and "G0751", half a batch further on.
            let late = ContactFixtures.person(Self.name(number + Self.batch / 2) + "a", "Ahead")
            do {
                _ = try ContactFixtures.save([late], in: app)
                added.append(late.identifier)
            } catch {
                failedSaves += 1
            }
        }
        #expect(failedSaves == 0)
        #expect(added.count == 5)
        let visitedAllAdded = Set(added).isSubset(of: Set(seen))
        #expect(visitedAllAdded, "a contact the block saved into the next batch was not visited")
        #expect(seen.count == 5 * Self.batch + 100 + added.count)
        let visitedTwice = Set(seen).count != seen.count
        #expect(!visitedTwice, "a contact was visited twice")
    }

    /// Who changes the store while the reader's block runs.
    enum Writer: String, CaseIterable, Sendable {
        /// Another connection of the app to contactsd.
        case otherDaemonConnection
        /// Another process's connection to the file itself (the person's tool).
        case fileWriter
    }

    /// Offset 500 is the first contact of the daemon's second batch and inside the embedded store's second
    /// (128 to 639); the contacts changed, at 800 and 900, are in the daemon's held batch and in the embedded
    /// store's third, which it reads after the block ran over 639. Both modes must show the changes.
    @Test(arguments: [StoreMode.daemon, .embedded], Writer.allCases)
    func anotherConnectionsChangesBetweenBatchesAreSeenAsTheEmbeddedStoreSeesThem(mode: StoreMode, writer: Writer)
        throws
    {
        let fixture = try DaemonFixture()
        try fixture.setAccess(.full)
        let saved = try Self.saveNumbered(1_300, in: fixture.person)
        let file = fixture.daemon.configuration.storeURL(for: geteuid())
        let reader =
            mode == .daemon ? fixture.appStore() : CNContactStore(configuration: ContactStoreConfiguration(url: file))
        let other = writer == .otherDaemonConnection ? fixture.appStore() : fixture.person
        var seen: [String: String] = [:]
        var count = 0
        var failedSaves = 0
        try reader.enumerateContacts(with: Self.request(.none)) { contact, _ in
            seen[contact.identifier] = contact.givenName
            count += 1
            guard count == Self.batch else { return }
            do {
                let keys = [CNContactGivenNameKey as CNKeyDescriptor]
                let renamed = try #require(
                    other.unifiedContact(withIdentifier: saved[800].identifier, keysToFetch: keys).mutableCopy()
                        as? CNMutableContact)
                renamed.givenName = "Renamed"
                let request = CNSaveRequest()
                request.update(renamed)
                request.delete(saved[900])
                try other.execute(request)
            } catch {
                failedSaves += 1
            }
        }
        #expect(failedSaves == 0)
        #expect(seen[saved[800].identifier] == "Renamed", "the renamed contact came as it was read before the save")
        #expect(seen[saved[900].identifier] == nil, "the deleted contact came from a batch read before the delete")
        #expect(count == 1_299)
        #expect(seen[saved[1_299].identifier] == Self.name(1_299))
    }

    @Test func reducingALimitedAppsAccessMidEnumerationEndsItWith100AndSendsNoHeldContact() throws {
        let fixture = try DaemonFixture()
        let saved = try Self.saveNumbered(1_300, in: fixture.person)
        let all = Set(saved.map(\.identifier))
        try fixture.setAccess(.limited(all))
        let app = fixture.appStore()
        var seen: [String] = []
        var failedChanges = 0
        let error = #expect(throws: CNError.self) {
            try app.enumerateContacts(with: Self.request(.none)) { contact, _ in
                seen.append(contact.identifier)
                guard seen.count == Self.batch else { return }
                // Contact 700 is in the batch the daemon holds; the person unshares it.
                do {
                    try fixture.setAccess(.limited(all.subtracting([saved[700].identifier])))
                } catch {
                    failedChanges += 1
                }
            }
        }
        #expect(error?.code == .authorizationDenied)
        #expect(failedChanges == 0)
        let sawTheUnsharedContact = seen.contains(saved[700].identifier)
        #expect(seen.count == Self.batch)
        #expect(!sawTheUnsharedContact)
    }

    @Test func sharingMoreMidEnumerationGoesOnWithTheBatchReadAgain() throws {
        let fixture = try DaemonFixture()
        let saved = try Self.saveNumbered(1_300, in: fixture.person)
        let shared = Set(saved.map(\.identifier)).subtracting([saved[700].identifier])
        try fixture.setAccess(.limited(shared))
        let app = fixture.appStore()
        var seen: [String] = []
        try app.enumerateContacts(with: Self.request(.none)) { contact, _ in
            seen.append(contact.identifier)
            guard seen.count == Self.batch else { return }
            // Widening is no reduction: the enumeration goes on, and the held batch, read without contact 700, is
            // read again with it.
            try? fixture.setAccess(.limited(shared.union([saved[700].identifier])))
        }
        let sawTheSharedContact = seen.contains(saved[700].identifier)
        #expect(seen.count == 1_300)
        #expect(sawTheSharedContact)
    }

    @Test func aCancelledStreamDropsItsHeldBatch() throws {
        let fixture = try DaemonFixture()
        try fixture.setAccess(.full)
        _ = try Self.saveNumbered(1_300, in: fixture.person)
        let app = fixture.appStore()
        var during: (open: Int, readAhead: Int) = (0, 0)
        try app.enumerateContacts(with: Self.request(.none)) { _, stop in
            // The daemon reads ahead on the connection's queue right after sending the batch, and counting waits
            // for that queue: the batch is held by now.
            during = fixture.daemon.openStreams
            stop.pointee = true
        }
        #expect(during.open == 1)
        #expect(during.readAhead == 1)
        // Stopping drops the client's stream, which cancels it; the daemon handles the Cancel on its own time.
        let deadline = Date().addingTimeInterval(10)
        var after = fixture.daemon.openStreams
        while after.open > 0 || after.readAhead > 0, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
            after = fixture.daemon.openStreams
        }
        #expect(after.open == 0)
        #expect(after.readAhead == 0)
    }
}
