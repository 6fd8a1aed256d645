import ContactsEngine
import ContactsVCard
import Foundation

extension CollectionSynchronizer {
    /// Downloads the listed cards the store does not hold at their listed entity tags, in batches read from the
    /// store's copy of the listing as their requests go out, two requests in flight, and writes each batch in one
    /// transaction; group cards are written after every contact, so their members exist.
    ///
    /// - Parameters:
    ///   - run: The listing in the store (``ListingRecorder``).
    ///   - total: How many cards are to come down, for progress.
    mutating func download(listing run: Int64, total: Int) async throws {
        guard total > 0 else { return }
        let size = max(1, settings.downloadBatchSize)
        let fetcher = CardFetcher(client: client, bookURL: bookURL, usesMultiget: capabilities.supportsMultiget)
        var groupCards: [(ServerCard, VCardCard)] = []
        var failed: [(href: String, status: Int)] = []
        var attempted = 0
        var done = 0
        // Where the next batch starts in the stored listing; nil once it is read to its end.
        var cursor: Int64? = 0
        report(.downloading, 0, total)
        try await withThrowingTaskGroup(of: FetchedCards.self) { group in
            // Reads the next batch and sends it; false when the listing has no more.
            func sendNext() throws -> Bool {
                guard let after = cursor else { return false }
                let (hrefs, last) = try storing {
                    try store.syncListingDownloads(
                        containerIdentifier: containerIdentifier, run: run, after: after, limit: size)
                }
                cursor = hrefs.count < size ? nil : last
                guard !hrefs.isEmpty else { return false }
                attempted += hrefs.count
                group.addTask { try await fetcher.fetch(hrefs) }
                return true
            }
            // The server prepares the next batch while this one is written.
            if try sendNext() { _ = try sendNext() }
            while let fetched = try await group.next() {
                _ = try sendNext()
                failed += fetched.failed
                groupCards += try apply(fetched)
                done += fetched.cards.count + fetched.gone.count + fetched.missing.count
                report(.downloading, done, max(total, done))
            }
        }
        // Batches of one card never fail as a whole; every card failing is the server failing.
        if attempted > 1, failed.count == attempted, let status = failed.first?.status {
            throw DAVClient.statusError(status, method: capabilities.supportsMultiget ? "REPORT" : "GET")
        }
        try recordFailed(failed, listing: run)
        try applyGroupCards(groupCards)
    }

    /// Records the cards the server failed to send, reported once and fetched again when they change.
    ///
    /// Only once the whole download went through: a download that fails later shows the server failing, not
    /// the card, and a card recorded at its listed tag would not be asked for again until it changed.
    private mutating func recordFailed(_ failed: [(href: String, status: Int)], listing run: Int64) throws {
        guard !failed.isEmpty else { return }
        // The listed tags of the few failed cards only, from the store's copy of the listing.
        let listedTags = try storing { try store.syncListingTags(run: run, hrefs: failed.map(\.href)) }
        let stored = try storing {
            try store.syncCards(containerIdentifier: containerIdentifier, hrefs: failed.map(\.href))
        }
        for (href, status) in failed {
            summary.skipped.append(
                SkippedCard(
                    href: href, objectIdentifier: stored[href]?.objectIdentifier, reason: .serverFailed(status: status))
            )
        }
        let (_, changed) = try write { transaction in
            // A card that was readable before keeps its contact and record until it is readable again.
            for (href, _) in failed where stored[href] == nil {
                try transaction.save(
                    SyncCardRow(
                        href: href, etag: listedTags[href], kind: .unreadable, objectIdentifier: nil, uid: nil,
                        base: Data()))
            }
        }
        changedStore = changedStore || changed
    }

