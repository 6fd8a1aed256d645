import ContactsEngine
import Foundation

/// Syncs one address book with its container, both ways.
///
/// The order makes an interrupted sync safe to run again: local changes are read first (from the change log,
/// by anyone but the sync), then the server's changes are listed and downloaded batch by batch, each batch in
/// one transaction with what the store knows of its cards; then local changes go up, each card recorded before
/// and after its request; the token and the change-log sequence are saved last. Whatever point a sync stops
/// at, the next one lists the same server changes again (the token did not move), skips cards whose entity
/// tags it already has, and finds the local changes it did not send still pending. docs/Sync.md has the
/// details.
struct CollectionSynchronizer {
    let store: AuthorizedStore
    let client: DAVClient
    let book: SyncCollectionRow
    let bookURL: URL
    var capabilities: AddressBookCapabilities
    let settings: AccountSettings
    let author: String
    let progress: (@Sendable (SyncProgress) -> Void)?

    var summary = SyncSummary()
    /// Whether a step changed contacts or groups, so the store announces a change.
    var changedStore = false
    /// Whether the steps write new contacts' index keys straight to the large indexes: set for a download of
    /// more cards than the staging holds before it merges (``CollectionSynchronizer/largeDownload``), as an
    /// import does.
    var writesKeysStraight = false
    /// A download of more cards than this writes its keys straight: the staging's smallest limit, past which
    /// its keys would be merged anyway.
    static let largeDownload = IndexStaging.Policy.minimumLimit
    /// Local changes found at the start.
    var localChanges = SyncLocalChanges(contacts: [], groups: [], removedCards: [], isComplete: true, sequence: 0)
    /// Contacts whose local changes are still to be sent.
    var pendingContacts: [String] = []
    var pendingContactSet: Set<String> = []
    /// Groups whose local changes are still to be sent (group-card dialects).
    var pendingGroups: Set<String> = []
    /// Cards whose contact or group was deleted locally, by href, still to be deleted on the server.
    var localRemovals: [String: SyncCardRow] = [:]
    /// Whether every server change was taken, so the token may move.
    var tookEveryServerChange = true
    /// Uploads in a row the server failed (5xx): a few mean the card, more mean the server.
    var serverFailuresInARow = 0
    /// The group dialect the server's cards showed: group cards of a kind, or contact cards with CATEGORIES.
    var seenGroupCardDialect: GroupDialect?
    var sawCategories = false

    var containerIdentifier: String { book.containerIdentifier }
    var codec: SyncCardCodec { SyncCardCodec(capabilities: capabilities) }

    init(
        store: AuthorizedStore, client: DAVClient, book: SyncCollectionRow, capabilities: AddressBookCapabilities,
        settings: AccountSettings, author: String, progress: (@Sendable (SyncProgress) -> Void)?
    ) throws {
        guard let url = URL(string: book.url) else {
            throw SyncError(.invalidURL, "book \(book.containerIdentifier) has no valid URL")
        }
        self.store = store
        self.client = client
        self.book = book
        self.bookURL = url
        self.capabilities = capabilities
        self.settings = settings
        self.author = author
        self.progress = progress
        summary.containerIdentifier = book.containerIdentifier
    }

    /// Runs the sync.
    ///
    /// - Returns: What it did.
    /// - Throws: ``SyncError``; what was done before the error stays done, and the next sync continues.
    mutating func run() async throws -> SyncSummary {
        localChanges = try storing {
            try store.syncLocalChanges(
                containerIdentifier: containerIdentifier, since: book.localSequence, excludingAuthor: author)
        }
        pendingContacts = localChanges.contacts
        pendingContactSet = Set(pendingContacts)
        pendingGroups = Set(localChanges.groups)
        for card in localChanges.removedCards { localRemovals[card.href] = card }
        report(.listing, 0, 0)

        // The listing goes to the store as it is parsed, and comes back a batch at a time: never whole in memory.
        let listingRun = try storing { try store.beginSyncListing(containerIdentifier: containerIdentifier) }
        defer { endListing(listingRun) }
        return try await synchronize(listing: listingRun)
    }

