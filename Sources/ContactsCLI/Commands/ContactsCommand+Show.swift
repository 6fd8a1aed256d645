import ArgumentParser
import ContactsSystem

extension ContactsCommand {
    /// `contacts show ID`: every field of one contact; `contacts show --uid UID`: the contacts that came from the
    /// card with that UID (a vCard import or a CardDAV sync), as scripts that know cards by UID need.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show every field of contacts.")

        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        @Argument(help: ArgumentHelp("The identifiers of the contacts.", valueName: "contact-id"))
        var identifiers: [String] = []

        @Option(
            name: .customLong("uid"),
            help: ArgumentHelp(
                "The contacts that came from the card with this UID (with or without urn:uuid:); repeatable.",
                valueName: "card-uid"))
        var cardUIDs: [String] = []

        func validate() throws {
            if identifiers.isEmpty && cardUIDs.isEmpty {
                throw ValidationError("Give at least one contact identifier or --uid.")
            }
        }

        func run() throws {
            try CommandFailure.reporting {
                let store = try storeOptions.open()
                let presenter = ContactPresenter()
                var contacts = try identifiers.map {
                    try store.unifiedContact(withIdentifier: $0, keysToFetch: ContactKeys.detail)
                }
                for uid in cardUIDs {
                    // One card may be a contact in several containers (an import and a sync): each is shown.
                    let found = try store.contacts(withCardUID: uid, keysToFetch: ContactKeys.detail)
                    if found.isEmpty {
                        throw CNError(
                            .recordDoesNotExist, userInfo: [CNErrorUserInfoAffectedRecordIdentifiersKey: [uid]])
                    }
                    contacts += found
                }
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
