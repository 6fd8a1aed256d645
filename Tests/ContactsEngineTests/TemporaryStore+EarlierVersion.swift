import ContactsTestSupport
import GRDB

extension TemporaryStore {
    /// Leaves the store file as a version before a migration left it: `undo` takes back what the migration made,
    /// and the migration is marked as not applied, so the next open runs it again.
    func rewind(migration name: String, undo: (Database) throws -> Void) throws {
        let queue = try DatabaseQueue(path: url.path)
        try queue.write { db in
            try undo(db)
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = ?", arguments: [name])
        }
        try queue.close()
    }
}
