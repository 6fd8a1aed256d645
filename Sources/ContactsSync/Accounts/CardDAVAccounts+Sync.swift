import Contacts
import ContactsEngine
import Foundation

extension CardDAVAccounts {
    /// Syncs every address book of an account both ways.
    ///
    /// Server changes come down (sync-collection where the server has it, else entity tags), local changes go
    /// up (`If-Match`, `If-None-Match: *`), deletions go both ways, and conflicts follow the documented policy:
    /// fields merge when the sides changed different ones; otherwise the server's card stays and the local
    /// version is kept as a recoverable copy (``conflictCopies(accountIdentifier:)``). A card that cannot be
    /// read or written is reported in ``SyncSummary/skipped`` and the sync goes on.
    ///
    /// A sync that stops (network gone, process killed) resumes where it stopped the next time: no card is
    /// duplicated or lost.
    ///
    /// - Parameters:
    ///   - accountIdentifier: The account.
    ///   - progress: Called as the sync lists, downloads and uploads.
    /// - Returns: What the sync did, per address book.
    /// - Throws: ``SyncError``: `accountNotFound`, `credentialsMissing`, `unauthorized`, `timedOut`,
    ///   `connectionFailed`, `serverError`, `malformedResponse`, `redirectLoop`, `certificateUntrusted`, `store`.
    public func sync(
        accountIdentifier: String, progress: (@Sendable (SyncProgress) -> Void)? = nil
    ) async throws -> [SyncSummary] {
        let (row, collections) = try storing { engine -> (SyncAccountRow, [SyncCollectionRow]) in
            guard let row = try engine.syncAccount(identifier: accountIdentifier) else {
                throw SyncError(.accountNotFound, "no account \(accountIdentifier)")
            }
            return (row, try engine.syncCollections(accountIdentifier: accountIdentifier))
        }
        let settings = JSONText.decode(AccountSettings.self, row.settings) ?? AccountSettings()
        let client = DAVClient(
            transport: try makeTransport(row.pinnedCertificate, settings.timeouts),
            credentials: try credentials(for: row))
        var summaries: [SyncSummary] = []
        var changed = false
        do {
            for collection in collections {
                let capabilities = Self.addressBook(collection).capabilities
                var synchronizer = try CollectionSynchronizer(
                    store: try engine(), client: client, book: collection, capabilities: capabilities,
                    settings: settings,
                    author: Self.transactionAuthor, progress: progress)
                do {
                    summaries.append(try await synchronizer.run())
                } catch {
                    changed = changed || synchronizer.changedStore
                    throw error
                }
                changed = changed || synchronizer.changedStore
                if synchronizer.capabilities != capabilities {
                    try storing { engine in
                        try engine.updateSyncCollection(
                            containerIdentifier: collection.containerIdentifier,
                            capabilities: JSONText.encode(synchronizer.capabilities),
                            isReadOnly: synchronizer.capabilities.isReadOnly)
                    }
                }
            }
        } catch {
            await client.transport.shutdown()
            if changed { store.postStoreDidChange(saveIdentifiers: []) }
            throw error
        }
        await client.transport.shutdown()
        if changed { store.postStoreDidChange(saveIdentifiers: []) }
        return summaries
    }

    /// Changes how an address book writes groups; the person's choice is never replaced by detection.
    public func setGroupDialect(_ dialect: GroupDialect, containerIdentifier: String) throws {
        try storing { engine in
            guard let row = try engine.syncCollection(containerIdentifier: containerIdentifier) else {
                throw SyncError(.accountNotFound, "container \(containerIdentifier) belongs to no account")
            }
            var capabilities = Self.addressBook(row).capabilities
            capabilities.groupDialect = dialect
            capabilities.groupDialectIsChosen = true
            try engine.updateSyncCollection(
                containerIdentifier: containerIdentifier, capabilities: JSONText.encode(capabilities),
                isReadOnly: row.isReadOnly)
        }
    }

    /// The local versions conflicts set aside, for an account or for every account.
    public func conflictCopies(accountIdentifier: String? = nil) throws -> [ConflictCopy] {
        try storing { engine in
            let containers: Set<String>? = try accountIdentifier.map {
                Set(try engine.syncCollections(accountIdentifier: $0).map(\.containerIdentifier))
            }
            return try engine.syncConflicts(containerIdentifier: nil)
                .filter { containers?.contains($0.containerIdentifier) ?? true }
                .map(ConflictCopy.init)
        }
    }

    /// Forgets conflict copies the person restored or no longer needs.
    public func discardConflictCopies(_ copies: [ConflictCopy]) throws {
        try storing { try $0.removeSyncConflicts(ids: copies.map(\.id)) }
    }
}
