import Foundation
import GRDB

/// What a file is, seen from the contacts store, learned without creating, migrating or changing it.
///
/// Opening a store creates the file and migrates whatever database it finds, which is right for an app
/// but wrong for a tool given a path by hand: a typo would create an empty store, and another program's
/// SQLite database would gain our tables. Tools inspect the path first.
///
/// ```swift
/// if case .notAStore = StoreInspection.inspect(url) { ... }
/// ```
package enum StoreInspection: Sendable, Hashable {
    /// No file at the path.
    case missing
    /// A contacts store.
    case store(Summary)
    /// A file that is not a contacts store: not SQLite, another SQLite database, or unreadable.
    case notAStore

    /// What a contacts store holds.
    package struct Summary: Sendable, Hashable {
        /// The identifiers of the applied schema migrations, in order; the last is the schema version.
        package var migrations: [String]
        package var contactCount: Int
        package var groupCount: Int
        package var containerCount: Int
        /// Apps with an authorization record.
        package var appCount: Int
        /// CardDAV accounts the store syncs (0 for a store older than the sync tables).
        package var accountCount = 0

        /// The schema version: the identifier of the last applied migration.
        package var schemaVersion: String { migrations.last ?? "" }
    }

    /// Inspects the file at a URL, read-only.
    package static func inspect(_ url: URL) -> StoreInspection {
        guard FileManager.default.fileExists(atPath: url.path) else { return .missing }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "contacts-inspection"
        do {
            let queue = try DatabaseQueue(path: url.path, configuration: configuration)
            defer { try? queue.close() }
            return try queue.read { db in
                for table in ["grdb_migrations", "contact", "container", "group", "app"] {
                    guard try db.tableExists(table) else { return .notAStore }
                }
                let migrations = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
                guard migrations.first == "v1" else { return .notAStore }
                func count(_ table: String) throws -> Int {
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \"\(table)\"") ?? 0
                }
                return .store(
                    Summary(
                        migrations: migrations,
                        contactCount: try count("contact"),
                        groupCount: try count("group"),
                        containerCount: try count("container"),
                        appCount: try count("app"),
                        accountCount: try db.tableExists("sync_account") ? count("sync_account") : 0
                    )
                )
            }
        } catch {
            return .notAStore
        }
    }
}