    /// The rest of a sync, once its listing run exists: list, download, remove, upload, finish.
    private mutating func synchronize(listing run: Int64) async throws -> SyncSummary {
        let lister = RemoteLister(client: client, bookURL: bookURL)
        let outcome = try await lister.list(
            token: book.syncToken, storedCTag: book.ctag, supportsSyncCollection: capabilities.supportsSyncCollection,
            into: ListingRecorder(store: store, run: run, batchSize: Self.listingBatchSize(settings)))
        capabilities.supportsSyncCollection = outcome.supportsSyncCollection
        let listing = outcome.listing
        summary.usedFullComparison = listing.isComplete
        // Both are decided from the listing and what the store held before the download, as they always were.
        let downloads = try storing {
            try store.syncListingDownloadCount(containerIdentifier: containerIdentifier, run: run)
        }
        let removals = try storing {
            try store.syncListingRemovals(
                containerIdentifier: containerIdentifier, run: run, isComplete: listing.isComplete)
        }
        writesKeysStraight = downloads > Self.largeDownload
        defer { writesKeysStraight = false }
        try await download(listing: run, total: downloads)
        try applyServerRemovals(removals)
        if !capabilities.isReadOnly {
            try await uploadContacts()
            try await deleteOnServer()
            if codec.dialect != .categories { try await uploadGroups() }
        }
        try adoptDetectedDialect()
        report(.finishing, 0, 0)
        let token = tookEveryServerChange ? listing.syncToken : book.syncToken
        let ctag = tookEveryServerChange ? listing.ctag : book.ctag
        // Local changes the server refused are marked on their cards and sent again; the rest are done.
        let sequence = capabilities.isReadOnly ? book.localSequence : localChanges.sequence
        _ = try storing {
            try store.syncTransaction(containerIdentifier: containerIdentifier, author: author) { transaction in
                try transaction.finishSync(syncToken: token, ctag: ctag, localSequence: sequence, author: author)
            }
        }
        return summary
    }

    // MARK: Helpers

    /// Listed cards written per store transaction: four download batches (1,000 by default), few enough to hold,
    /// enough that a listing of 100,000 cards is 100 transactions.
    static func listingBatchSize(_ settings: AccountSettings) -> Int {
        max(1, settings.downloadBatchSize) * 4
    }

    /// Deletes a sync's listing from the store, however the sync ended. A failure here loses nothing: the rows
    /// are scratch, and a later sync of the book deletes a run once it is a day old.
    func endListing(_ run: Int64) {
        try? store.endSyncListing(run: run)
    }

    /// Runs a store call, turning its errors into ``SyncError``s.
    func storing<T>(_ body: () throws -> T) throws -> T {
        try SyncError.fromStore(body)
    }

    /// Runs one step in a write transaction; the caller records whether it changed the store.
    ///
    /// The body must not touch the synchronizer: it runs while the caller may hold it.
    func write<T>(_ body: (SyncTransaction) throws -> T) throws -> (T, Bool) {
        try storing {
            let outcome = try store.syncTransaction(
                containerIdentifier: containerIdentifier, author: author,
                keysStraightToLargeIndexes: writesKeysStraight, body)
            return (outcome.result, outcome.changed)
        }
    }

    func report(_ phase: SyncProgress.Phase, _ completed: Int, _ total: Int) {
        progress?(
            SyncProgress(containerIdentifier: containerIdentifier, phase: phase, completed: completed, total: total))
    }

    /// The URL of an href of the book.
    func url(of href: String) throws -> URL {
        guard let url = URL(string: href, relativeTo: bookURL)?.absoluteURL else {
            throw SyncError(.invalidURL, "card \(href) has no valid URL")
        }
        return url
    }

    /// Marks a contact as handled: its local changes need no upload (or were set aside).
    mutating func settle(contact identifier: String) {
        guard pendingContactSet.remove(identifier) != nil else { return }
        pendingContacts.removeAll { $0 == identifier }
    }
}
