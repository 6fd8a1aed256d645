import GRDB

/// Each contact's name index tokens kept in its row (`contact.name_words`, ``NameWordsColumn``), in place of the
/// indexes of `name_index` and `name_index_staged` by contact.
package enum NameWordsSchema {
    /// The migration's name in the store's migration list. Never rename it.
    package static let migrationName = "name-words"

    /// Adds and fills the column from both token tables (a contact's tokens may be in either), then drops the two
    /// indexes by contact, inside the migration's transaction.
    package static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE contact ADD COLUMN name_words TEXT NOT NULL DEFAULT '';
                UPDATE contact SET name_words = (
                    SELECT group_concat(char(1) || token, '') FROM (
                        SELECT token FROM name_index WHERE contact_id = contact.id
                        UNION SELECT token FROM name_index_staged WHERE contact_id = contact.id
                        ORDER BY 1))
                WHERE id IN (SELECT contact_id FROM name_index UNION SELECT contact_id FROM name_index_staged);
                DROP INDEX name_index_contact;
                DROP INDEX name_index_staged_contact;
                """
        )
    }
}
