import GRDB

/// The staging b-trees of ``IndexStaging``: a store made before them keeps every key in the large indexes,
/// where this migration leaves them (nothing is staged after it), and gets the empty staging tables and the
/// partial sort indexes that split contacts by their `staged` flag.
package enum IndexStagingSchema {
    /// The migration's name in the store's migration list. Never rename it.
    package static let migrationName = "index-staging"

    package static func migrate(_ db: Database) throws {
        // Existing contacts read the default, 0: their sort keys go to the large partial indexes built here.
        try db.execute(
            sql: """
                ALTER TABLE contact ADD COLUMN staged INTEGER NOT NULL DEFAULT 0;
                DROP INDEX contact_sort_given;
                DROP INDEX contact_sort_family;
                CREATE INDEX contact_sort_given ON contact(sort_given) WHERE staged = 0;
                CREATE INDEX contact_sort_family ON contact(sort_family) WHERE staged = 0;
                CREATE INDEX contact_sort_given_staged ON contact(sort_given) WHERE staged = 1;
                CREATE INDEX contact_sort_family_staged ON contact(sort_family) WHERE staged = 1;
                CREATE TABLE name_index_staged (
                    token TEXT NOT NULL,
                    contact_id INTEGER NOT NULL,
                    PRIMARY KEY (token, contact_id)
                ) WITHOUT ROWID;
                CREATE INDEX name_index_staged_contact ON name_index_staged(contact_id);
                CREATE TABLE phone_index_staged (
                    key TEXT NOT NULL,
                    value_id INTEGER NOT NULL,
                    contact_id INTEGER NOT NULL,
                    PRIMARY KEY (key, value_id)
                ) WITHOUT ROWID;
                CREATE INDEX phone_index_staged_contact ON phone_index_staged(contact_id);
                """
        )
    }
}
