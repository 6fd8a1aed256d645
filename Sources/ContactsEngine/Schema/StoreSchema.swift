import ContactsModel
import Foundation
import GRDB

/// The database schema and its migrations.
///
/// docs/decisions/0001-store-schema.md explains each table. Migrations are append-only: a shipped one is
/// never edited, a new one is added after it.
package enum StoreSchema {
    /// The migrator that brings any store file to the current schema.
    package static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1", migrate: createVersion1)
        migrator.registerMigration(PrivacySchema.migrationName, migrate: PrivacySchema.migrate)
        HistorySchema.register(in: &migrator)
        migrator.registerMigration(VCardStorageSchema.migrationName, migrate: VCardStorageSchema.migrate)
        migrator.registerMigration(
            VCardStorageSchema.sharedUIDMigrationName, migrate: VCardStorageSchema.allowSharedUIDs)
        migrator.registerMigration(SyncSchema.migrationName, migrate: SyncSchema.migrate)
        migrator.registerMigration(PhoneIndexSchema.migrationName, migrate: PhoneIndexSchema.migrate)
        migrator.registerMigration(SyncSchema.cardIndexesMigrationName, migrate: SyncSchema.addCardIndexes)
        migrator.registerMigration(IndexStagingSchema.migrationName, migrate: IndexStagingSchema.migrate)
        migrator.registerMigration(SyncSchema.listingMigrationName, migrate: SyncSchema.addListing)
        migrator.registerMigration(IdentifierOrderSchema.migrationName, migrate: IdentifierOrderSchema.migrate)
        migrator.registerMigration(ValueClusterSchema.migrationName, migrate: ValueClusterSchema.migrate)
        migrator.registerMigration(NameWordsSchema.migrationName, migrate: NameWordsSchema.migrate)
        return migrator
    }

    /// The identifier of the newest migration: the schema version of a store opened by this build.
    ///
    /// Tools and tests compare a store's last applied migration with it instead of a literal that changes
    /// with every migration.
    package static var latestMigration: String {
        migrator.migrations.last ?? ""
    }

    /// The identifier of the local container every store has.
    package static let localContainerName = "Contacts"

    private static func createVersion1(_ db: Database) throws {
        try db.execute(sql: containerTables)
        try db.execute(sql: contactTables)
        try db.execute(sql: indexTables)
        try db.execute(sql: groupTables)
        try db.execute(sql: historyTables)
        try db.execute(sql: privacyTables)
        try db.execute(
            sql: """
                INSERT INTO container (identifier, name, type, is_default) VALUES (?, ?, ?, 1)
                """,
            arguments: [CNContainer.newIdentifier(), localContainerName, CNContainerType.local.rawValue]
        )
    }

    private static let containerTables = """
        CREATE TABLE container (
            id INTEGER PRIMARY KEY,
            identifier TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL,
            type INTEGER NOT NULL,
            is_default INTEGER NOT NULL DEFAULT 0,
            is_read_only INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE store_setting (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
        ) WITHOUT ROWID;
        """

    private static let contactTables = """
        CREATE TABLE contact (
            id INTEGER PRIMARY KEY,
            identifier TEXT NOT NULL UNIQUE,
            container_id INTEGER NOT NULL REFERENCES container(id),
            contact_type INTEGER NOT NULL DEFAULT 0,
            name_prefix TEXT NOT NULL DEFAULT '',
            given_name TEXT NOT NULL DEFAULT '',
            middle_name TEXT NOT NULL DEFAULT '',
            family_name TEXT NOT NULL DEFAULT '',
            previous_family_name TEXT NOT NULL DEFAULT '',
            name_suffix TEXT NOT NULL DEFAULT '',
            nickname TEXT NOT NULL DEFAULT '',
            phonetic_given_name TEXT NOT NULL DEFAULT '',
            phonetic_middle_name TEXT NOT NULL DEFAULT '',
            phonetic_family_name TEXT NOT NULL DEFAULT '',
            phonetic_organization_name TEXT NOT NULL DEFAULT '',
            organization_name TEXT NOT NULL DEFAULT '',
            department_name TEXT NOT NULL DEFAULT '',
            job_title TEXT NOT NULL DEFAULT '',
            note TEXT NOT NULL DEFAULT '',
            birthday TEXT,
            non_gregorian_birthday TEXT,
            has_image INTEGER NOT NULL DEFAULT 0,
            is_read_only INTEGER NOT NULL DEFAULT 0,
            sort_given TEXT NOT NULL DEFAULT '',
            sort_family TEXT NOT NULL DEFAULT ''
        );
        CREATE INDEX contact_container ON contact(container_id);
        CREATE INDEX contact_sort_given ON contact(sort_given);
        CREATE INDEX contact_sort_family ON contact(sort_family);
        CREATE TABLE contact_value (
            id INTEGER PRIMARY KEY,
            contact_id INTEGER NOT NULL REFERENCES contact(id) ON DELETE CASCADE,
            kind INTEGER NOT NULL,
            position INTEGER NOT NULL,
            identifier TEXT NOT NULL,
            label TEXT,
            value TEXT NOT NULL,
            detail TEXT,
            search TEXT
        );
        CREATE INDEX contact_value_contact ON contact_value(contact_id, kind, position);
        CREATE INDEX contact_value_search ON contact_value(kind, search) WHERE search IS NOT NULL;
        CREATE TABLE contact_image (
            contact_id INTEGER PRIMARY KEY REFERENCES contact(id) ON DELETE CASCADE,
            image BLOB NOT NULL,
            thumbnail BLOB
        );
        CREATE TABLE unknown_property (
            id INTEGER PRIMARY KEY,
            contact_id INTEGER NOT NULL REFERENCES contact(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            "group" TEXT,
            name TEXT NOT NULL,
            parameters TEXT NOT NULL DEFAULT '',
            value TEXT NOT NULL
        );
        CREATE INDEX unknown_property_contact ON unknown_property(contact_id, position);
        CREATE TABLE link (
            contact_id INTEGER PRIMARY KEY REFERENCES contact(id) ON DELETE CASCADE,
            person_id INTEGER NOT NULL,
            is_preferred INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX link_person ON link(person_id);
        """

    private static let indexTables = """
        CREATE TABLE name_index (
            token TEXT NOT NULL,
            contact_id INTEGER NOT NULL,
            PRIMARY KEY (token, contact_id)
        ) WITHOUT ROWID;
        CREATE INDEX name_index_contact ON name_index(contact_id);
        CREATE TABLE phone_index (
            key TEXT NOT NULL,
            value_id INTEGER NOT NULL,
            contact_id INTEGER NOT NULL,
            PRIMARY KEY (key, value_id)
        ) WITHOUT ROWID;
        CREATE INDEX phone_index_contact ON phone_index(contact_id);
        """

    private static let groupTables = """
        CREATE TABLE "group" (
            id INTEGER PRIMARY KEY,
            identifier TEXT NOT NULL UNIQUE,
            container_id INTEGER NOT NULL REFERENCES container(id),
            name TEXT NOT NULL,
            is_read_only INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX group_container ON "group"(container_id);
        CREATE TABLE group_member (
            group_id INTEGER NOT NULL REFERENCES "group"(id) ON DELETE CASCADE,
            contact_id INTEGER NOT NULL REFERENCES contact(id) ON DELETE CASCADE,
            PRIMARY KEY (group_id, contact_id)
        ) WITHOUT ROWID;
        CREATE INDEX group_member_contact ON group_member(contact_id);
        CREATE TABLE subgroup (
            parent_id INTEGER NOT NULL REFERENCES "group"(id) ON DELETE CASCADE,
            child_id INTEGER NOT NULL REFERENCES "group"(id) ON DELETE CASCADE,
            PRIMARY KEY (parent_id, child_id)
        ) WITHOUT ROWID;
        CREATE INDEX subgroup_child ON subgroup(child_id);
        """

    private static let historyTables = """
        CREATE TABLE "transaction" (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            author TEXT,
            save_identifier TEXT,
            timestamp REAL NOT NULL
        );
        CREATE TABLE change_log (
            sequence INTEGER PRIMARY KEY AUTOINCREMENT,
            transaction_id INTEGER NOT NULL REFERENCES "transaction"(id) ON DELETE CASCADE,
            operation INTEGER NOT NULL,
            identifier TEXT NOT NULL,
            related_identifier TEXT
        );
        CREATE INDEX change_log_transaction ON change_log(transaction_id);
        """

    private static let privacyTables = """
        CREATE TABLE app (
            id INTEGER PRIMARY KEY,
            bundle_identifier TEXT NOT NULL UNIQUE,
            status INTEGER NOT NULL,
            decided_at REAL
        );
        CREATE TABLE app_grant (
            app_id INTEGER NOT NULL REFERENCES app(id) ON DELETE CASCADE,
            contact_identifier TEXT NOT NULL,
            PRIMARY KEY (app_id, contact_identifier)
        ) WITHOUT ROWID;
        CREATE TABLE app_created (
            app_id INTEGER NOT NULL REFERENCES app(id) ON DELETE CASCADE,
            contact_identifier TEXT NOT NULL,
            PRIMARY KEY (app_id, contact_identifier)
        ) WITHOUT ROWID;
        """
}
