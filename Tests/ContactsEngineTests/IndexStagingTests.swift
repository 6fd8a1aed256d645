import Contacts
import ContactsModel
import ContactsTestSupport
import Foundation
import GRDB
import Testing

@testable import ContactsEngine

/// New index keys are staged in small b-trees and merged into the large indexes now and then (`IndexStaging`):
/// every search must find a contact wherever its keys are, and lose it wherever they were.
@Suite struct IndexStagingTests {
    /// A store on a fresh file whose saves merge once `limit` contacts are staged, and the engine's view of it.
    private struct Fixture {
        let temporary: TemporaryStore
        let store: CNContactStore
        let database: AuthorizedStore

        init(limit: Int) throws {
            temporary = try TemporaryStore()
            var configuration = temporary.configuration()
            configuration.indexStagingPolicy = IndexStaging.Policy(fixedLimit: limit)
            store = CNContactStore(configuration: configuration)
            database = try EmbeddedConnection(configuration: configuration).authorized()
        }

        /// Merges whatever is staged, as a save that fills the staging does, on a connection of its own.
        func mergeAll() throws {
            let queue = try DatabaseQueue(path: temporary.url.path)
            try queue.write { try IndexStaging.merge(in: $0) }
            try queue.close()
        }

        func staged() throws -> IndexStaging.Counts {
            try database.read { try IndexStaging.counts(in: $0) }
        }

        /// The rows of the large name and phone indexes that belong to a contact.
        func mergedRows(of identifier: String) throws -> Int {
            try database.read { db in
                try Int.fetchOne(
                    db,
                    sql: """
                        SELECT (SELECT count(*) FROM name_index WHERE contact_id = c.id)
                        + (SELECT count(*) FROM phone_index WHERE contact_id = c.id) FROM contact c WHERE c.identifier = ?
                        """,
                    arguments: [identifier]
                ) ?? 0
            }
        }

        /// Every staged or merged index row of a row id, whatever contact holds it now.
        func indexRows(ofRowID id: Int64) throws -> Int {
            try database.read { db in
                try ["name_index", "name_index_staged", "phone_index", "phone_index_staged"].reduce(0) { sum, table in
                    sum
                        + (try Int.fetchOne(
                            db, sql: "SELECT count(*) FROM \(table) WHERE contact_id = ?", arguments: [id]) ?? 0)
                }
            }
        }

        func rowID(of identifier: String) throws -> Int64 {
            try database.read { db in
                try Int64.fetchOne(db, sql: "SELECT id FROM contact WHERE identifier = ?", arguments: [identifier])
                    ?? -1
            }
        }

        func byName(_ name: String) throws -> [String] {
            try store.unifiedContacts(
                matching: CNContact.predicateForContacts(matchingName: name),
                keysToFetch: [CNContactGivenNameKey as CNKeyDescriptor]
            ).map(\.identifier).sorted()
        }

        func byPhone(_ number: String) throws -> [String] {
            try store.unifiedContacts(
                matching: CNContact.predicateForContacts(matching: CNPhoneNumber(stringValue: number)),
                keysToFetch: [CNContactGivenNameKey as CNKeyDescriptor]
            ).map(\.identifier).sorted()
        }

        func sorted(_ order: CNContactSortOrder, predicate: NSPredicate? = nil) throws -> [String] {
            let request = CNContactFetchRequest(keysToFetch: [
                CNContactGivenNameKey as CNKeyDescriptor, CNContactFamilyNameKey as CNKeyDescriptor,
            ])
            request.sortOrder = order
            request.predicate = predicate
            var names: [String] = []
            try store.enumerateContacts(with: request) { contact, _ in
                names.append(contact.givenName + " " + contact.familyName)
            }
            return names
        }
    }

