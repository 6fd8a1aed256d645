import ArgumentParser
import ContactsSystem

extension ContactsCommand {
    /// `contacts delete ID...`: removes contacts, all or none.
    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete contacts.",
            discussion: "Deletes all the contacts given, or none of them when one identifier is unknown."
        )

        @OptionGroup var storeOptions: StoreOptions

        @Argument(help: ArgumentHelp("The identifiers of the contacts.", valueName: "contact-id"))
        var identifiers: [String]

        func validate() throws {
            if identifiers.isEmpty { throw ValidationError("Give at least one contact identifier.") }
        }

        func run() throws {
            try CommandFailure.reporting {
                let store = try storeOptions.open()
                let request = CNSaveRequest()
                for identifier in identifiers {
                    let contact = try store.unifiedContact(withIdentifier: identifier, keysToFetch: [])
                    if let mutable = contact.mutableCopy() as? CNMutableContact { request.delete(mutable) }
                }
                try store.execute(request)
                var buffer = BufferedOutput()
                buffer.line("Deleted \(identifiers.count) contact\(identifiers.count == 1 ? "" : "s").")
                buffer.flush()
            }
        }
    }
}
