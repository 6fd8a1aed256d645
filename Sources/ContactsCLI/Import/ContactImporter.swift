import Contacts

/// Imports vCard files into a store: streaming, in batches of save requests, updating contacts it already has.
///
/// Two passes: the first reads every file to the end, so a malformed card stops the import before anything
/// is saved; the second saves cards in batches of ``batchSize``, each batch one `CNSaveRequest`.
///
/// Matching (until the store keeps vCard UIDs, TODO(#8)): a card is the same contact as one in the store
/// when both have the same formatted full name and the same first e-mail address (ignoring case), or, for
/// contacts without e-mail, the same first phone number (digits only). A matched contact is replaced by the
/// card's values; when they are already equal the card is skipped as unchanged. So importing a file twice
/// adds nothing the second time.
package struct ContactImporter {
    package var store: CNContactStore
    package var containerIdentifier: String?
    package var batchSize = 1000
    /// Whether to draw progress bars; by default, when standard error is a terminal.
    package var showsProgress = StandardStreams.errorIsTerminal

    package init(store: CNContactStore, containerIdentifier: String? = nil) {
        self.store = store
        self.containerIdentifier = containerIdentifier
    }

    /// Imports the files.
    ///
    /// - Throws: ``CommandFailure`` for a malformed card (65, with the file and line; nothing saved), an
    ///   unreadable file (66), or the CNError of a save.
    package func run(files: [URL]) throws -> ImportSummary {
        let start = Date()
        let cardCount = try check(files, start: start)
        var session = ImportSession(store: store, containerIdentifier: containerIdentifier, batchSize: batchSize)
        try session.loadExistingContacts()
        // The saving pass counts cards, which the checking pass has counted, so its bar is exact.
        var importing = ProgressBar(title: "Importing", total: cardCount, enabled: showsProgress, start: start)
        for file in files {
            try VCardInputFiles.forEachCard(in: file, progress: { _ in }) { card in
                try session.take(card)
                importing.update(session.summary.cards)
            }
        }
        try session.finish()
        importing.finish()
        session.summary.files = files.count
        return session.summary
    }

    /// Reads every file to its end without saving; returns the number of cards.
    private func check(_ files: [URL], start: Date) throws -> Int {
        let total = VCardInputFiles.totalSize(of: files)
        var checking = ProgressBar(title: "Checking ", total: total, enabled: showsProgress, start: start)
        var done = 0
        var cards = 0
        for file in files {
            try VCardInputFiles.forEachCard(in: file, progress: { checking.update(done + $0) }) { _ in cards += 1 }
            done += VCardInputFiles.totalSize(of: [file])
        }
        checking.finish()
        return cards
    }
}
