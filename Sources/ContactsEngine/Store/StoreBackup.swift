import Foundation
import GRDB

/// Copies a store file with SQLite's online backup, then proves the copy whole.
///
/// The backup reads the source in one read transaction, so the copy is a consistent snapshot even while
/// another process writes, and it includes what still sits in the source's write-ahead log (copying the
/// file's bytes would miss it). The source is opened read-only and never changed.
///
/// ```swift
/// let summary = try StoreBackup.copy(from: personStore, to: daemonStore)
/// ```
package enum StoreBackup {
    /// Copies the store at `source` into a new file at `destination` (mode 0600), checks the copy with
    /// `PRAGMA integrity_check`, and compares its counts of contacts, groups, containers and apps with the
    /// source's.
    ///
    /// The copy is left in rollback-journal mode with no `-wal` or `-shm` file beside it, so it can be renamed
    /// and handed to another user at once; the store switches it back to write-ahead logging when it opens it.
    /// On any failure the destination file is removed (the source is untouched).
    ///
    /// - Returns: The copy's summary.
    /// - Throws: `StoreError` with code `cannotOpen` when the source is not a contacts store or the destination
    ///   exists or cannot be created, `databaseFailure` when SQLite fails or the copy does not match.
    @discardableResult
    package static func copy(from source: URL, to destination: URL) throws(StoreError) -> StoreInspection.Summary {
        guard case .store(let expected) = StoreInspection.inspect(source) else {
            throw StoreError(.cannotOpen, "the source is not a contacts store")
        }
        guard !FileManager.default.fileExists(atPath: destination.path) else {
            throw StoreError(.cannotOpen, "the destination exists")
        }
        guard
            FileManager.default.createFile(
                atPath: destination.path, contents: nil, attributes: [.posixPermissions: 0o600])
        else {
            throw StoreError(.cannotOpen, "cannot create the destination file")
        }
        do {
            try backUp(source, to: destination)
            guard case .store(let copied) = StoreInspection.inspect(destination) else {
                throw StoreError(.databaseFailure, "the copy is not a contacts store")
            }
            guard copied.hasSameRecords(as: expected) else {
                throw StoreError(.databaseFailure, "the copy's counts of records differ from the source's")
            }
            return copied
        } catch {
            for suffix in ["", "-wal", "-shm", "-journal"] {
                try? FileManager.default.removeItem(atPath: destination.path + suffix)
            }
            throw (error as? StoreError) ?? StoreError.wrapping(error)
        }
    }

    private static func backUp(_ source: URL, to destination: URL) throws {
        var readOnly = Configuration()
        readOnly.readonly = true
        readOnly.label = "contacts-backup-source"
        let from = try DatabaseQueue(path: source.path, configuration: readOnly)
        defer { try? from.close() }
        var writable = Configuration()
        writable.label = "contacts-backup-destination"
        let to = try DatabaseQueue(path: destination.path, configuration: writable)
        defer { try? to.close() }
        try from.backup(to: to)
        try to.writeWithoutTransaction { db in
            // The backup copies the source's header, write-ahead logging included; a rollback journal leaves
            // a single file once the connection closes.
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")
            let results = try String.fetchAll(db, sql: "PRAGMA integrity_check")
            guard results == ["ok"] else {
                throw StoreError(.databaseFailure, "the copy fails SQLite's integrity check")
            }
        }
    }
}

extension StoreInspection.Summary {
    /// Whether two stores hold as many contacts, groups, containers and apps, at the same schema version.
    package func hasSameRecords(as other: StoreInspection.Summary) -> Bool {
        contactCount == other.contactCount && groupCount == other.groupCount
            && containerCount == other.containerCount && appCount == other.appCount && migrations == other.migrations
    }
}
