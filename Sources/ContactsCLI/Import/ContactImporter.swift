import ContactsSystem

/// Imports vCard files into a store through `CNContactStore.importVCards(from:options:progress:)`.
///
/// The store-side import does the work (docs/Import.md): one transaction for all the files, so a
/// malformed card stops the import with nothing saved; cards matched by `UID` (then by the contact
/// identifier our exports write as UID, then, for cards without one, by formatted name, organization and
/// first e-mail address or phone digits); unknown properties kept; group cards and `CATEGORIES` as groups.
/// This type adds the progress bar and the tool's summary and errors.
package struct ContactImporter {
    package var store: CNContactStore
    package var containerIdentifier: String?
    package var batchSize = 5_000
    /// Whether to draw progress bars; by default, when standard error is a terminal.
    package var showsProgress = StandardStreams.errorIsTerminal

    package init(store: CNContactStore, containerIdentifier: String? = nil) {
        self.store = store
        self.containerIdentifier = containerIdentifier
    }

    /// Imports the files.
    ///
    /// - Throws: ``CommandFailure`` for a malformed card (65, with the file and line; nothing saved), an
    ///   unreadable file (66), or the CNError of the store.
    package func run(files: [URL]) throws -> ImportSummary {
        var options = ContactImportOptions(containerIdentifier: containerIdentifier, batchSize: batchSize)
        options.progressInterval = 500
        var bar = ProgressBar(title: "Importing", total: VCardInputFiles.totalSize(of: files), enabled: showsProgress)
        let result: ContactImportSummary
        do {
            result = try store.importVCards(from: files, options: options) { progress in
                bar.update(progress.bytesRead)
            }
        } catch let error as CNError {
            bar.finish()
            let file = error.userInfo[NSFilePathErrorKey] as? String
            if error.code == .dataAccessError, let file {
                throw CommandFailure("cannot read \(file)", exitCode: ExitStatus.noInput)
            }
            throw CommandFailure(error, file: file)
        }
        bar.finish()
        return ImportSummary(result)
    }
}
