import Foundation
import GRDB

/// A server's listing kept in the store while a sync runs: written as it is parsed, read back a batch at a time,
/// so neither the listing nor the plan made from it is ever whole in memory (docs/Sync.md, "Performance").
extension AuthorizedStore {
    /// A run left by a process that was killed is deleted once it is this old; a running sync's is younger.
    static let staleListingAge: TimeInterval = 24 * 60 * 60

    /// Starts a listing for a book and returns its run; listings of the book older than a day are deleted.
    ///
    /// - Parameter date: When the listing starts (a test's clock; now otherwise).
    package func beginSyncListing(containerIdentifier: String, at date: Date = Date()) throws -> Int64 {
        try access.requirePerson()
        return try write { db in
            let containerID = try SyncTransaction.containerID(containerIdentifier, in: db)
            let now = date.timeIntervalSince1970
            try db.execute(
                sql: "DELETE FROM sync_listing_run WHERE container_id = ? AND started_at < ?",
                arguments: [containerID, now - Self.staleListingAge])
            try db.execute(
                sql: "INSERT INTO sync_listing_run (container_id, started_at) VALUES (?, ?)",
                arguments: [containerID, now])
            return db.lastInsertedRowID
        }
    }

    /// Adds entries to a listing in one transaction, in the server's order.
    ///
    /// An href listed twice keeps its first place; a card listed as changed anywhere is not a removal, and its
    /// latest entity tag counts (a continued report is newer than the part before it).
    package func appendSyncListing(run: Int64, entries: [SyncListingEntry]) throws {
        try access.requirePerson()
        guard !entries.isEmpty else { return }
        try write { db in
            let changed = try db.cachedStatement(
                sql: """
                    INSERT INTO sync_listing (run_id, href, etag) VALUES (?, ?, ?)
                    ON CONFLICT (run_id, href) DO UPDATE SET etag = excluded.etag, removed = 0
                    """)
            let removed = try db.cachedStatement(
                sql:
                    "INSERT INTO sync_listing (run_id, href, removed) VALUES (?, ?, 1) ON CONFLICT (run_id, href) DO NOTHING"
            )
            for entry in entries {
                if entry.isRemoved {
                    try removed.execute(arguments: [run, entry.href])
                } else {
                    try changed.execute(arguments: [run, entry.href, entry.etag])
                }
            }
        }
    }

    /// Forgets what a listing held so far, keeping the run: a refused token starts the listing over.
    package func clearSyncListing(run: Int64) throws {
        try access.requirePerson()
        try write { db in try db.execute(sql: "DELETE FROM sync_listing WHERE run_id = ?", arguments: [run]) }
    }

    /// Deletes a listing and its run, when the sync that made it ends, however it ends.
    package func endSyncListing(run: Int64) throws {
        try access.requirePerson()
        try write { db in try db.execute(sql: "DELETE FROM sync_listing_run WHERE id = ?", arguments: [run]) }
    }

    /// How many listings of a book the store holds: those of syncs running now, and any a killed process left.
    package func syncListingRunCount(containerIdentifier: String) throws -> Int {
        try access.requirePerson()
        return try read { db in
            let containerID = try SyncTransaction.containerID(containerIdentifier, in: db)
            return try Int.fetchOne(
                db, sql: "SELECT count(*) FROM sync_listing_run WHERE container_id = ?", arguments: [containerID]) ?? 0
        }
    }

    /// The condition for a listed card to be downloaded: listed as present, and either without an entity tag
    /// (it cannot be compared), unknown to the store, or at another tag than the store holds.
    private static let downloadCondition = """
        l.run_id = ? AND l.removed = 0
            AND (l.etag IS NULL OR l.etag IS NOT (SELECT c.etag FROM sync_card c WHERE c.container_id = ? AND c.href = l.href))
        """

    /// The next batch to download: the listing read in its own order from a position on (`NOT INDEXED`: a rowid
    /// range), stopping at the limit. Through the (run_id, href) index, every batch read and sorted the rest of the
    /// listing: 9 s for the 400 batches of 100,000 cards, against 0.07 s in rowid order.
    static let downloadBatchQuery = """
        SELECT l.id, l.href FROM sync_listing l NOT INDEXED
        WHERE l.id > ? AND \(downloadCondition) ORDER BY l.id LIMIT ?
        """

    /// How many listed cards are to be downloaded now.
    package func syncListingDownloadCount(containerIdentifier: String, run: Int64) throws -> Int {
        try access.requirePerson()
        return try read { db in
            let containerID = try SyncTransaction.containerID(containerIdentifier, in: db)
            return try Int.fetchOne(
                db, sql: "SELECT count(*) FROM sync_listing l WHERE \(Self.downloadCondition)",
                arguments: [run, containerID]
            ) ?? 0
        }
    }

    /// The next listed cards to download after a position, in listing order, at most `limit` of them.
    ///
    /// - Returns: Their hrefs, and the position to continue after (nil when there are none).
    package func syncListingDownloads(
        containerIdentifier: String, run: Int64, after position: Int64, limit: Int
    ) throws -> (hrefs: [String], last: Int64?) {
        try access.requirePerson()
        return try read { db in
            let containerID = try SyncTransaction.containerID(containerIdentifier, in: db)
            let rows = try Row.fetchCursor(
                db, sql: Self.downloadBatchQuery, arguments: [position, run, containerID, limit])
            var hrefs: [String] = []
            var last: Int64?
            while let row = try rows.next() {
                last = row[0]
                hrefs.append(row[1])
            }
            return (hrefs, last)
        }
    }

    /// The known cards of a book that a listing says are gone: those listed as removed (and never as present),
    /// and for a listing of the whole book every known card it does not list, except cards created here whose
    /// upload never arrived (they are still to be sent).
    ///
    /// - Returns: Hrefs in listing order, or sorted for a whole book's listing.
    package func syncListingRemovals(containerIdentifier: String, run: Int64, isComplete: Bool) throws -> [String] {
        try access.requirePerson()
        return try read { db in
            let containerID = try SyncTransaction.containerID(containerIdentifier, in: db)
            let listedRemoved = """
                SELECT l.href FROM sync_listing l
                WHERE l.run_id = ? AND l.removed = 1
                    AND EXISTS (SELECT 1 FROM sync_card c WHERE c.container_id = ? AND c.href = l.href)
                """
            guard isComplete else {
                return try String.fetchAll(db, sql: listedRemoved + " ORDER BY l.id", arguments: [run, containerID])
            }
            return try String.fetchAll(
                db,
                sql: """
                    \(listedRemoved)
                    UNION
                    SELECT c.href FROM sync_card c
                    WHERE c.container_id = ? AND c.state != ?
                        AND NOT EXISTS (SELECT 1 FROM sync_listing l WHERE l.run_id = ? AND l.href = c.href AND l.removed = 0)
                    ORDER BY 1
                    """,
                arguments: [run, containerID, containerID, SyncCardRow.State.pendingCreate.rawValue, run])
        }
    }

    /// The listed entity tags of some hrefs (the few cards a server failed to send), by href.
    package func syncListingTags(run: Int64, hrefs: [String]) throws -> [String: String] {
        try access.requirePerson()
        guard !hrefs.isEmpty else { return [:] }
        return try read { db in
            var result: [String: String] = [:]
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT href, etag FROM sync_listing
                    WHERE run_id = ? AND etag IS NOT NULL AND href IN (SELECT value FROM json_each(?))
                    """,
                arguments: [run, JSONList.encode(hrefs)])
            while let row = try rows.next() { result[row[0]] = row[1] }
            return result
        }
    }
}
