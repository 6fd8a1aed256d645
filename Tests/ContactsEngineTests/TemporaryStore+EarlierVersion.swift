import ContactsEngine
import ContactsTestSupport
import GRDB

extension TemporaryStore {
    /// Leaves the store file as a version before a migration left it: `undo` takes back what the migration made,
    /// and the migration is marked as not applied, so the next open runs it again.
    func rewind(migration name: String, undo: (Database) throws -> Void) throws {
        let queue = try DatabaseQueue(path: url.path)
        try queue.write { db in
            try undo(db)
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = ?", arguments: [name])
        }
        try queue.close()
    }

    /// Leaves the store with its labeled values and phone keys as before migration `contact-value-clustered`, for
    /// tests that rewind an earlier migration, which reads or writes those tables in their earlier shape.
    func rewindValueClustering() throws {
        try rewind(migration: ValueClusterSchema.migrationName, undo: Self.unclusterValues)
    }

    /// The value and phone key tables as they were before migration `contact-value-clustered`, holding the same
    /// rows: values get row ids in an order unlike their key's (last contact first), and the phone keys name them
    /// by those ids.
    static func unclusterValues(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE contact_value_rows (
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
                INSERT INTO contact_value_rows (contact_id, kind, position, identifier, label, value, detail, search)
                    SELECT contact_id, kind, position, identifier, label, value, detail, search FROM contact_value
                    ORDER BY contact_id DESC, kind DESC, position;
                CREATE TABLE phone_index_rows (
                    key TEXT NOT NULL, value_id INTEGER NOT NULL, contact_id INTEGER NOT NULL,
                    PRIMARY KEY (key, value_id)
                ) WITHOUT ROWID;
                CREATE TABLE phone_index_staged_rows (
                    key TEXT NOT NULL, value_id INTEGER NOT NULL, contact_id INTEGER NOT NULL,
                    PRIMARY KEY (key, value_id)
                ) WITHOUT ROWID;
                INSERT INTO phone_index_rows (key, value_id, contact_id)
                    SELECT p.key, v.id, p.contact_id FROM phone_index AS p
                    JOIN contact_value_rows AS v
                        ON v.contact_id = p.contact_id AND v.kind = 1 AND v.position = p.position;
                INSERT INTO phone_index_staged_rows (key, value_id, contact_id)
                    SELECT p.key, v.id, p.contact_id FROM phone_index_staged AS p
                    JOIN contact_value_rows AS v
                        ON v.contact_id = p.contact_id AND v.kind = 1 AND v.position = p.position;
                DROP TABLE contact_value;
                DROP TABLE phone_index;
                DROP TABLE phone_index_staged;
                ALTER TABLE contact_value_rows RENAME TO contact_value;
                ALTER TABLE phone_index_rows RENAME TO phone_index;
                ALTER TABLE phone_index_staged_rows RENAME TO phone_index_staged;
                CREATE INDEX contact_value_contact ON contact_value(contact_id, kind, position);
                CREATE INDEX contact_value_search ON contact_value(kind, search) WHERE search IS NOT NULL;
                CREATE INDEX phone_index_contact ON phone_index(contact_id);
                CREATE INDEX phone_index_staged_contact ON phone_index_staged(contact_id);
                """)
    }
}

extension TemporaryStore {
    /// The store as before migration `name-words`: no token list in the contact rows, and the token tables
    /// indexed by contact.
    static func unlistNameWords(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE INDEX name_index_contact ON name_index(contact_id);
                CREATE INDEX name_index_staged_contact ON name_index_staged(contact_id);
                ALTER TABLE contact DROP COLUMN name_words;
                """
        )
    }
}
