import GRDB
import Synchronization

/// Where a save puts the keys of the four indexes whose keys scatter by nature (name tokens, phone keys and the
/// two sort keys), and when they move to the large indexes (docs/Store.md, "Staged index keys").
///
/// A save that inserted its keys straight into a large index touched about one page of it per key once the
/// index outgrew a save's keys, so a save's pages grew with the store. New keys go instead to a small staging
/// b-tree of the same shape (`name_index_staged`, `phone_index_staged`, and the partial sort indexes over
/// contacts whose `staged` is 1), which every lookup reads beside the large one. When the staged contacts
/// pass ``Policy/limit(contacts:)``, the save that finds them there moves all staged keys in one pass of
/// sorted inserts: that pass touches each page of a large index at most once, so its cost per key falls as
/// the staging grows.
///
/// Invariant: every row of the staging tables belongs to a contact whose `staged` is 1 (an update that
/// writes a contact's names or phone numbers marks it staged), so the staged contacts bound the staged keys.
package enum IndexStaging {
    /// When a save merges the staged keys into the large indexes.
    package struct Policy: Sendable, Equatable {
        /// A fixed number of staged contacts that triggers a merge, or nil for the default that grows with
        /// the store (``limit(contacts:)``). Tests set a small one.
        package var fixedLimit: Int?

        package init(fixedLimit: Int? = nil) {
            self.fixedLimit = fixedLimit
        }

        package static let standard = Policy()

        /// The smallest default limit: below it a merge would cost more per key than the staging saves.
        package static let minimumLimit = 2_000

        /// How many staged contacts a store of `contacts` holds before a merge.
        ///
        /// A save pays for the staging pages it dirties (which grow with the staging, up to one per key) and,
        /// once per `limit / 500` saves, for a merge that rewrites at most every page of the large indexes
        /// (which grow with the store). Their sum is smallest when the staging grows as the square root of the
        /// store; the factor was measured with Benchmarks/scripts/save-pages.py (docs/Store.md).
        package func limit(contacts: Int) -> Int {
            if let fixedLimit { return max(1, fixedLimit) }
            return max(Self.minimumLimit, Int((Double(contacts) * 400).squareRoot()))
        }
    }

    /// How many contacts this process's saves staged since it last counted the staged contacts.
    ///
    /// Counting walks the staged partial index, about 50 ns a staged contact (0.3 ms at 6,000), which a save
    /// of one contact (about 0.5 ms) should not pay each time: a save counts only once the saves of this
    /// process have staged a hundredth of the limit since the last count. Other processes' saves are not seen
    /// here, so the staging may pass the limit by a hundredth for each process that writes; the next count of
    /// any of them merges. A rolled-back save is counted too, which only brings a count earlier.
    package final class Tally: Sendable {
        private let staged = Mutex(0)

        package init() {}

        func add(_ count: Int) {
            staged.withLock { $0 += count }
        }

        /// Whether `threshold` contacts were staged since the last time this returned true.
        func reached(_ threshold: Int) -> Bool {
            staged.withLock { staged in
                guard staged >= threshold else { return false }
                staged = 0
                return true
            }
        }
    }

    /// Merges the staged keys into the large indexes when the staged contacts reach the policy's limit; call it
    /// at the end of a write transaction.
    ///
    /// - Returns: Whether it merged.
    @discardableResult
    package static func mergeIfFull(_ policy: Policy, tally: Tally, in db: Database) throws -> Bool {
        // max(id) is one seek; deleted contacts only make it an overestimate.
        let contacts = try Int.fetchOne(db.cachedStatement(sql: "SELECT max(id) FROM contact")) ?? 0
        let limit = policy.limit(contacts: contacts)
        guard tally.reached(max(1, limit / 100)) else { return false }
        // Counted up to the limit only, through the small partial index.
        let staged =
            try Int.fetchOne(
                db.cachedStatement(sql: "SELECT count(*) FROM (SELECT 1 FROM contact WHERE staged = 1 LIMIT ?)"),
                arguments: [limit]
            ) ?? 0
        guard staged >= limit else { return false }
        try merge(in: db)
        return true
    }

    /// Moves every staged key into its large index.
    ///
    /// The staging tables are read in key order (their primary key), so the large indexes take the keys as
    /// one sorted pass. Clearing a staging table frees its pages for the next staged keys.
    package static func merge(in db: Database) throws {
        try db.execute(
            sql: """
                INSERT OR IGNORE INTO name_index (token, contact_id)
                    SELECT token, contact_id FROM name_index_staged ORDER BY token, contact_id;
                DELETE FROM name_index_staged;
                INSERT OR IGNORE INTO phone_index (key, contact_id, position)
                    SELECT key, contact_id, position FROM phone_index_staged ORDER BY key, contact_id, position;
                DELETE FROM phone_index_staged;
                UPDATE contact SET staged = 0 WHERE staged = 1;
                """
        )
    }

    /// How many keys the staging holds, for tests and store inspection.
    package struct Counts: Equatable, Sendable {
        package var contacts: Int
        package var nameTokens: Int
        package var phoneKeys: Int
    }

    package static func counts(in db: Database) throws -> Counts {
        Counts(
            contacts: try Int.fetchOne(db, sql: "SELECT count(*) FROM contact WHERE staged = 1") ?? 0,
            nameTokens: try Int.fetchOne(db, sql: "SELECT count(*) FROM name_index_staged") ?? 0,
            phoneKeys: try Int.fetchOne(db, sql: "SELECT count(*) FROM phone_index_staged") ?? 0
        )
    }
}
