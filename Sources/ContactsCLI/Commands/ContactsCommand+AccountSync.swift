import ArgumentParser
import ContactsSync

extension ContactsCommand {
    /// `contacts accounts sync [ID]`: both ways, one account or all, with a summary.
    struct AccountSync: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sync",
            abstract: "Sync an account's address books both ways; every account when none is given.",
            discussion: """
                Prints, per account, what happened to each address book: cards downloaded and uploaded, \
                deletions each way, conflicts (merged, or the server's version kept and yours saved as a copy) \
                and skipped cards with their reasons. A progress bar appears on a terminal once the sync has \
                taken a second. When an account fails, the others are still synced, and the exit code is the \
                first failure's (75: try again later; 76: the server broke the protocol; 77: the account needs \
                you).
                """
        )
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions
        @Argument(help: ArgumentHelp("The account (default: every account).", valueName: "account-id"))
        var identifier: String?

        func run() throws {
            try CommandFailure.reporting {
                let accounts = CardDAVAccounts(store: try storeOptions.openForAccounts())
                // An unknown identifier fails here, before anything is printed.
                let selected = try identifier.map { [try accounts.account(identifier: $0)] } ?? accounts.accounts()
                var results: [SyncResultJSON] = []
                var buffer = BufferedOutput()
                var firstFailure: Int32?
                for account in selected {
                    let result = Self.sync(account.identifier, with: accounts)
                    if firstFailure == nil { firstFailure = result.error?.exitCode }
                    results.append(result)
                    if !output.json { buffer.write(SyncPresenter.text(result, account: account)) }
                }
                if output.json {
                    buffer.write(try ContactJSON.text(results))
                } else if selected.isEmpty {
                    buffer.line("No accounts.")
                }
                buffer.flush()
                if let firstFailure { throw ExitCode(firstFailure) }
            }
        }

        /// Syncs one account; a failure is written to standard error at once and kept in the result.
        static func sync(_ identifier: String, with accounts: CardDAVAccounts) -> SyncResultJSON {
            let display = SyncProgressDisplay()
            do {
                let summaries = try BlockingTask.run {
                    try await accounts.sync(accountIdentifier: identifier, progress: { display.report($0) })
                }
                display.finish()
                return SyncResultJSON(identifier: identifier, summaries: summaries)
            } catch {
                display.finish()
                let failure =
                    (error as? SyncError).map { CommandFailure($0, account: identifier) }
                    ?? CommandFailure(describing: error)
                StandardStreams.writeError(failure.line + "\n")
                return SyncResultJSON(identifier: identifier, failure: failure)
            }
        }
    }
}
