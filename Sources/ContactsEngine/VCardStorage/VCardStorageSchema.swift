import GRDB

/// The tables the vCard import and export add to the store: each contact's vCard `UID`.
///
/// Unknown properties live in the `unknown_property` table of the first schema version; this migration adds
/// `contact_uid`, one row per contact that came from a card with a `UID`. Rows go with their contact
/// (`ON DELETE CASCADE`), and a UID is unique within a container, which is what re-importing a file
/// matches on.
package enum VCardStorageSchema {
    /// The migration's name in the store's migration list. Never rename it.
    package static let migrationName = "vcard-uid"

    package static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE contact_uid (
                    contact_id INTEGER PRIMARY KEY REFERENCES contact(id) ON DELETE CASCADE,
                    container_id INTEGER NOT NULL REFERENCES container(id),
                    uid TEXT NOT NULL
                );
                CREATE UNIQUE INDEX contact_uid_lookup ON contact_uid(container_id, uid);
                """
        )
    }

    /// The second migration's name. Never rename it.
    package static let sharedUIDMigrationName = "vcard-uid-not-unique"

    /// Lets two contacts of a container carry the same UID.
    ///
    /// An app with limited access that imports a card whose UID belongs to a contact it cannot see must get a
    /// new contact with that UID (updating the hidden one, or refusing the card, would reveal it), so the UID
    /// stays the card's and the app's export writes it back. Lookups keep their index; a UID shared by several
    /// contacts matches the oldest one the importer may see.
    package static func allowSharedUIDs(_ db: Database) throws {
        try db.execute(
            sql: """
                DROP INDEX contact_uid_lookup;
                CREATE INDEX contact_uid_by_container ON contact_uid(container_id, uid);
                """
        )
    }
}
