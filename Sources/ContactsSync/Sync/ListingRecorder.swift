import ContactsEngine

/// Writes a book's listing into the store as it is parsed, a batch of entries per transaction, under one run
/// of the store's listing table (``AuthorizedStore/beginSyncListing(containerIdentifier:)``).
///
/// Only a batch is held in memory: a first sync of 100,000 cards held every href and entity tag until its
/// download ended (docs/Sync.md, "Performance").
final class ListingRecorder {
    let store: AuthorizedStore
    let run: Int64
    /// Entries written per transaction.
    let batchSize: Int
    private var pending: [SyncListingEntry] = []

    init(store: AuthorizedStore, run: Int64, batchSize: Int = 1_000) {
        self.store = store
        self.run = run
        self.batchSize = max(1, batchSize)
        pending.reserveCapacity(self.batchSize)
    }

    /// Adds a listed card; written with its batch.
    func add(_ entry: SyncListingEntry) throws {
        pending.append(entry)
        if pending.count >= batchSize { try flush() }
    }

    /// Writes what is pending.
    func flush() throws {
        guard !pending.isEmpty else { return }
        let entries = pending
        pending.removeAll(keepingCapacity: true)
        try SyncError.fromStore { try store.appendSyncListing(run: run, entries: entries) }
    }

    /// Forgets everything listed so far: the listing starts over (a refused token).
    func restart() throws {
        pending.removeAll(keepingCapacity: true)
        try SyncError.fromStore { try store.clearSyncListing(run: run) }
    }
}
