import ArgumentParser
import ContactsSync

extension ContactsCommand {
    /// `contacts accounts ...`: CardDAV accounts, each address book a container kept in sync with its server.
    struct Accounts: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add, list, sync and remove CardDAV accounts.",
            discussion: """
                Each address book of an account is a container of type carddav. Passwords are kept in the \
                Secret Service when the session has one, else in a file only you can read \
                ($XDG_CONFIG_HOME/contacts/credentials); never in the contacts store, never printed.
                """,
            subcommands: [AccountAdd.self, AccountList.self, AccountShow.self, AccountSync.self, AccountRemove.self],
            defaultSubcommand: AccountList.self
        )
    }

    struct AccountList: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List accounts, oldest first.")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            try CommandFailure.reporting {
                let accounts = try CardDAVAccounts(store: storeOptions.openForAccounts()).accounts()
                var buffer = BufferedOutput()
                buffer.write(
                    output.json ? try ContactJSON.text(accounts.map(AccountJSON.init)) : AccountPresenter.list(accounts)
                )
                buffer.flush()
            }
        }
    }

    struct AccountShow: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show an account: its server, address books, their capabilities and last sync.")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions
        @Argument(help: ArgumentHelp("The account.", valueName: "account-id")) var identifier: String

        func run() throws {
            try CommandFailure.reporting {
                let account = try CardDAVAccounts(store: storeOptions.openForAccounts()).account(identifier: identifier)
                var buffer = BufferedOutput()
                buffer.write(
                    output.json ? try ContactJSON.text(AccountJSON(account)) : AccountPresenter.detail(account))
                buffer.flush()
            }
        }
    }

    struct AccountRemove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove an account, its containers and their contacts, and its stored password.",
            discussion: "The server is not touched: the cards stay there and come back if the account is added again."
        )
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: ArgumentHelp("The account.", valueName: "account-id")) var identifier: String

        func run() throws {
            try CommandFailure.reporting {
                let accounts = CardDAVAccounts(store: try storeOptions.openForAccounts())
                let books = try accounts.account(identifier: identifier).addressBooks.count
                let removed = try accounts.removeAccount(identifier: identifier)
                var buffer = BufferedOutput()
                buffer.line(
                    "Removed account \(identifier): \(books) address book\(books == 1 ? "" : "s"), "
                        + "\(removed) contact\(removed == 1 ? "" : "s") and its stored credentials.")
                buffer.flush()
            }
        }
    }
}
