import Contacts
import ContactsModel
import ContactsTestSupport
import Foundation
import GRDB
import Testing

@testable import ContactsEngine

/// A fetch of identifiers alone in row-id order reads the identifier column alone and finds where each batch
/// ends from its last identifier (``AuthorizedStore/identifierBatchQuery``).
@Suite struct IdentifierBatchTests {
    /// The identifiers of every contact, in the order an unsorted enumeration with `keys` hands them out.
    private static func identifiers(in database: AuthorizedStore, keys: ContactKeySet, unify: Bool) throws -> [String] {
        var result: [String] = []
        try database.enumerateContacts(ContactQuery(predicate: nil, keys: keys, unify: unify)) { storage in
            result.append(storage.identifier)
            return true
        }
        return result
    }

    /// The 128th contact (the first batch's last) and the 640th (the second's) hold identifiers with U+0000 and
    /// non-ASCII text: each batch's end is found from those exact bytes, so the next batch starts right after
    /// them; nothing is skipped, repeated or cut, and the order is that of a read with a key.
    @Test func batchesEndingOnUnusualIdentifiersContinueRightAfterThem() throws {
        let temporary = try TemporaryStore()
        try ContactFixtures.save(
            (0..<700).map { ContactFixtures.person("Given\($0)", "Family\($0)") }, in: temporary.store)
        let database = try temporary.personStore()
        let unusual = ["before\u{0}after:ABPerson", "Zoë-名前\u{0}:ABPerson"]
        try database.write { db in
            let ids = try Int64.fetchAll(db, sql: "SELECT id FROM contact ORDER BY id")
            for (offset, identifier) in zip([127, 639], unusual) {
                try db.execute(
                    sql: "UPDATE contact SET identifier = CAST(? AS TEXT) WHERE id = ?",
                    arguments: [Data(identifier.utf8), ids[offset]])
            }
        }
        let withKey = try Self.identifiers(in: database, keys: ContactKeySet(.givenName), unify: false)
        #expect(withKey.count == 700)
        #expect(withKey[127] == unusual[0] && withKey[639] == unusual[1])
        for unify in [false, true] {
            #expect(try Self.identifiers(in: database, keys: [], unify: unify) == withKey)
        }
    }

    /// An enumeration of exactly a full first batch ends after it (the next batch is empty), and a store with
    /// none hands out nothing.
    @Test func aStoreOfExactlyOneBatchOrNoneEndsCleanly() throws {
        let empty = try TemporaryStore()
        #expect(try Self.identifiers(in: empty.personStore(), keys: [], unify: true).isEmpty)
        let temporary = try TemporaryStore()
        let saved = try ContactFixtures.save(
            (0..<AuthorizedStore.firstBatchSize).map { ContactFixtures.person("Given\($0)", "Family") },
            in: temporary.store)
        #expect(try Self.identifiers(in: temporary.personStore(), keys: [], unify: true) == saved.map(\.identifier))
    }

    /// Identifiers alone are read in batches of 128, 512, 2,048 and then 4,096: 7,000 contacts cross each
    /// batch's end (128, 640, 2,688, 6,784) with rows deleted on both sides of them, and come out once each, in
    /// the order of a read with a key (whose batches stop at 1,024), unified or not, and after a save that lands
    /// between two enumerations.
    @Test func largeIdentifierBatchesHandOutEveryContactOnceInOrder() throws {
        let temporary = try TemporaryStore()
        let saved = try ContactFixtures.save(
            (0..<7_000).map { ContactFixtures.person("Given\($0)", "Family") }, in: temporary.store)
        let deletion = CNSaveRequest()
        for offset in [127, 128, 639, 640, 2_687, 2_688, 6_783, 6_784] {
            deletion.delete(saved[offset])
        }
        try temporary.store.execute(deletion)
        let database = try temporary.personStore()
        let withKey = try Self.identifiers(in: database, keys: ContactKeySet(.givenName), unify: false)
        #expect(withKey.count == 6_992)
        for unify in [false, true] {
            #expect(try Self.identifiers(in: database, keys: [], unify: unify) == withKey)
        }
        let added = try ContactFixtures.save([ContactFixtures.person("Added", "Later")], in: temporary.store)
        #expect(try Self.identifiers(in: database, keys: [], unify: true) == withKey + [added[0].identifier])
    }
}
