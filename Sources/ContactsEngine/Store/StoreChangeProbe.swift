import ContactsModel
import Foundation
import GRDB
import Synchronization

/// Tells whether anything committed to a store file between two moments, whoever wrote it.
///
/// It asks SQLite's `PRAGMA data_version` on a read-only connection of its own, which never writes: SQLite changes
/// that number whenever another connection commits to the file, so every commit counts, whether this process's
/// writer made it (a save, an access change, a sync) or another process did (the person's tool on the same file).
/// The pool's readers cannot answer: each has its own number, and a read may run on any of them. Asking begins
/// and ends a read transaction on the probe and reads no page of data.
final class StoreChangeProbe: Sendable {
    private let path: String
    /// Opened on first use: most stores never stream a fetch.
    private let connection = Mutex<DatabaseQueue?>(nil)

    init(path: String) {
        self.path = path
    }

    /// The file's data version now; two equal values mean nothing was committed between them.
    func dataVersion() throws -> Int64 {
        let queue = try connection.withLock { connection throws -> DatabaseQueue in
            if let connection { return connection }
            var configuration = Configuration()
            configuration.readonly = true
            configuration.label = "contacts-change-probe"
            configuration.busyMode = .timeout(10)
            let opened = try DatabaseQueue(path: path, configuration: configuration)
            connection = opened
            return opened
        }
        return try queue.inDatabase { try Int64.fetchOne($0, sql: "PRAGMA data_version") } ?? 0
    }
}
