import ContactsModel
import Foundation
import GRDB

/// One open store file: a GRDB `DatabasePool` in WAL mode plus the engine's writers and compilers.
///
/// Thread-safe: the pool serializes writes and runs reads concurrently; `Database` handles never leave
/// the closures GRDB calls.
package final class StoreDatabase: Sendable {
    /// Private: reads and writes need a ``GateAccess`` (``read(_:_:)``), which only the privacy gate makes.
    private let pool: DatabasePool
    package let configuration: ContactStoreConfiguration
    package let sortKey: SortKey
    package let phoneMatcher: any PhoneNumberMatching

    package var writer: ContactWriter {
        ContactWriter(
            sortKey: sortKey, phoneMatcher: phoneMatcher, stagingPolicy: configuration.indexStagingPolicy,
            stagingTally: stagingTally
        )
    }
    /// The contacts this store's saves staged since they last counted them (``IndexStaging/Tally``).
    private let stagingTally = IndexStaging.Tally()
    /// Tells whether anything was committed between two reads (``changeStamp()``).
    private let changeProbe: StoreChangeProbe
    package var compiler: PredicateCompiler { PredicateCompiler(phoneMatcher: phoneMatcher) }

    private init(
        pool: DatabasePool, configuration: ContactStoreConfiguration, sortKey: SortKey,
        phoneMatcher: any PhoneNumberMatching
    ) {
        self.pool = pool
        self.configuration = configuration
        self.sortKey = sortKey
        self.phoneMatcher = phoneMatcher
        self.changeProbe = StoreChangeProbe(path: configuration.url.path)
    }

    /// Opens (creating when needed) the store a configuration names and brings its schema up to date.
    ///
    /// - Throws: `StoreError` with code `cannotOpen` or `databaseFailure`.
    package static func open(
        _ requested: ContactStoreConfiguration,
        phoneMatcher: any PhoneNumberMatching = RegionalPhoneNumberMatcher()
    ) throws(StoreError) -> StoreDatabase {
        var configuration = requested
        if fileDeniesWriting(at: configuration.url) {
            configuration.isReadOnly = true
        }
        let locale =
            configuration.localeIdentifier
            ?? UserSettings.load(environment: ProcessInfo.processInfo.environment).localeIdentifier
        let sortKey = SortKey(localeIdentifier: locale)
        if !configuration.isReadOnly {
            try prepareFile(at: configuration.url)
        }
        do {
            let pool = try DatabasePool(
                path: configuration.url.path, configuration: databaseConfiguration(for: configuration))
            if !configuration.isReadOnly {
                try StoreSchema.migrator.migrate(pool)
            }
            let database = StoreDatabase(
                pool: pool, configuration: configuration, sortKey: sortKey, phoneMatcher: phoneMatcher)
            if !configuration.isReadOnly {
                try database.refreshSortKeysIfLocaleChanged()
            }
            return database
        } catch {
            throw StoreError.wrapping(error)
        }
    }

    /// Runs a read transaction for a caller the gate let through.
    func read<T>(_ access: GateAccess, _ body: (Database) throws -> T) throws -> T {
        try pool.read(body)
    }

    /// Runs one statement on a reader outside an explicit transaction, for a caller the gate let through: a single
    /// statement reads one snapshot by itself, and the `BEGIN` and `COMMIT` GRDB prepares for each read cost
    /// about as much as the gate's own one-row query on every call an app makes (docs/Daemon.md).
    func readOneStatement<T>(_ access: GateAccess, _ body: (Database) throws -> T) throws -> T {
        try pool.unsafeRead(body)
    }

    /// Runs a write transaction for a caller the gate let through.
    func write<T>(_ access: GateAccess, _ body: (Database) throws -> T) throws -> T {
        try pool.write(body)
    }

    /// Runs a body on the writer connection outside a transaction, for a caller the gate let through.
    func writeWithoutTransaction<T>(_ access: GateAccess, _ body: (Database) throws -> T) throws -> T {
        try pool.writeWithoutTransaction(body)
    }

    /// What tells another connection's commits from this store's own, for the daemon's change notices.
    package struct CommitMarker: Sendable, Equatable {
        /// SQLite's `PRAGMA data_version` on this store's writer: it changes only when another connection (the
        /// person's tool on the same file) commits, never for this store's own writes.
        package var dataVersion: Int64
        /// The newest change-history transaction row, whoever wrote it.
        package var lastTransaction: Int64
    }

    /// The marker now. Reads no contact data (as ``StoreChangeWatcher`` does), so it needs no gate access.
    /// Another connection committed a change-history transaction since an earlier marker when the data
    /// version differs and the last transaction grew.
    package func commitMarker() throws(StoreError) -> CommitMarker {
        do {
            return try pool.writeWithoutTransaction { db in
                CommitMarker(
                    dataVersion: try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0,
                    lastTransaction: try Int64.fetchOne(db, sql: #"SELECT max(id) FROM "transaction""#) ?? 0)
            }
        } catch {
            throw StoreError.wrapping(error)
        }
    }

    /// A value that changes whenever anything is committed to the file, by this process or another: equal
    /// stamps taken before a read and later mean the read still shows the store as it is. Reads no contact data,
    /// so it needs no gate access.
    package func changeStamp() throws(StoreError) -> Int64 {
        do {
            return try changeProbe.dataVersion()
        } catch {
            throw StoreError.wrapping(error)
        }
    }

    private static func databaseConfiguration(for configuration: ContactStoreConfiguration) -> Configuration {
        var result = Configuration()
        result.readonly = configuration.isReadOnly
        result.foreignKeysEnabled = true
        // Another process may hold the write lock; wait for it rather than failing at once.
        result.busyMode = .timeout(10)
        result.label = "contacts"
        let maximumPageCount = configuration.maximumPageCount
        // Held by the configuration, which the writer connection keeps until it closes: the hook's object
        // outlives the connection it is installed on.
        let checkpointer =
            configuration.isReadOnly
            ? nil : WALCheckpointer(path: configuration.url.path, policy: configuration.checkpointPolicy)
        let memoryMapSize = max(0, configuration.memoryMapSize)
        result.prepareDatabase { db in
            // WAL with synchronous NORMAL loses no committed transaction when a process dies; only a power
            // loss may roll back the last ones, never corrupt the file.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // Statement journals and sorts stay in memory: a save of thousands of rows would otherwise create
            // and delete temporary files over and over.
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
            // 32 MB of page cache per connection keeps the identifier, sort and name indexes of a 100,000-contact
            // store (about 25 MB together) in memory, so a history or identifier lookup costs the same at 10,000
            // and at 100,000 contacts. The cache grows only as pages are read.
            try db.execute(sql: "PRAGMA cache_size = -32000")
            // Reads through a memory map share the kernel's page cache between the pool's connections instead of
            // copying each page into every connection's own cache. 256 MB (the default) covers the file of a large
            // store; SQLite maps only what the file holds, and a build without mmap support ignores the pragma.
            try db.execute(sql: "PRAGMA mmap_size = \(memoryMapSize)")
            // Only the writer commits; the pool's readers are opened read-only.
            if let checkpointer, !db.configuration.readonly, let connection = db.sqliteConnection {
                checkpointer.install(on: connection)
            }
            if let maximumPageCount {
                try db.execute(sql: "PRAGMA max_page_count = \(maximumPageCount)")
            }
        }
        return result
    }

    /// Whether the store file exists and its mode grants writing to no one.
    ///
    /// Such a file is opened read-only whoever opens it: root may write any file, but a person who took the
    /// write bits away meant the store to stay as it is, so saves give CNError 2 for root too.
    private static func fileDeniesWriting(at url: URL) -> Bool {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            let mode = attributes[.posixPermissions] as? NSNumber
        else { return false }
        return mode.intValue & 0o222 == 0
    }

    /// Creates the directory (0700) and an empty file (0600) before SQLite opens it, so the person's data is
    /// never readable by others, not even for an instant.
    private static func prepareFile(at url: URL) throws(StoreError) {
        let manager = FileManager.default
        let directory = url.deletingLastPathComponent()
        do {
            if !manager.fileExists(atPath: directory.path) {
                try manager.createDirectory(
                    at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            }
            if !manager.fileExists(atPath: url.path) {
                guard manager.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                    throw StoreError(.cannotOpen, "cannot create the store file")
                }
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(.cannotOpen, "cannot create the store directory", cause: error)
        }
    }

    /// Sort keys depend on the locale's alphabet; when the locale changed since they were written, they are
    /// rewritten once, at open.
    private func refreshSortKeysIfLocaleChanged() throws {
        try pool.write { db in
            let stored = try String.fetchOne(db, sql: "SELECT value FROM store_setting WHERE key = 'sortLanguage'")
            guard stored != sortKey.language else { return }
            if stored != nil {
                try rewriteSortKeys(in: db)
            }
            try db.execute(
                sql: "INSERT OR REPLACE INTO store_setting (key, value) VALUES ('sortLanguage', ?)",
                arguments: [sortKey.language]
            )
        }
    }

    private func rewriteSortKeys(in db: Database) throws {
        let reader = ContactReader(keys: ContactKeySet(SortKey.properties), unify: false)
        let rows = try StatementRows(db.makeStatement(sql: "SELECT \(reader.selection) FROM contact"))
        var updates: [(Int64, String, String)] = []
        while let row = try rows.next() {
            let storage = reader.storage(from: row)
            let names = SortKey.Names(storage)
            updates.append(
                (
                    ContactReader.rowID(row),
                    sortKey.key(for: names, order: .givenName, identifier: storage.identifier),
                    sortKey.key(for: names, order: .familyName, identifier: storage.identifier)
                ))
        }
        let statement = try db.cachedStatement(sql: "UPDATE contact SET sort_given = ?, sort_family = ? WHERE id = ?")
        for (id, given, family) in updates {
            // Bound directly: keys hold the names, U+0000 included, which GRDB's arguments would cut.
            try statement.executeBinding { binder in
                binder.bind(given)
                binder.bind(family)
                binder.bind(id)
            }
        }
    }
}