    /// Writes one batch of contact cards; returns its group cards for later.
    private mutating func apply(_ fetched: FetchedCards) throws -> [(ServerCard, VCardCard)] {
        for href in fetched.missing {
            // Listed but not sent: the token must not move past it, so the next sync asks again.
            tookEveryServerChange = false
            summary.skipped.append(SkippedCard(href: href, objectIdentifier: nil, reason: .missingFromServer))
        }
        var contacts: [(ServerCard, VCardCard)] = []
        var groups: [(ServerCard, VCardCard)] = []
        var unreadable: [(ServerCard, SkippedCard.Reason)] = []
        for server in fetched.cards {
            do {
                let card = try SyncCardCodec.parse(server.bytes)
                if card.isGroup {
                    groups.append((server, card))
                    seenGroupCardDialect = seenGroupCardDialect ?? Self.dialect(ofGroupCard: server.bytes)
                } else {
                    contacts.append((server, card))
                    sawCategories = sawCategories || !card.categories.isEmpty
                }
            } catch {
                unreadable.append((server, error))
            }
        }
        let stored = try storing {
            try store.syncCards(containerIdentifier: containerIdentifier, hrefs: fetched.cards.map(\.href))
        }
        // Contacts changed on both sides are reconciled with their local version, read before the write.
        let reconciled = contacts.compactMap { server, _ -> String? in
            guard let row = stored[server.href], row.kind == .contact, let identifier = row.objectIdentifier else {
                return nil
            }
            return pendingContactSet.contains(identifier) || row.state != .synced ? identifier : nil
        }
        let snapshots = try storing {
            try store.syncContactSnapshots(containerIdentifier: containerIdentifier, identifiers: reconciled)
        }
        let snapshotByIdentifier = Dictionary(
            snapshots.map { ($0.storage.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        let applier = CardApplier(codec: codec)
        var actions: [(ServerCard, VCardCard, ContactAction)] = []
        for (server, card) in contacts {
            let row = stored[server.href]
            let identifier = row?.objectIdentifier ?? ""
            let action = applier.decide(
                card, server: server, row: row, snapshot: snapshotByIdentifier[identifier],
                hasLocalChanges: pendingContactSet.contains(identifier),
                locallyRemoved: localRemovals[server.href] != nil)
            actions.append((server, card, action))
        }
        let removals = localRemovals
        let pending = pendingContactSet
        let (outcome, changed) = try write { transaction in
            var outcome = BatchOutcome()
            for (server, card, action) in actions {
                do {
                    let counted = try applier.perform(
                        action, card: card, server: server, href: server.href, in: transaction)
                    outcome.count(counted, action: action)
                    if case .restore = action { outcome.restoredHrefs.append(server.href) }
                } catch {
                    guard let code = CardApplier.validationCode(of: error) else { throw error }
                    outcome.skipped.append(
                        SkippedCard(
                            href: server.href, objectIdentifier: stored[server.href]?.objectIdentifier,
                            reason: .invalid(code: code)))
                }
            }
            for (server, reason) in unreadable {
                outcome.skipped.append(
                    SkippedCard(
                        href: server.href, objectIdentifier: stored[server.href]?.objectIdentifier, reason: reason))
                // A card that was readable before keeps its contact and record until it is readable again.
                guard stored[server.href] == nil else { continue }
                try transaction.save(
                    SyncCardRow(
                        href: server.href, etag: server.etag, kind: .unreadable, objectIdentifier: nil, uid: nil,
                        base: Data(server.bytes)))
            }
            outcome.removed = try Self.removeLocally(
                fetched.gone, removals: removals, pending: pending, in: transaction)
            return outcome
        }
        changedStore = changedStore || changed
        absorb(outcome)
        return groups
    }

    /// Folds a transaction's outcome into the sync's state.
    mutating func absorb(_ outcome: BatchOutcome) {
        summary.downloaded += outcome.downloaded
        summary.merged += outcome.merged
        summary.conflicts += outcome.conflicts + outcome.removed.conflicts
        summary.deletedLocally += outcome.removed.deleted
        summary.skipped += outcome.skipped
        for identifier in outcome.settled { settle(contact: identifier) }
        for href in outcome.removed.handledRemovals { localRemovals[href] = nil }
        for href in outcome.restoredHrefs { localRemovals[href] = nil }
    }

    /// Applies the server's removals: deletes local records, except those changed locally, which are kept and
    /// sent again as new cards (a conflict: the local edit is not lost).
    mutating func applyServerRemovals(_ hrefs: [String]) throws {
        guard !hrefs.isEmpty else { return }
        let removals = localRemovals
        let pending = pendingContactSet
        let pendingGroups = self.pendingGroups
        let (removed, changed) = try write { transaction in
            try Self.removeLocally(hrefs, removals: removals, pending: pending.union(pendingGroups), in: transaction)
        }
        changedStore = changedStore || changed
        summary.deletedLocally += removed.deleted
        summary.conflicts += removed.conflicts
        for href in removed.handledRemovals { localRemovals[href] = nil }
    }

    /// What removals did in a transaction.
    struct Removed {
        var deleted = 0
        var conflicts = 0
        /// Local removals that need no request: the server removed the card too.
        var handledRemovals: [String] = []
    }

    static func removeLocally(
        _ hrefs: [String], removals: [String: SyncCardRow], pending: Set<String>, in transaction: SyncTransaction
    ) throws -> Removed {
        var removed = Removed()
        let rows = try transaction.cards(hrefs: hrefs)
        for href in hrefs {
            guard var row = rows[href] else { continue }
            if removals[href] != nil {
                removed.handledRemovals.append(href)
                try transaction.removeCard(href: href)
                continue
            }
            guard let identifier = row.objectIdentifier, row.kind != .unreadable else {
                try transaction.removeCard(href: href)
                continue
            }
            if pending.contains(identifier) {
                // Changed here, removed there: the local version goes back up as a new card.
                row.etag = nil
                row.base = nil
                row.state = .pendingCreate
                try transaction.save(row)
                removed.conflicts += 1
                continue
            }
            if row.kind == .group {
                try transaction.deleteGroup(identifier: identifier)
            } else {
                try transaction.deleteContact(identifier: identifier)
            }
            try transaction.removeCard(href: href)
            removed.deleted += 1
        }
        return removed
    }
}

/// What one download transaction did.
struct BatchOutcome {
    var downloaded = 0
    var merged = 0
    var conflicts = 0
    var skipped: [SkippedCard] = []
    /// Contacts whose local changes need no upload any more.
    var settled: [String] = []
    var restoredHrefs: [String] = []
    var removed = CollectionSynchronizer.Removed()

    mutating func count(_ counted: CardApplier.Counted, action: ContactAction) {
        switch counted {
        case .downloaded: downloaded += 1
        case .merged: merged += 1
        case .conflict: conflicts += 1
        }
        switch action {
        case .apply(let identifier?, true): settled.append(identifier)
        case .conflict(let identifier, _, _): settled.append(identifier)
        case .restore(let identifier): settled.append(identifier)
        default: break
        }
    }
}
