import ArgumentParser
import ContactsSystem

extension ContactsCommand {
    /// `contacts edit ID`: changes fields of a contact.
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change fields of a contact.",
            discussion: """
                Single fields given replace the contact's; "" clears one. --phone, --email, --url and --address \
                replace the whole list, or add to it with --append.
                """
        )

        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var fields: ContactFieldOptions
        @OptionGroup var output: OutputOptions

        @Flag(
            name: .long, help: "Add the phone numbers, e-mail, web and postal addresses given to those of the contact.")
        var append = false

        @Argument(help: ArgumentHelp("The contact's identifier.", valueName: "contact-id"))
        var identifier: String

        func validate() throws {
            if fields.isEmpty { throw ValidationError("Give at least one field to change.") }
        }

        func run() throws {
            try CommandFailure.reporting {
                let store = try storeOptions.open()
                let keys = ContactKeys.detail
                guard
                    let contact = try store.unifiedContact(withIdentifier: identifier, keysToFetch: keys).mutableCopy()
                        as? CNMutableContact
                else { throw CommandFailure("cannot edit \(identifier)", exitCode: ExitStatus.failure) }
                fields.apply(to: contact, appending: append)
                let request = CNSaveRequest()
                request.update(contact)
                try store.execute(request)
                var buffer = BufferedOutput()
                if output.json {
                    let saved = try store.unifiedContact(withIdentifier: contact.identifier, keysToFetch: keys)
                    buffer.write(try ContactJSON.text(ContactJSON(saved, presenter: ContactPresenter())))
                } else {
                    buffer.line(contact.identifier)
                }
                buffer.flush()
            }
        }
    }
}
