import GRDB

/// The privacy columns the first schema lacked: what the person's controls show, and the access generation.
///
/// Append-only, like every migration: registered after `v1` by ``StoreSchema/migrator``.
package enum PrivacySchema {
    /// The migration's name in `grdb_migrations`.
    package static let migrationName = "v2-privacy"

    /// Adds the app's display name and purpose (as when it last asked) and the two generation counters.
    package static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE app ADD COLUMN display_name TEXT;
                ALTER TABLE app ADD COLUMN usage_description TEXT;
                ALTER TABLE app ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE app ADD COLUMN revocation INTEGER NOT NULL DEFAULT 0;
                CREATE INDEX app_grant_contact ON app_grant(contact_identifier);
                CREATE INDEX app_created_contact ON app_created(contact_identifier);
                """
        )
    }
}
