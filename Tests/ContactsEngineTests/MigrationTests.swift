import Contacts
import ContactsModel
import ContactsTestSupport
import Foundation
import GRDB
import Testing

@testable import ContactsEngine

@Suite struct MigrationTests {
    @Test func version1CreatesEveryTableOfTheDesign() throws {
        let temporary = try TemporaryStore()
        let database = try temporary.personStore()
        let tables = try database.read { db in
            try String.fetchAll(
                db,
                sql:
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'grdb_%'"
            )
        }
        #expect(
            Set(tables) == [
                "container", "store_setting", "contact", "contact_value", "contact_image", "unknown_property", "link",
                "name_index",
                "phone_index", "group", "group_member", "subgroup", "transaction", "change_log", "app", "app_grant",
                "app_created",
                "keep_separate",
                "contact_uid",
                // CardDAV accounts (migration carddav-sync).
                "sync_account", "sync_collection", "sync_card", "sync_conflict",
                // Staged index keys (migration index-staging).
                "name_index_staged", "phone_index_staged",
                // A running sync's listing (migration carddav-sync-listing).
                "sync_listing_run", "sync_listing",
            ])
    }

    /// A store an earlier version made gets the sync's listing tables when it opens, and ending a listing deletes
    /// its entries with its run.
    @Test func openingAStoreAddsTheSyncListingTablesAnEarlierVersionLacked() throws {
        let temporary = try TemporaryStore()
        _ = try temporary.personStore()
        try temporary.rewind(migration: SyncSchema.listingMigrationName) { db in
            try db.execute(sql: "DROP TABLE sync_listing; DROP TABLE sync_listing_run")
        }
        let reopened = try temporary.personStore()
        let container = try reopened.defaultContainerIdentifier()
        let run = try reopened.beginSyncListing(containerIdentifier: container)
        try reopened.appendSyncListing(run: run, entries: [SyncListingEntry(href: "/book/a.vcf", etag: "\"1\"")])
        #expect(try reopened.syncListingDownloadCount(containerIdentifier: container, run: run) == 1)
        try reopened.endSyncListing(run: run)
        let left = try reopened.read { db in
            try Int.fetchOne(
                db, sql: "SELECT (SELECT count(*) FROM sync_listing_run) + (SELECT count(*) FROM sync_listing)")
        }
        #expect(left == 0)
        // A download batch reads the listing in rowid order from its position, stopping at its limit: no index
        // scan of the whole run, no sort (docs/Sync.md, "The first sync's listing, in the store").
        let plan = try reopened.read { db in
            try String.fetchAll(
                db, sql: "EXPLAIN QUERY PLAN " + AuthorizedStore.downloadBatchQuery, arguments: [0, run, 1, 250],
                adapter: SuffixRowAdapter(fromIndex: 3)
            ).joined(separator: "; ")
        }
        #expect(plan.contains("SEARCH l USING INTEGER PRIMARY KEY (rowid>?)"), "\(plan)")
        #expect(!plan.contains("TEMP B-TREE"), "\(plan)")
    }

    @Test func reopeningAppliesNoMigrationTwiceAndKeepsOneLocalContainer() throws {
        let temporary = try TemporaryStore()
        let first = try temporary.personStore()
        let identifier = try first.defaultContainerIdentifier()
        let second = try temporary.personStore()
        #expect(try second.defaultContainerIdentifier() == identifier)
        let applied = try second.read { try StoreSchema.migrator.appliedMigrations($0) }
        #expect(applied == StoreSchema.migrator.migrations)
        #expect(applied.first == "v1")
        #expect(try second.containers(matching: nil).count == 1)
    }

    /// A store an earlier version left without the sync's card indexes gets them when it opens, and the queries of
    /// a sync's start use them instead of reading every card's row (whose bytes make it the book's largest table).
    @Test func openingAStoreAddsTheSyncCardIndexesAnEarlierVersionLacked() throws {
        let temporary = try TemporaryStore()
        _ = try temporary.personStore()
        try temporary.rewind(migration: SyncSchema.cardIndexesMigrationName) { db in
            try db.execute(sql: "DROP INDEX sync_card_unsettled; DROP INDEX sync_card_kind_object")
        }
        let reopened = try temporary.personStore()
        let indexes = try reopened.read { db in
            try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'sync_card'")
        }
        #expect(Set(indexes).isSuperset(of: ["sync_card_unsettled", "sync_card_kind_object"]))
        let plans = try reopened.read { db in
            try [
                "SELECT kind, object_identifier FROM sync_card WHERE container_id = 1 AND state != 0",
                "SELECT kind FROM sync_card s WHERE s.container_id = 1 AND s.kind = 0 AND NOT EXISTS (SELECT 1 FROM contact c WHERE c.identifier = s.object_identifier)",
            ].map { sql in
                try String.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, adapter: SuffixRowAdapter(fromIndex: 3))
                    .joined(separator: "; ")
            }
        }
        #expect(plans[0].contains("USING INDEX sync_card_unsettled"), "\(plans[0])")
        #expect(plans[1].contains("sync_card_kind_object"), "\(plans[1])")
    }

    /// A store an earlier version made, with contacts in it, gets the (id, identifier) index when it opens,
    /// built from every row it holds: a fetch of every identifier then reads the index and returns the same
    /// contacts in the same order as a read of the contacts' rows, before and after later saves and deletes.
    /// Until then, a read-only open (which never migrates) reads the rows and answers the same.
    @Test func openingAStoreAddsTheIdentifierOrderIndexAnEarlierVersionLacked() throws {
        let temporary = try TemporaryStore()
        // 700 contacts cross the enumeration's first two batches (128, then 512); deleting every seventh leaves
        // gaps in the row ids.
        let saved = try ContactFixtures.save(
            (0..<700).map { ContactFixtures.person("Given\($0)", "Family\($0)") }, in: temporary.store)
        let deletion = CNSaveRequest()
        for contact in saved.enumerated().filter({ $0.offset % 7 == 3 }).map(\.element) {
            deletion.delete(contact)
        }
        try temporary.store.execute(deletion)
        try temporary.rewind(migration: IdentifierOrderSchema.migrationName) { db in
            try db.execute(sql: "DROP INDEX \(IdentifierOrderSchema.indexName)")
        }
        let readOnly = CNContactStore(configuration: temporary.configuration(isReadOnly: true))
        let expected = try Self.identifiersInOrder(in: readOnly, keys: [CNContactGivenNameKey as CNKeyDescriptor])
        #expect(expected.count == 600)
        #expect(Set(expected) == Set(saved.enumerated().filter { $0.offset % 7 != 3 }.map(\.element.identifier)))
        #expect(try Self.identifiersInOrder(in: readOnly, keys: []) == expected)

        let reopened = try temporary.reopen()
        #expect(try Self.identifiersInOrder(in: reopened, keys: []) == expected)
        let database = try temporary.personStore()
        let (indexed, check, plan) = try database.read { db in
            let indexed = try String.fetchAll(
                db,
                sql:
                    "SELECT identifier FROM contact INDEXED BY \(IdentifierOrderSchema.indexName) WHERE id > 0 ORDER BY id"
            )
            let check = try String.fetchAll(db, sql: "PRAGMA integrity_check")
            let plan = try String.fetchAll(
                db, sql: "EXPLAIN QUERY PLAN SELECT id, identifier FROM contact WHERE (1) ORDER BY id LIMIT 128",
                adapter: SuffixRowAdapter(fromIndex: 3)
            ).joined(separator: "; ")
            return (indexed, check, plan)
        }
        #expect(indexed == expected)
        #expect(check == ["ok"])
        #expect(plan.contains("COVERING INDEX \(IdentifierOrderSchema.indexName)"), "\(plan)")

        let added = try ContactFixtures.save([ContactFixtures.person("Added", "Later")], in: reopened)
        let removal = CNSaveRequest()
        removal.delete(saved[0])
        try reopened.execute(removal)
        let after = Array(expected.dropFirst()) + [added[0].identifier]
        #expect(try Self.identifiersInOrder(in: reopened, keys: []) == after)
        #expect(try Self.identifiersInOrder(in: reopened, keys: [CNContactGivenNameKey as CNKeyDescriptor]) == after)
    }

    /// A store an earlier version made, each labeled value a row of its own with its row id, its phone keys (large
    /// and staged) naming values by that row id, gets its values clustered by contact when it opens: row for row
    /// the same values (identifiers, labels, text, order) and phone keys, the same contacts through the public
    /// API, and phone lookups and e-mail searches find them. The row ids run against the key order, so nothing
    /// is carried over by row id alone.
    @Test func openingAStoreClustersTheLabeledValuesAnEarlierVersionKeptApart() throws {
        let temporary = try TemporaryStore()
        let people = (0..<30).map {
            ContactFixtures.person(
                "Given\($0)", "Family\($0)", phones: ["+1 415 555 \(1000 + $0)", "020 7946 \(2000 + $0)"],
                emails: ["first\($0)@example.com", "Second\($0)@Example.org"])
        }
        try ContactFixtures.save(people + [ModelSamples.fullContact()], in: temporary.store)
        // The first contacts' phone keys in the large index, the later ones' staged.
        try temporary.personStore().write { try IndexStaging.merge(in: $0) }
        let later = try ContactFixtures.save(
            [ModelSamples.fullContact(), ContactFixtures.person("Later", "Saved", phones: ["+33 1 42 68 53 00"])],
            in: temporary.store)
        let database = try temporary.personStore()
        let before = try database.read(Self.valueAndPhoneKeyRows)
        #expect(before.values.count == 30 * 4 + 2 * 9 + 1)
        #expect(before.phoneKeys.contains { $0[0] == "large".databaseValue })
        #expect(before.phoneKeys.contains { $0[0] == "staged".databaseValue })
        let keys = ContactKeyNames.every
        let expected = try Self.contactsByIdentifier(in: temporary.store, keys: keys)

        try temporary.rewind(migration: ValueClusterSchema.migrationName, undo: TemporaryStore.unclusterValues)
        // Read without the store, whose open would migrate.
        let file = try DatabaseQueue(path: temporary.url.path)
        let earlier = try file.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE tbl_name = 'contact_value'")
        }
        try file.close()
        #expect(Set(earlier) == ["contact_value", "contact_value_contact", "contact_value_search"])

        let reopened = try temporary.reopen()
        let (after, shape, checks) = try temporary.personStore().read { db in
            let shape = try String.fetchAll(
                db,
                sql: "SELECT name || ': ' || sql FROM sqlite_master WHERE tbl_name IN ('contact_value', 'phone_index')")
            let checks =
                try String.fetchAll(db, sql: "PRAGMA integrity_check")
                + String.fetchAll(db, sql: "SELECT 'dangling ' || \"table\" FROM pragma_foreign_key_check")
            return (try Self.valueAndPhoneKeyRows(db), shape, checks)
        }
        #expect(after.values == before.values)
        #expect(after.phoneKeys == before.phoneKeys)
        #expect(checks == ["ok"])
        #expect(shape.contains { $0.hasPrefix("contact_value: ") && $0.contains("WITHOUT ROWID") }, "\(shape)")
        #expect(!shape.contains { $0.hasPrefix("contact_value_contact") }, "\(shape)")
        let actual = try Self.contactsByIdentifier(in: reopened, keys: keys)
        #expect(actual.keys == expected.keys)
        for (identifier, contact) in expected {
            guard let migrated = actual[identifier] else { continue }
            #expect(ContactComparison.differences(contact, migrated).isEmpty, "\(identifier)")
            #expect(Self.valueIdentifiers(of: migrated) == Self.valueIdentifiers(of: contact), "\(identifier)")
        }
        for (number, identifier) in [
            ("(415) 555-1007", people[7].identifier), ("020 7946 2029", people[29].identifier),
            ("+33 1 42 68 53 00", later[1].identifier),
        ] {
            let found = try reopened.unifiedContacts(
                matching: CNContact.predicateForContacts(matching: CNPhoneNumber(stringValue: number)), keysToFetch: [])
            #expect(found.map(\.identifier) == [identifier], "\(number)")
        }
        let mailed = try reopened.unifiedContacts(
            matching: CNContact.predicateForContacts(matchingEmailAddress: "second12@example.org"), keysToFetch: [])
        #expect(mailed.map(\.identifier) == [people[12].identifier])
    }

    /// A read-only open never migrates (docs/Store.md, "Opening a store"): a store whose values are not yet
    /// clustered reads every contact with its values and answers e-mail searches, refuses phone lookups with
    /// `dataAccessError` (2) and writes nothing, until a writable open clusters it.
    @Test func aReadOnlyOpenOfAStoreNotYetClusteredReadsItsValuesAndRefusesPhoneLookups() throws {
        let temporary = try TemporaryStore()
        let people = (0..<3).map {
            ContactFixtures.person(
                "Given\($0)", "Family\($0)", phones: ["+1 415 555 \(1000 + $0)"], emails: ["p\($0)@example.com"])
        }
        try ContactFixtures.save(people, in: temporary.store)
        let keys = ContactKeyNames.every
        let expected = try Self.contactsByIdentifier(in: temporary.store, keys: keys)
        try temporary.rewind(migration: ValueClusterSchema.migrationName, undo: TemporaryStore.unclusterValues)
        let byPhone = CNContact.predicateForContacts(matching: CNPhoneNumber(stringValue: "(415) 555-1001"))

        let readOnly = CNContactStore(configuration: temporary.configuration(isReadOnly: true))
        let read = try Self.contactsByIdentifier(in: readOnly, keys: keys)
        #expect(read.keys == expected.keys)
        for (identifier, contact) in expected {
            guard let earlier = read[identifier] else { continue }
            #expect(ContactComparison.differences(contact, earlier).isEmpty, "\(identifier)")
        }
        let mailed = try readOnly.unifiedContacts(
            matching: CNContact.predicateForContacts(matchingEmailAddress: "p2@example.com"), keysToFetch: [])
        #expect(mailed.map(\.identifier) == [people[2].identifier])
        #expect(throws: CNError(.dataAccessError)) {
            try readOnly.unifiedContacts(matching: byPhone, keysToFetch: [])
        }
        let file = try DatabaseQueue(path: temporary.url.path)
        let applied = try file.read { db in
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM grdb_migrations WHERE identifier = ?)",
                arguments: [ValueClusterSchema.migrationName])
        }
        try file.close()
        #expect(applied == false)

        // A store opens (and migrates) its file at its first call.
        #expect(try ContactFixtures.identifiers(in: temporary.reopen()).count == 3)
        let upgraded = CNContactStore(configuration: temporary.configuration(isReadOnly: true))
        let found = try upgraded.unifiedContacts(matching: byPhone, keysToFetch: [])
        #expect(found.map(\.identifier) == [people[1].identifier])
    }

    /// Two values of one contact and kind that an earlier store holds at the same position (no writer of ours
    /// makes them) both survive the migration, numbered again in their stored order.
    @Test func clusteringKeepsValuesThatShareAPosition() throws {
        let temporary = try TemporaryStore()
        let saved = try ContactFixtures.save(
            [ContactFixtures.person("Given", "Family", phones: ["+1 415 555 0100", "+1 415 555 0199"])],
            in: temporary.store)
        try temporary.rewind(migration: ValueClusterSchema.migrationName) { db in
            try TemporaryStore.unclusterValues(db)
            try db.execute(sql: "UPDATE contact_value SET position = 0")
        }
        let reopened = try temporary.reopen()
        let contact = try reopened.unifiedContact(
            withIdentifier: saved[0].identifier, keysToFetch: [CNContactPhoneNumbersKey as CNKeyDescriptor])
        #expect(contact.phoneNumbers.map(\.identifier) == saved[0].phoneNumbers.map(\.identifier))
        let found = try reopened.unifiedContacts(
            matching: CNContact.predicateForContacts(matching: CNPhoneNumber(stringValue: "(415) 555-0199")),
            keysToFetch: [])
        #expect(found.map(\.identifier) == [saved[0].identifier])
    }

    /// Every value row with its contact's identifier in key order, and every phone key (large or staged) with its
    /// contact's identifier and its value's position.
    private static func valueAndPhoneKeyRows(_ db: Database) throws -> (
        values: [[DatabaseValue]], phoneKeys: [[DatabaseValue]]
    ) {
        let values = try Row.fetchAll(
            db,
            sql: """
                SELECT c.identifier, v.kind, v.position, v.identifier, v.label, v.value, v.detail, v.search
                FROM contact_value AS v JOIN contact AS c ON c.id = v.contact_id
                ORDER BY v.contact_id, v.kind, v.position
                """)
        let phoneKeys = try Row.fetchAll(
            db,
            sql: """
                SELECT 'large', p.key, c.identifier, p.position
                FROM phone_index AS p JOIN contact AS c ON c.id = p.contact_id
                UNION ALL SELECT 'staged', p.key, c.identifier, p.position
                FROM phone_index_staged AS p JOIN contact AS c ON c.id = p.contact_id
                ORDER BY 1, 2, 3, 4
                """)
        return (values.map { Array($0.databaseValues) }, phoneKeys.map { Array($0.databaseValues) })
    }

    /// Every contact of a store by identifier, with `keys`.
    private static func contactsByIdentifier(in store: CNContactStore, keys: [String]) throws -> [String: CNContact] {
        var result: [String: CNContact] = [:]
        try store.enumerateContacts(with: CNContactFetchRequest(keysToFetch: keys.map { $0 as CNKeyDescriptor })) {
            contact, _ in
            result[contact.identifier] = contact
        }
        return result
    }

    /// The identifiers of a contact's labeled values, property after property, each in its order.
    private static func valueIdentifiers(of contact: CNContact) -> [String] {
        contact.phoneNumbers.map(\.identifier) + contact.emailAddresses.map(\.identifier)
            + contact.postalAddresses.map(\.identifier) + contact.dates.map(\.identifier)
            + contact.urlAddresses.map(\.identifier) + contact.contactRelations.map(\.identifier)
            + contact.socialProfiles.map(\.identifier) + contact.instantMessageAddresses.map(\.identifier)
    }

    /// Every identifier an enumeration hands out, in its order (row-id order: no sort order asked).
    private static func identifiersInOrder(in store: CNContactStore, keys: [CNKeyDescriptor]) throws -> [String] {
        var result: [String] = []
        try store.enumerateContacts(with: CNContactFetchRequest(keysToFetch: keys)) { contact, _ in
            result.append(contact.identifier)
        }
        return result
    }

    @Test func changingTheLocaleRewritesSortKeysAtOpen() throws {
        let temporary = try TemporaryStore(localeIdentifier: "en_US")
        try ContactFixtures.save(
            [ContactFixtures.person("Ann", "Öberg"), ContactFixtures.person("Bo", "Zola")], in: temporary.store)
        func familyOrder(_ locale: String) throws -> [String] {
            let database = try temporary.personStore(localeIdentifier: locale)
            return try database.contacts(
                ContactQuery(predicate: nil, keys: ContactKeySet(.familyName), sortOrder: .familyName)
            ).map(\.familyName)
        }
        #expect(try familyOrder("en_US") == ["Öberg", "Zola"])
        #expect(try familyOrder("sv_SE") == ["Zola", "Öberg"])
    }
}
