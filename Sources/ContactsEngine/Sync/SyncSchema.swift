import GRDB

/// The tables of CardDAV accounts (migration "carddav-sync"): accounts, the address book behind each synced
/// container, what the store knows of each card on the server, and the local versions a conflict set aside.
///
/// Nothing here holds a password or a user name: credentials live in the Secret Service or in a file only the
/// person can read (docs/Sync.md). Rows go with their account or container (`ON DELETE CASCADE`).
package enum SyncSchema {
    /// The migration's name in the store's migration list. Never rename it.
    package static let migrationName = "carddav-sync"

    /// The second migration's name: indexes that keep a sync that finds nothing to do from reading every card of
    /// the book (docs/Sync.md, "Memory"). Never rename it.
    package static let cardIndexesMigrationName = "carddav-sync-card-indexes"

    /// Cards waiting to be sent again are found through a partial index of the few that are not in sync, and
    /// cards whose contact or group was deleted here through an index of what each card became, whose entries
    /// are a fraction of a card's row (its row holds the card's bytes): a sync with nothing to do then reads
    /// index pages in proportion to the book, not every card.
    package static func addCardIndexes(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE INDEX sync_card_unsettled ON sync_card(container_id) WHERE state != 0;
                CREATE INDEX sync_card_kind_object ON sync_card(container_id, kind, object_identifier);
                """)
    }

    /// The third migration's name: the listing a sync reads from the server, kept in the store while the sync
    /// runs so it is never whole in memory (docs/Sync.md, "Performance"). Never rename it.
    package static let listingMigrationName = "carddav-sync-listing"

    /// A listing per running sync (`sync_listing_run`), so two syncs of one book never read each other's, and
    /// its entries in the server's order (`sync_listing`): each listed href with its entity tag, or marked
    /// removed. Rows are scratch: a sync deletes its own when it ends, and a run left by a killed process is
    /// deleted by a later sync of the same book once it is a day old.
    package static func addListing(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE sync_listing_run (
                    id INTEGER PRIMARY KEY,
                    container_id INTEGER NOT NULL REFERENCES container(id) ON DELETE CASCADE,
                    started_at REAL NOT NULL
                );
                CREATE INDEX sync_listing_run_container ON sync_listing_run(container_id);
                CREATE TABLE sync_listing (
                    id INTEGER PRIMARY KEY,
                    run_id INTEGER NOT NULL REFERENCES sync_listing_run(id) ON DELETE CASCADE,
                    href TEXT NOT NULL,
                    etag TEXT,
                    removed INTEGER NOT NULL DEFAULT 0,
                    UNIQUE (run_id, href)
                );
                """)
    }

    package static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE sync_account (
                    id INTEGER PRIMARY KEY,
                    identifier TEXT NOT NULL UNIQUE,
                    name TEXT NOT NULL,
                    server_url TEXT NOT NULL,
                    principal_url TEXT,
                    credential_storage TEXT NOT NULL,
                    pinned_certificate TEXT,
                    settings TEXT NOT NULL DEFAULT '{}',
                    created_at REAL NOT NULL
                );
                CREATE TABLE sync_collection (
                    container_id INTEGER PRIMARY KEY REFERENCES container(id) ON DELETE CASCADE,
                    account_id INTEGER NOT NULL REFERENCES sync_account(id) ON DELETE CASCADE,
                    url TEXT NOT NULL,
                    capabilities TEXT NOT NULL,
                    sync_token TEXT,
                    ctag TEXT,
                    local_sequence INTEGER NOT NULL DEFAULT 0,
                    last_sync_at REAL,
                    UNIQUE (account_id, url)
                );
                CREATE INDEX sync_collection_account ON sync_collection(account_id);
                CREATE TABLE sync_card (
                    id INTEGER PRIMARY KEY,
                    container_id INTEGER NOT NULL REFERENCES container(id) ON DELETE CASCADE,
                    href TEXT NOT NULL,
                    etag TEXT,
                    kind INTEGER NOT NULL,
                    object_identifier TEXT,
                    uid TEXT,
                    base BLOB,
                    state INTEGER NOT NULL DEFAULT 0,
                    UNIQUE (container_id, href)
                );
                CREATE INDEX sync_card_object ON sync_card(object_identifier) WHERE object_identifier IS NOT NULL;
                CREATE TABLE sync_conflict (
                    id INTEGER PRIMARY KEY,
                    container_id INTEGER NOT NULL REFERENCES container(id) ON DELETE CASCADE,
                    object_identifier TEXT NOT NULL,
                    href TEXT,
                    local_card BLOB NOT NULL,
                    reason TEXT NOT NULL,
                    created_at REAL NOT NULL
                );
                CREATE INDEX sync_conflict_container ON sync_conflict(container_id);
                """
        )
    }
}
