import ArgumentParser
import ContactsSystem

extension ContactsCommand {
    /// `contacts search`: contacts by name words, phone number or e-mail address.
    struct Search: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Find contacts by name, phone number or e-mail address.",
            discussion: """
                Words match the beginnings of name words, in any order ('ann mü' finds Anna Müller). \
                A phone number matches however it is written (+49 30 1234567 matches 030 1234567 in Germany). \
                An e-mail address matches whole, ignoring case.
                """
        )

        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        @Flag(name: .long, help: "Search by phone number.")
        var phone = false

        @Flag(name: .long, help: "Search by e-mail address.")
        var email = false

        @Argument(help: ArgumentHelp("Name words, a phone number or an e-mail address.", valueName: "query"))
        var query: [String]

        func validate() throws {
            if phone && email { throw ValidationError("Give --phone or --email, not both.") }
            if query.joined().allSatisfy({ $0.isWhitespace || $0.isPunctuation }) {
                throw ValidationError("Give something to search for.")
            }
        }

        var predicate: NSPredicate {
            let text = query.joined(separator: " ")
            if phone { return CNContact.predicateForContacts(matching: CNPhoneNumber(stringValue: text)) }
            if email { return CNContact.predicateForContacts(matchingEmailAddress: text) }
            return CNContact.predicateForContacts(matchingName: text)
        }

        func run() throws {
            try CommandFailure.reporting {
                let store = try storeOptions.open()
                try ContactPrinter(json: output.json).print(
                    store: store, predicate: predicate, emptyMessage: "No contact matches.")
            }
        }
    }
}