    @Test func aContactSavedAMomentAgoIsFoundByNamePhoneAndSortedEnumeration() throws {
        let fixture = try Fixture(limit: 1_000)
        let saved = try ContactFixtures.save(
            [
                ContactFixtures.person("Annika", "Lindqvist", phones: ["+1 415 555 0101"]),
                ContactFixtures.person("Bo", "Zola"),
            ],
            in: fixture.store)
        #expect(try fixture.staged() == IndexStaging.Counts(contacts: 2, nameTokens: 4, phoneKeys: 1))
        #expect(try fixture.mergedRows(of: saved[0].identifier) == 0)
        #expect(try fixture.byName("lind") == [saved[0].identifier])
        #expect(try fixture.byName("ann lindq") == [saved[0].identifier])
        #expect(try fixture.byPhone("(415) 555-0101") == [saved[0].identifier])
        #expect(try fixture.sorted(.familyName) == ["Annika Lindqvist", "Bo Zola"])
        #expect(
            try fixture.sorted(.givenName, predicate: CNContact.predicateForContacts(matchingName: "zol")) == [
                "Bo Zola"
            ])
    }

    @Test func aSaveThatFillsTheStagingMergesItAndSearchesFindTheSameContacts() throws {
        let fixture = try Fixture(limit: 3)
        let first = try ContactFixtures.save(
            [
                ContactFixtures.person("Ann", "Smith", phones: ["+1 415 555 0101"]),
                ContactFixtures.person("Anna", "Berg"),
            ],
            in: fixture.store)
        #expect(try fixture.staged().contacts == 2)
        let before = try (fixture.byName("ann"), fixture.byPhone("415 555 0101"), fixture.sorted(.givenName))
        let third = try ContactFixtures.save(
            [ContactFixtures.person("Annette", "Olsen", phones: ["+1 415 555 0199"])], in: fixture.store)
        #expect(try fixture.staged() == IndexStaging.Counts(contacts: 0, nameTokens: 0, phoneKeys: 0))
        #expect(try fixture.mergedRows(of: first[0].identifier) == 3)
        #expect(try fixture.byName("ann") == (first + third).map(\.identifier).sorted())
        #expect(try fixture.byPhone("415 555 0101") == before.1)
        #expect(try fixture.byPhone("415 555 0199") == [third[0].identifier])
        #expect(before.0 == first.map(\.identifier).sorted())
        #expect(try fixture.sorted(.givenName) == before.2 + ["Annette Olsen"])
    }

    @Test func deletingAStagedAndAMergedContactRemovesEveryKeyOfBoth() throws {
        let fixture = try Fixture(limit: 2)
        let merged = try ContactFixtures.save(
            [
                ContactFixtures.person("Ann", "Smith", phones: ["+1 415 555 0101"]),
                ContactFixtures.person("Anna", "Smithers", phones: ["+1 415 555 0102"]),
            ],
            in: fixture.store)
        let staged = try ContactFixtures.save(
            [ContactFixtures.person("Annie", "Smythe", phones: ["+1 415 555 0103"])], in: fixture.store)
        #expect(try fixture.staged().contacts == 1)
        let ids = try [merged[0], staged[0]].map { try fixture.rowID(of: $0.identifier) }
        #expect(try ids.map { try fixture.indexRows(ofRowID: $0) } == [3, 3])
        let request = CNSaveRequest()
        request.delete(merged[0].mutableCopy() as! CNMutableContact)
        request.delete(staged[0].mutableCopy() as! CNMutableContact)
        try fixture.store.execute(request)
        #expect(try ids.map { try fixture.indexRows(ofRowID: $0) } == [0, 0])
        #expect(try fixture.byName("sm") == [merged[1].identifier])
        #expect(try fixture.byPhone("415 555 0101").isEmpty)
        #expect(try fixture.byPhone("415 555 0103").isEmpty)
        #expect(try fixture.byPhone("415 555 0102") == [merged[1].identifier])
        #expect(try fixture.sorted(.familyName) == ["Anna Smithers"])
    }

    @Test func updatingAMergedContactStagesItsNewKeysAndDropsTheOldOnes() throws {
        let fixture = try Fixture(limit: 10)
        let saved = try ContactFixtures.save(
            [ContactFixtures.person("Ann", "Smith", phones: ["+1 415 555 0101"])], in: fixture.store)
        try fixture.mergeAll()
        #expect(try fixture.mergedRows(of: saved[0].identifier) == 3)
        let contact = saved[0].mutableCopy() as! CNMutableContact
        contact.familyName = "Quist"
        contact.phoneNumbers = [
            CNLabeledValue(label: CNLabelHome, value: CNPhoneNumber(stringValue: "+1 415 555 0177"))
        ]
        let request = CNSaveRequest()
        request.update(contact)
        try fixture.store.execute(request)
        #expect(try fixture.staged() == IndexStaging.Counts(contacts: 1, nameTokens: 2, phoneKeys: 1))
        #expect(try fixture.mergedRows(of: saved[0].identifier) == 0)
        for merged in [false, true] {
            if merged { try fixture.mergeAll() }
            #expect(try fixture.byName("smi").isEmpty)
            #expect(try fixture.byName("qui") == [saved[0].identifier])
            #expect(try fixture.byName("ann q") == [saved[0].identifier])
            #expect(try fixture.byPhone("415 555 0101").isEmpty)
            #expect(try fixture.byPhone("415 555 0177") == [saved[0].identifier])
            #expect(try fixture.sorted(.familyName) == ["Ann Quist"])
            #expect(try fixture.indexRows(ofRowID: fixture.rowID(of: saved[0].identifier)) == 3)
        }
    }

    /// Batches of a long enumeration page through both sort indexes: the order is the one of the large index
    /// alone, with every contact once.
    @Test func sortedEnumerationInterleavesStagedAndMergedContactsAcrossBatches() throws {
        let fixture = try Fixture(limit: 250)
        // Names spread over the alphabet (a fixed sequence, so a failure repeats), some sharing a name.
        let syllables = ["an", "bo", "ca", "de", "el", "fi", "go", "ha", "ö", "ju", "ki", "lo", "mi", "ny", "zo"]
        var state: UInt64 = 17
        func name() -> String {
            (0..<3).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return syllables[Int(state >> 33) % syllables.count]
            }.joined().capitalized
        }
        try ContactFixtures.save((0..<300).map { _ in ContactFixtures.person(name(), name()) }, in: fixture.store)
        try ContactFixtures.save((0..<200).map { _ in ContactFixtures.person(name(), name()) }, in: fixture.store)
        #expect(try fixture.staged().contacts == 200)
        let orders: [CNContactSortOrder] = [.givenName, .familyName]
        let predicate = CNContact.predicateForContacts(matchingName: "a")
        let staged = try orders.map { try (fixture.sorted($0), fixture.sorted($0, predicate: predicate)) }
        try fixture.mergeAll()
        #expect(try fixture.staged().contacts == 0)
        for (index, order) in orders.enumerated() {
            let merged = try fixture.sorted(order)
            #expect(merged.count == 500)
            #expect(staged[index].0 == merged)
            #expect(staged[index].1 == (try fixture.sorted(order, predicate: predicate)))
        }
    }

    /// An import is one transaction over many cards: its keys go straight to the large indexes (staging them
    /// would write them twice), and what saves staged before stays staged until the staging is full.
    @Test func anImportWritesItsKeysStraightToTheLargeIndexes() throws {
        let fixture = try Fixture(limit: 1_000)
        let saved = try ContactFixtures.save([ContactFixtures.person("Cy", "Zorn")], in: fixture.store)
        #expect(try fixture.staged().contacts == 1)
        let contacts = [ContactFixtures.person("Ann", "Smith"), ContactFixtures.person("Bo", "Zola")]
        try fixture.database.importTransaction(author: nil, containerIdentifier: nil) { transaction in
            for contact in contacts {
                try transaction.add(contact.storage, uid: nil, unknownProperties: [])
            }
        }
        #expect(
            try fixture.staged() == IndexStaging.Counts(contacts: 1, nameTokens: 2, phoneKeys: 0),
            "only the saved contact")
        #expect(try fixture.mergedRows(of: contacts[1].identifier) == 2)
        #expect(try fixture.byName("zo") == ([contacts[1].identifier] + saved.map(\.identifier)).sorted())
        for order in [CNContactSortOrder.givenName, .familyName] {
            #expect(try fixture.sorted(order).count == 3)
        }
    }

    /// A sync step of a large download writes its keys straight, as an import does; an ordinary step stages them.
    @Test(arguments: [false, true])
    func aSyncStepStagesItsKeysUnlessToldToWriteThemStraight(straight: Bool) throws {
        let fixture = try Fixture(limit: 1_000)
        let container = try fixture.store.defaultContainerIdentifier()
        let contact = ContactFixtures.person("Bo", "Zola")
        _ = try fixture.database.syncTransaction(
            containerIdentifier: container, author: "sync", keysStraightToLargeIndexes: straight
        ) { step in
            try step.addContact(contact.storage, uid: "bo", unknownProperties: [])
        }
        #expect(try fixture.staged().contacts == (straight ? 0 : 1))
        #expect(try fixture.mergedRows(of: contact.identifier) == (straight ? 2 : 0))
        #expect(try fixture.byName("zo") == [contact.identifier])
        #expect(try fixture.sorted(.familyName).count == 1)
    }

    /// A store made before the staging: every key in the large indexes, full sort indexes, no `staged` column.
    /// Opening it upgrades it in place, and every search answers as before; a new save is staged.
    @Test func aStoreOfTheEarlierSchemaUpgradesWithTheSameSearchResults() throws {
        let temporary = try TemporaryStore()
        let saved = try ContactFixtures.save(
            [
                ContactFixtures.person("Ann", "Smith", phones: ["+1 415 555 0101"]),
                ContactFixtures.person("Anna", "Öberg", phones: ["+1 415 555 0102", "+44 20 7946 0958"]),
                ContactFixtures.person("Bo", "Zola"), ContactFixtures.person("Åsa", "Smithers"),
            ],
            in: temporary.store)
        func answers(_ store: CNContactStore) throws -> [[String]] {
            let keys = [CNContactGivenNameKey as CNKeyDescriptor, CNContactFamilyNameKey as CNKeyDescriptor]
            let predicates = [
                CNContact.predicateForContacts(matchingName: "ann"),
                CNContact.predicateForContacts(matchingName: "smi"),
                CNContact.predicateForContacts(matchingName: "ann sm"),
                CNContact.predicateForContacts(matching: CNPhoneNumber(stringValue: "(415) 555-0102")),
                CNContact.predicateForContacts(matching: CNPhoneNumber(stringValue: "+44 20 7946 0958")),
            ]
            var result = try predicates.map {
                try store.unifiedContacts(matching: $0, keysToFetch: keys).map(\.identifier).sorted()
            }
            for order in [CNContactSortOrder.givenName, .familyName] {
                let request = CNContactFetchRequest(keysToFetch: keys)
                request.sortOrder = order
                var names: [String] = []
                try store.enumerateContacts(with: request) { contact, _ in names.append(contact.familyName) }
                result.append(names)
            }
            return result
        }
        let before = try answers(temporary.store)
        #expect(before[0].count == 2 && before[3] == [saved[1].identifier] && before[5].count == 4)
        let queue = try Self.earlierSchema(temporary)
        let oldRows = try queue.read { db in
            try ["name_index", "phone_index"].map { try Int.fetchOne(db, sql: "SELECT count(*) FROM \($0)") ?? 0 }
        }
        #expect(oldRows == [8, 3])
        try queue.close()
        let upgraded = try temporary.reopen()
        #expect(try answers(upgraded) == before)
        let database = try temporary.personStore()
        let schema = try database.read { db in
            (
                try ["name_index", "phone_index"].map { try Int.fetchOne(db, sql: "SELECT count(*) FROM \($0)") ?? 0 },
                try IndexStaging.counts(in: db),
                try String.fetchAll(
                    db, sql: "SELECT sql FROM sqlite_master WHERE name IN ('contact_sort_given', 'contact_sort_family')"
                )
            )
        }
        #expect(schema.0 == oldRows)
        #expect(schema.1 == IndexStaging.Counts(contacts: 0, nameTokens: 0, phoneKeys: 0))
        #expect(schema.2.count == 2 && schema.2.allSatisfy { $0.hasSuffix("WHERE staged = 0") })
        let added = try ContactFixtures.save(
            [ContactFixtures.person("Annabel", "Smith", phones: ["+1 415 555 0103"])], in: upgraded)
        #expect(
            try database.read { try IndexStaging.counts(in: $0) }
                == IndexStaging.Counts(contacts: 1, nameTokens: 2, phoneKeys: 1))
        let after = try answers(upgraded)
        #expect(after[0] == (before[0] + [added[0].identifier]).sorted())
        #expect(after[1] == (before[1] + [added[0].identifier]).sorted())
        #expect(after[6] == ["Öberg", "Smith", "Smith", "Smithers", "Zola"])
    }

    /// Rewrites a store as the version before the staging left it: every key merged, full sort indexes, no
    /// `staged` column, the migration not applied.
    private static func earlierSchema(_ temporary: TemporaryStore) throws -> DatabaseQueue {
        let queue = try DatabaseQueue(path: temporary.url.path)
        try queue.write { db in
            try IndexStaging.merge(in: db)
            // The staging migration makes the staged phone keys in their shape before the values were clustered.
            try TemporaryStore.unclusterValues(db)
            try db.execute(
                sql: "DELETE FROM grdb_migrations WHERE identifier = ?", arguments: [ValueClusterSchema.migrationName])
            try db.execute(
                sql: """
                    DROP INDEX contact_sort_given; DROP INDEX contact_sort_family;
                    DROP INDEX contact_sort_given_staged; DROP INDEX contact_sort_family_staged;
                    ALTER TABLE contact DROP COLUMN staged;
                    CREATE INDEX contact_sort_given ON contact(sort_given);
                    CREATE INDEX contact_sort_family ON contact(sort_family);
                    DROP TABLE name_index_staged; DROP TABLE phone_index_staged;
                    """
            )
            try db.execute(
                sql: "DELETE FROM grdb_migrations WHERE identifier = ?", arguments: [IndexStagingSchema.migrationName])
        }
        return queue
    }

    /// A read-only open never migrates: a store of the earlier schema answers a name search with a clear error
    /// (no crash, nothing written) until a writable open upgrades it.
    @Test func aReadOnlyOpenOfAStoreNotYetUpgradedRefusesNameSearchesWithDataAccessError() throws {
        let temporary = try TemporaryStore()
        let saved = try ContactFixtures.save([ContactFixtures.person("Ann", "Smith")], in: temporary.store)
        try Self.earlierSchema(temporary).close()
        let readOnly = CNContactStore(configuration: temporary.configuration(isReadOnly: true))
        let byName = CNContact.predicateForContacts(matchingName: "smi")
        #expect(try ContactFixtures.identifiers(in: readOnly) == [saved[0].identifier])
        #expect(throws: CNError(.dataAccessError)) {
            try readOnly.unifiedContacts(matching: byName, keysToFetch: [])
        }
        // A store opens its file at its first call.
        #expect(try ContactFixtures.identifiers(in: temporary.reopen()) == [saved[0].identifier])
        let upgraded = CNContactStore(configuration: temporary.configuration(isReadOnly: true))
        #expect(
            try upgraded.unifiedContacts(matching: byName, keysToFetch: []).map(\.identifier) == [saved[0].identifier])
    }

    /// A save counts the staged contacts only once its store's saves staged a hundredth of the limit since the
    /// last count, so a save of one contact does not walk the staging each time; what another store (or
    /// process) staged is seen at the next count, and the staging passes the limit by at most that hundredth.
    @Test func smallSavesCountTheStagingOnlyEveryHundredthOfTheLimit() throws {
        let fixture = try Fixture(limit: 200)
        var configuration = fixture.temporary.configuration()
        configuration.indexStagingPolicy = IndexStaging.Policy(fixedLimit: 200)
        let other = CNContactStore(configuration: configuration)
        try ContactFixtures.save((0..<199).map { ContactFixtures.person("Bulk", "Person\($0)") }, in: other)
        #expect(try fixture.staged().contacts == 199)
        try ContactFixtures.save([ContactFixtures.person("Ann", "One")], in: fixture.store)
        #expect(try fixture.staged().contacts == 200)
        try ContactFixtures.save([ContactFixtures.person("Bo", "Two")], in: fixture.store)
        #expect(try fixture.staged().contacts == 0)
        #expect(try fixture.byName("bulk").count == 199)
    }

    @Test func theDefaultLimitGrowsAsTheSquareRootOfTheStore() {
        let policy = IndexStaging.Policy.standard
        #expect(policy.limit(contacts: 0) == 2_000)
        #expect(policy.limit(contacts: 10_000) == 2_000)
        #expect(policy.limit(contacts: 100_000) == 6_324)
        #expect(policy.limit(contacts: 1_000_000) == 20_000)
        #expect(IndexStaging.Policy(fixedLimit: 0).limit(contacts: 100) == 1)
    }

    /// The name plan's choice asks whether a word's tokens reach a count, staged and merged together, without
    /// counting them all: at and around the sum, and where the staged tokens alone reach it.
    @Test func aWordsRangeReachesACountOfItsStagedAndMergedTokensTogether() throws {
        let fixture = try Fixture(limit: 1_000)
        // Three merged "Kim" contacts give four tokens starting with "kim" (given and family of the last).
        _ = try ContactFixtures.save(
            [
                ContactFixtures.person("Kim", "Berg"), ContactFixtures.person("Kimberly", "Olsen"),
                ContactFixtures.person("Kim", "Kimura"),
            ],
            in: fixture.store)
        try fixture.mergeAll()
        _ = try ContactFixtures.save(
            [ContactFixtures.person("Kimi", "Lund"), ContactFixtures.person("Ann", "Kimball")], in: fixture.store)
        #expect(try fixture.staged().nameTokens == 4)
        let reaches = { (word: String, cap: Int) in
            try fixture.database.read { try PredicateCompiler.range(of: word, reaches: cap, in: $0) }
        }
        // "kim": 4 merged and 2 staged.
        for cap in 1...6 {
            #expect(try reaches("kim", cap), "cap \(cap)")
        }
        #expect(try !reaches("kim", 7))
        #expect(try !reaches("kim", 100))
        // "ber" and "olsen" are merged alone, "lund" staged alone, "zz" nowhere.
        #expect(try reaches("ber", 1))
        #expect(try !reaches("ber", 2))
        #expect(try reaches("lun", 1))
        #expect(try !reaches("lun", 2))
        #expect(try !reaches("zz", 1))
    }
}
