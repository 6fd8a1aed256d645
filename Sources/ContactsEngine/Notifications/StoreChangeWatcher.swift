import Dispatch
import Foundation
import GRDB
import Synchronization

/// Notices when another process changes a store file, and calls a handler.
///
/// A Dispatch timer polls `PRAGMA data_version` on a read-only connection of its own every
/// ``pollInterval``: SQLite changes that number when another connection committed, and reading it costs no
/// page read. When it changed, one indexed query asks whether a transaction row of another process
/// appeared (this process tags its own; see `HistoryLog.processOrigin`), so the process's own saves,
/// which are announced when they commit, are not announced twice.
///
/// The watcher never keeps the process alive, and stops when released: its owner (the store) drops it
/// and `deinit` cancels the timer. The handler runs on the watcher's queue with no lock held, so it may
/// call the store.
package final class StoreChangeWatcher: Sendable {
    /// How often the file is checked; changes are noticed within this time plus one query.
    package static let pollInterval: DispatchTimeInterval = .milliseconds(250)

    private struct State {
        var timer: (any DispatchSourceTimer)?
        var connection: DatabaseQueue?
        var dataVersion: Int64 = 0
        var lastTransaction: Int64 = 0
        var handler: (@Sendable () -> Void)?
    }

    private let queue = DispatchQueue(label: "contacts.store-watcher")
    private let locate: @Sendable () -> URL?
    private let state = Mutex(State())

    /// Creates a watcher for a store file that may not be open yet.
    ///
    /// - Parameter locate: Returns the store file once the store is open, nil before; the watcher starts
    ///   watching on the first tick it returns a URL.
    package init(locate: @escaping @Sendable () -> URL?) {
        self.locate = locate
    }

    /// Starts polling; the handler is called once per external change noticed.
    package func start(handler: @escaping @Sendable () -> Void) {
        let queue = self.queue
        state.withLock { state in
            // Made and kept under the lock: a Dispatch source is not Sendable.
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.schedule(deadline: .now(), repeating: Self.pollInterval, leeway: .milliseconds(50))
            timer.setEventHandler { [weak self] in self?.poll() }
            state.handler = handler
            state.timer = timer
            timer.resume()
        }
    }

    deinit {
        state.withLock { state in
            state.timer?.setEventHandler(handler: nil)
            state.timer?.cancel()
            state.timer = nil
        }
    }

    /// One tick: attach when the store opened, else compare the data version.
    private func poll() {
        let handler = state.withLock { state -> (@Sendable () -> Void)? in
            do {
                guard let connection = try attach(&state) else { return nil }
                let version = try connection.inDatabase { try Int64.fetchOne($0, sql: "PRAGMA data_version") } ?? 0
                guard version != state.dataVersion else { return nil }
                state.dataVersion = version
                let (latest, external) = try connection.read { db -> (Int64, Bool) in
                    let latest = try Int64.fetchOne(db, sql: #"SELECT max(id) FROM "transaction""#) ?? 0
                    let external =
                        try Bool.fetchOne(
                            db,
                            sql:
                                #"SELECT EXISTS (SELECT 1 FROM "transaction" WHERE id > ? AND (origin IS NULL OR origin != ?))"#,
                            arguments: [state.lastTransaction, HistoryLog.processOrigin]
                        ) ?? false
                    return (latest, external)
                }
                state.lastTransaction = max(state.lastTransaction, latest)
                return external ? state.handler : nil
            } catch {
                // A file being replaced or briefly locked: drop the connection and attach again next tick.
                state.connection = nil
                return nil
            }
        }
        handler?()
    }

    /// The watching connection, opened with a baseline the first time the store is open.
    private func attach(_ state: inout State) throws -> DatabaseQueue? {
        if let connection = state.connection { return connection }
        guard let url = locate(), FileManager.default.fileExists(atPath: url.path) else { return nil }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "contacts-watcher"
        configuration.busyMode = .timeout(1)
        let connection = try DatabaseQueue(path: url.path, configuration: configuration)
        state.dataVersion = try connection.inDatabase { try Int64.fetchOne($0, sql: "PRAGMA data_version") } ?? 0
        state.lastTransaction =
            try connection.read { try Int64.fetchOne($0, sql: #"SELECT max(id) FROM "transaction""#) } ?? 0
        state.connection = connection
        // Attached after the first tick: this tick has nothing to compare yet.
        return nil
    }
}
