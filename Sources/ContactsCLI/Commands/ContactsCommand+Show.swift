import ArgumentParser
import ContactsSystem

extension ContactsCommand {
    /// `contacts show ID`: every field of one contact.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show every field of contacts.")

        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        @Argument(help: ArgumentHelp("The identifiers of the contacts.", valueName: "contact-id"))
        var identifiers: [String]

        func validate() throws {
            if identifiers.isEmpty { throw ValidationError("Give at least one contact identifier.") }
        }

        func run() throws {
            try CommandFailure.reporting {
                let store = try storeOptions.open()
                let presenter = ContactPresenter()
                let contacts = try identifiers.map { try store.unifiedContact(withIdentifier: $0, keysToFetch: ContactKeys.detail) }
                var buffer = BufferedOutput()
                if output.json {
                    let values = contacts.map { ContactJSON($0, presenter: presenter) }
                    buffer.write(values.count == 1 ? try ContactJSON.text(values[0]) : try ContactJSON.text(values))
                } else {
                    buffer.write(contacts.map { presenter.detail(of: $0) }.joined(separator: "\n"))
                }
                buffer.flush()
            }
        }
    }
}
