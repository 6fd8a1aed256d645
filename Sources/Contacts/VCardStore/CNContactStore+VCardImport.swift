import ContactsClient
import ContactsEngine
import ContactsModel
import ContactsVCard
import Foundation

extension CNContactStore {
    /// Imports a vCard file (2.1, 3.0 or 4.0) into the store, streaming, in one transaction.
    ///
    /// The file is read a chunk at a time and written in batches, so memory stays flat however large it
    /// is. Each card's `UID` and the properties the contact model has no field for are kept with the
    /// contact, so ``exportVCards(to:selection:options:)`` writes them back. A card whose `UID` matches a
    /// contact of the target container (by stored UID, or by contact identifier as our exports write it)
    /// updates that contact; importing the same file again adds nothing. Cards without a `UID` match by
    /// formatted name, organization and first e-mail address or phone number. Group cards (Apple's
    /// `X-ADDRESSBOOKSERVER-KIND:group`, vCard 4 `KIND:group`) and `CATEGORIES` become groups of the
    /// container, found by name or created, with their members.
    ///
    /// The whole import is one write transaction: a malformed card, an invalid contact or a full disk
    /// rolls everything back, and other writers wait until it ends.
    ///
    /// ```swift
    /// let summary = try store.importVCards(from: url) { progress in
    ///     print("\(progress.cardsRead) cards")
    /// }
    /// print("\(summary.added) added, \(summary.updated) updated")
    /// ```
    ///
    /// - Parameters:
    ///   - url: The vCard file.
    ///   - options: The container, batch size, progress interval and history author.
    ///   - progress: Called every `options.progressInterval` cards and once at the end, on the calling thread.
    /// - Returns: What the import did.
    /// - Throws: `CNError.vCardMalformed` (700) with `lineNumber` and `NSFilePathErrorKey` for malformed
    ///   input; `CNError.dataAccessError` (2) for an unreadable file; a container error (`parentRecordDoesNotExist`,
    ///   `parentContainerNotWritable`, `noWritableContainer`); a validation error for a card the store
    ///   cannot hold. Nothing is imported when it throws.
    ///
    /// Parity: our addition.
    @discardableResult
    public func importVCards(
        from url: URL,
        options: ContactImportOptions = ContactImportOptions(),
        progress: ((ContactImportProgress) -> Void)? = nil
    ) throws -> ContactImportSummary {
        try importVCards(from: [url], options: options, progress: progress)
    }

    /// Imports several vCard files in one transaction: all of them or, on any error, none.
    ///
    /// ```swift
    /// let summary = try store.importVCards(from: [first, second])
    /// ```
    ///
    /// - Parameters:
    ///   - urls: The vCard files, imported in order.
    ///   - options: The container, batch size, progress interval and history author.
    ///   - progress: Called every `options.progressInterval` cards and once at the end.
    /// - Returns: What the import did, over every file.
    /// - Throws: As ``importVCards(from:options:progress:)``.
    ///
    /// Parity: our addition.
    @discardableResult
    public func importVCards(
        from urls: [URL],
        options: ContactImportOptions = ContactImportOptions(),
        progress: ((ContactImportProgress) -> Void)? = nil
    ) throws -> ContactImportSummary {
        if let daemon = connection as? DaemonConnection {
            return try announcing(daemon.importVCards(.files(urls), options: options, progress: progress))
        }
        let totalBytes = urls.reduce(0) { total, url in
            total + ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0)
        }
        return try importCards(options: options) { session in
            var report = ContactImportProgress(totalBytes: totalBytes)
            let interval = max(1, options.progressInterval)
            let reader = VCardReadAhead(urls: urls, preparer: session.preparer)
            defer { reader.stop() }
            session.recycle = { reader.recycle(.pending($0)) }
            reading: while true {
                switch reader.next() {
                case .cards(let batch):
                    report.fileIndex = batch.fileIndex
                    for (card, prepared) in zip(batch.cards, batch.prepared) {
                        try session.take(card, prepared: prepared)
                        report.cardsRead += 1
                        if report.cardsRead % interval == 0 { progress?(report) }
                    }
                    report.bytesRead = batch.bytesRead
                    reader.recycle(.batch(batch))
                case .failure(let error): throw error
                case .end: break reading
                }
            }
            try session.finish()
            session.summary.files = urls.count
            report.isFinished = true
            progress?(report)
        }
    }

    /// Imports vCard data in memory, as ``importVCards(from:options:progress:)`` imports a file.
    ///
    /// ```swift
    /// let summary = try store.importVCards(data: Data(vcardText.utf8))
    /// ```
    ///
    /// - Throws: As ``importVCards(from:options:progress:)``, without a file path.
    ///
    /// Parity: our addition.
    @discardableResult
    public func importVCards(data: Data, options: ContactImportOptions = ContactImportOptions()) throws
        -> ContactImportSummary
    {
        if let daemon = connection as? DaemonConnection {
            return try announcing(daemon.importVCards(.data(data), options: options, progress: nil))
        }
        return try importCards(options: options) { session in
            var reader = VCardStreamReader(bytes: [UInt8](data))
            while let card = try VCardFileSource.next(&reader, path: nil) {
                try session.take(card)
            }
            try session.finish()
        }
    }

    private func importCards(
        options: ContactImportOptions,
        _ body: (inout ContactImportSession) throws -> Void
    ) throws -> ContactImportSummary {
        let store = try authorizedStore()
        do {
            let summary = try store.importTransaction(
                author: options.transactionAuthor, containerIdentifier: options.containerIdentifier
            ) { transaction in
                var session = ContactImportSession(transaction: transaction, batchSize: options.batchSize)
                try body(&session)
                return session.summary
            }
            return announcing(summary)
        } catch let error as CNError {
            throw error
        } catch {
            throw StoreError.wrapping(error).contactsError
        }
    }

    /// Announces an import that changed something like a link change: a committed change of this store, with no
    /// save request behind it.
    private func announcing(_ summary: ContactImportSummary) -> ContactImportSummary {
        if summary.added + summary.updated + summary.groupsCreated + summary.membersAdded > 0 {
            postStoreDidChange(saveIdentifiers: [])
        }
        return summary
    }

    /// The in-process store as the privacy gate lets this store's accessor use it (asking the person first
    /// when the app is not determined; 100 when denied or restricted); other connections cannot import or
    /// export yet.
    func authorizedStore() throws(CNError) -> AuthorizedStore {
        guard let embedded = connection as? EmbeddedConnection else {
            throw CNError(
                .featureDisabledByUser, userInfo: [NSDebugDescriptionErrorKey: "vCard import needs an in-process store"]
            )
        }
        return try embedded.authorized()
    }
}
