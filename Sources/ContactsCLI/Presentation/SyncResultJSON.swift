import ContactsSync

/// One account's sync as `accounts sync --json` prints it (docs/CLI.md): a summary per address book, their
/// total, or the error that stopped it.
package struct SyncResultJSON: Codable, Hashable, Sendable {
    /// What a sync did to one address book, or in total.
    package struct Summary: Codable, Hashable, Sendable {
        /// Absent in a total.
        package var containerIdentifier: String?
        package var downloaded: Int
        package var uploaded: Int
        package var deletedLocally: Int
        package var deletedOnServer: Int
        package var conflicts: Int
        /// Conflicts merged field by field; the others kept the server's version and saved a local copy.
        package var merged: Int
        package var skipped: [Skipped]
        package var usedFullComparison: Bool

        package init(_ summary: SyncSummary) {
            containerIdentifier = summary.containerIdentifier.isEmpty ? nil : summary.containerIdentifier
            downloaded = summary.downloaded
            uploaded = summary.uploaded
            deletedLocally = summary.deletedLocally
            deletedOnServer = summary.deletedOnServer
            conflicts = summary.conflicts
            merged = summary.merged
            skipped = summary.skipped.map(Skipped.init)
            usedFullComparison = summary.usedFullComparison
        }
    }

    /// A card the sync left as it is.
    package struct Skipped: Codable, Hashable, Sendable {
        /// The card on the server.
        package var href: String
        /// The local contact or group, when there is one.
        package var objectIdentifier: String?
        /// `noCard`, `malformed`, `invalid`, `refusedByServer`, `missingFromServer` or `serverFailed`.
        package var code: String
        /// The reason in words.
        package var reason: String
        /// The line of a malformed card.
        package var line: Int?
        /// The HTTP status of a refused or failed card; the CNError code of an invalid contact.
        package var status: Int?

        init(_ card: SkippedCard) {
            href = card.href
            objectIdentifier = card.objectIdentifier
            reason = card.reason.description
            switch card.reason {
            case .noCard: code = "noCard"
            case .malformed(let line):
                code = "malformed"
                self.line = line
            case .invalid(let error):
                code = "invalid"
                status = error
            case .refusedByServer(let status):
                code = "refusedByServer"
                self.status = status
            case .missingFromServer: code = "missingFromServer"
            case .serverFailed(let status):
                code = "serverFailed"
                self.status = status
            }
        }
    }

    /// Why an account's sync stopped.
    package struct Failure: Codable, Hashable, Sendable {
        /// The message of the error line, without `contacts: error:` and the hint.
        package var message: String
        package var exitCode: Int32
    }

    package var identifier: String
    package var addressBooks: [Summary]
    package var total: Summary
    /// Absent when the sync succeeded.
    package var error: Failure?

    package init(identifier: String, summaries: [SyncSummary]) {
        self.identifier = identifier
        addressBooks = summaries.map(Summary.init)
        var total = SyncSummary()
        summaries.forEach { total.add($0) }
        self.total = Summary(total)
    }

    package init(identifier: String, failure: CommandFailure) {
        self.init(identifier: identifier, summaries: [])
        error = Failure(message: failure.message, exitCode: failure.exitCode)
    }
}
