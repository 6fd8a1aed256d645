import Foundation
import GRDB

/// The schema additions for change history and linked contacts (migration "v3-history").
///
/// Migrations are append-only: this one is never edited once shipped; later changes add a new migration after it.
package enum HistorySchema {
    /// Registers the history and linking migration after the privacy one.
    package static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v3-history", migrate: createVersion3)
    }

    private static func createVersion3(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE "transaction" ADD COLUMN origin TEXT;
                CREATE INDEX transaction_timestamp ON "transaction"(timestamp);
                ALTER TABLE change_log ADD COLUMN view INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE link ADD COLUMN rule INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE link ADD COLUMN matched_contact_id INTEGER;
                ALTER TABLE link ADD COLUMN matched_values TEXT NOT NULL DEFAULT '[]';
                ALTER TABLE link ADD COLUMN linked_at REAL NOT NULL DEFAULT 0;
                CREATE TABLE keep_separate (
                    low_id INTEGER NOT NULL REFERENCES contact(id) ON DELETE CASCADE,
                    high_id INTEGER NOT NULL REFERENCES contact(id) ON DELETE CASCADE,
                    PRIMARY KEY (low_id, high_id)
                ) WITHOUT ROWID;
                CREATE INDEX keep_separate_high ON keep_separate(high_id);
                """)
        try db.execute(
            sql:
                "INSERT OR REPLACE INTO store_setting (key, value) VALUES ('storeIdentifier', ?), ('historyEpoch', '1'), ('historyHorizon', '0')",
            arguments: [UUID().uuidString]
        )
    }
}

/// Which history views a change-log row belongs to (column `change_log.view`). Never renumber.
package enum HistoryView: Int, Sendable {
    /// The row describes the change for unified and per-container history alike.
    case both = 0
    /// The row describes a unified contact only: a link change, or a linked card's change seen unified.
    case unified = 1
    /// The row describes a card only, in per-container history; a `.unified` row says what unified readers see.
    case perContainer = 2
}
