import ArgumentParser
import ContactsSystem

extension ContactsCommand {
    /// `contacts me`: the person's own card ("My Card"): show it, set it, clear it.
    struct Me: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show, set or clear your own card.",
            subcommands: [MeShow.self, MeSet.self, MeClear.self],
            defaultSubcommand: MeShow.self
        )
    }

    /// `contacts me` / `contacts me show`: every field of the person's card.
    struct MeShow: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show your own card.")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            try CommandFailure.reporting {
                let store = try storeOptions.open()
                let presenter = ContactPresenter()
                var buffer = BufferedOutput()
                do {
                    let me = try store.unifiedMeContactWithKeys(toFetch: ContactKeys.detail)
                    buffer.write(
                        output.json
                            ? try ContactJSON.text(ContactJSON(me, presenter: presenter)) : presenter.detail(of: me))
                } catch let error as CNError where error.code == .recordDoesNotExist {
                    // No card is marked: say so (JSON: null) rather than failing, as an empty answer does.
                    buffer.write(
                        output.json ? "null\n" : "No card is set as yours. Set one with 'contacts me set ID'.\n")
                }
                buffer.flush()
            }
        }
    }

    /// `contacts me set ID`: marks a contact as the person's own card.
    struct MeSet: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: "Set your own card.")
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: ArgumentHelp("The identifier of your card.", valueName: "contact-id")) var identifier: String

        func run() throws {
            try CommandFailure.reporting {
                try storeOptions.open().setMeContact(withIdentifier: identifier)
            }
        }
    }

    /// `contacts me clear`: no card is the person's own any more.
    struct MeClear: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "clear", abstract: "Clear your own card.")
        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            try CommandFailure.reporting {
                try storeOptions.open().clearMeContact()
            }
        }
    }
}
