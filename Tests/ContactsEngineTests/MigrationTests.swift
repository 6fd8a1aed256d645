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
