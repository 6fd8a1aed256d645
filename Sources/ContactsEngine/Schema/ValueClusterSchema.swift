import GRDB

/// A contact's labeled values stored together: `contact_value` keyed by (`contact_id`, `kind`, `position`)
/// `WITHOUT ROWID`, and the phone keys naming their value by that key instead of a row id.
///
/// Before, each value was a row of its own, found through the `contact_value_contact` index: reading a contact's
/// four or five values took one seek into the index, then one seek into the table per value by row id. An
/// import inserted each value twice, into the table and into that index. Clustered by contact, one seek reads
/// all of a contact's values from the rows themselves, in the order the reader asks for, and an import inserts
/// each value once. Only the phone keys referred to a value's row id (`value_id`); a phone value is now named by
/// its contact and position, its kind being that of phone numbers.
package enum ValueClusterSchema {
    /// The migration's name in the store's migration list. Never rename it.
    package static let migrationName = "contact-value-clustered"

    /// Rebuilds `contact_value`, `phone_index` and `phone_index_staged` in their new shapes, inside the
    /// migration's transaction.
    package static func migrate(_ db: Database) throws {
        // Every writer numbers a contact's values of one kind from 0, so (contact_id, kind, position) is already
        // unique; the positions are numbered again anyway, in their stored order, so that a store written by
        // something else (a duplicate position) still opens with every value instead of failing to.
        let numbered = """
            SELECT id, contact_id, kind,
                row_number() OVER (PARTITION BY contact_id, kind ORDER BY position, id) - 1 AS position,
                identifier, label, value, detail, search
            FROM contact_value
            """
        try db.execute(
            sql: """
                CREATE TABLE contact_value_clustered (
                    contact_id INTEGER NOT NULL REFERENCES contact(id) ON DELETE CASCADE,
                    kind INTEGER NOT NULL,
                    position INTEGER NOT NULL,
                    identifier TEXT NOT NULL,
                    label TEXT,
                    value TEXT NOT NULL,
                    detail TEXT,
                    search TEXT,
                    PRIMARY KEY (contact_id, kind, position)
                ) WITHOUT ROWID;
                CREATE TABLE phone_index_clustered (\(phoneColumns)) WITHOUT ROWID;
                CREATE TABLE phone_index_staged_clustered (\(phoneColumns)) WITHOUT ROWID;
                INSERT INTO contact_value_clustered
                    (contact_id, kind, position, identifier, label, value, detail, search)
                    SELECT contact_id, kind, position, identifier, label, value, detail, search FROM (\(numbered))
                    ORDER BY contact_id, kind, position;
                INSERT OR IGNORE INTO phone_index_clustered (key, contact_id, position)
                    SELECT phone.key, value.contact_id, value.position
                    FROM phone_index AS phone JOIN (\(numbered)) AS value ON value.id = phone.value_id
                    ORDER BY 1, 2, 3;
                INSERT OR IGNORE INTO phone_index_staged_clustered (key, contact_id, position)
                    SELECT phone.key, value.contact_id, value.position
                    FROM phone_index_staged AS phone JOIN (\(numbered)) AS value ON value.id = phone.value_id
                    ORDER BY 1, 2, 3;
                DROP TABLE phone_index_staged;
                DROP TABLE phone_index;
                DROP TABLE contact_value;
                ALTER TABLE contact_value_clustered RENAME TO contact_value;
                ALTER TABLE phone_index_clustered RENAME TO phone_index;
                ALTER TABLE phone_index_staged_clustered RENAME TO phone_index_staged;
                CREATE INDEX contact_value_search ON contact_value(kind, search) WHERE search IS NOT NULL;
                CREATE INDEX phone_index_contact ON phone_index(contact_id);
                CREATE INDEX phone_index_staged_contact ON phone_index_staged(contact_id);
                """
        )
    }

    /// A phone key names its value by contact and position; the key leads, as lookups read a key range.
    private static let phoneColumns = """
        key TEXT NOT NULL, contact_id INTEGER NOT NULL, position INTEGER NOT NULL,
        PRIMARY KEY (key, contact_id, position)
        """
}
