import Dispatch
import Foundation
import GRDBSQLite
import Synchronization

/// Copies the write-ahead log back into the store file on a thread of its own, so a save does not wait for it.
///
/// SQLite's automatic checkpoint runs inside the commit that brings the WAL past 1,000 pages: it copies every
/// page the WAL holds into the database file and syncs both files before the save returns. A save dirties a
/// page of each index it inserts into, and once the indexes whose keys scatter (phone keys, sort keys, name
/// tokens) outgrow a save, every insert dirties a page of its own: a save of 500 contacts wrote 847 pages at
/// 10,000 contacts and 2,787 at 100,000, and the copy and its syncs were most of the save's growth
/// (docs/Store.md, "What a save writes"). The writer's commit now only appends to the WAL; this object's
/// connection copies the pages back with a PASSIVE checkpoint, which takes no lock a writer or reader needs.
///
/// The WAL stays bounded: a commit that leaves ``Policy/blockingFrames`` pages or more in it waits for the
/// checkpoint to run before the save returns, as SQLite's own policy does at every 1,000 pages.
package final class WALCheckpointer: Sendable {
    /// When checkpoints run, in WAL pages (frames) after a commit.
    package struct Policy: Sendable, Equatable {
        /// A commit leaving this many frames or more starts a checkpoint in the background.
        package var backgroundFrames: Int32
        /// A commit leaving this many frames or more waits for a checkpoint: the WAL's bound when checkpoints
        /// cannot keep up with the saves (about 40 MB with 4 KB pages).
        package var blockingFrames: Int32

        package init(backgroundFrames: Int32, blockingFrames: Int32) {
            self.backgroundFrames = backgroundFrames
            self.blockingFrames = blockingFrames
        }

        /// SQLite's automatic checkpoint threshold, moved off the save, and a bound ten times higher.
        package static let standard = Policy(backgroundFrames: 1_000, blockingFrames: 10_000)
    }

    private struct State {
        /// The checkpointer's own connection, opened on first use and closed when this object goes.
        var connection: OpaquePointer?
        /// Whether a background run is queued and has not started: later commits need no other one.
        var isQueued = false
    }

    private let path: String
    private let policy: Policy
    /// Runs the checkpoints one at a time, in the order commits asked for them.
    private let queue = DispatchQueue(label: "contacts.wal-checkpoint")
    private let state = Mutex(State())

    package init(path: String, policy: Policy) {
        self.path = path
        self.policy = policy
    }

    deinit {
        state.withLock { state in
            if let connection = state.connection {
                sqlite3_close_v2(connection)
            }
        }
    }

    /// Makes a writer connection hand its checkpoints to this object instead of running them in its commits.
    ///
    /// The connection must not outlive this object: the store's writer holds it through its configuration.
    package func install(on connection: OpaquePointer) {
        // Replaces SQLite's automatic checkpoint, which is itself a WAL hook.
        sqlite3_wal_hook(
            connection,
            { context, _, _, frames in
                guard let context else { return SQLITE_OK }
                Unmanaged<WALCheckpointer>.fromOpaque(context).takeUnretainedValue().didCommit(frames: frames)
                return SQLITE_OK
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Called on the writer's thread after each commit, with the frames the WAL holds.
    private func didCommit(frames: Int32) {
        if frames >= policy.blockingFrames {
            // Behind the queue's earlier runs, so this run covers the frames of the commit that asked.
            queue.sync { checkpoint() }
            return
        }
        guard frames >= policy.backgroundFrames else { return }
        let alreadyQueued = state.withLock { state in
            defer { state.isQueued = true }
            return state.isQueued
        }
        guard !alreadyQueued else { return }
        queue.async { [self] in
            state.withLock { $0.isQueued = false }
            checkpoint()
        }
    }

    /// One PASSIVE checkpoint: copies what no reader still needs and never waits for a lock. A failure (the
    /// file removed, a full disk) leaves the pages in the WAL, where readers find them and the next run retries.
    private func checkpoint() {
        guard let connection = openConnection() else { return }
        sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
    }

    private func openConnection() -> OpaquePointer? {
        state.withLock { state in
            if let connection = state.connection { return connection }
            var connection: OpaquePointer?
            // The file exists (the writer made it); this connection never creates one.
            // A connection learns that the file is in WAL mode when it first reads it; until then a
            // checkpoint does nothing.
            guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
                sqlite3_exec(connection, "SELECT count(*) FROM sqlite_schema", nil, nil, nil) == SQLITE_OK
            else {
                sqlite3_close_v2(connection)
                return nil
            }
            state.connection = connection
            return connection
        }
    }
}
