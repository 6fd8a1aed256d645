import ArgumentParser
import ContactsSystem

extension ContactsCommand {
    /// `contacts add`: a new contact from options.
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a contact.",
            discussion: """
                Example: contacts add --given Anna --family Müller --phone mobile=+49 170 1234567 \
                --email work=anna@example.com --address "home=Unter den Linden 1;Berlin;;10117;Germany;de"
                Prints the new contact's identifier.
                """
        )

        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var fields: ContactFieldOptions
        @OptionGroup var output: OutputOptions

        @Option(
            name: .long,
            help: ArgumentHelp("The container to add to (default: the local one).", valueName: "container-id"))
        var container: String?

        @Option(name: .long, help: ArgumentHelp("A group to add the contact to.", valueName: "group-id"))
        var group: String?

        @Flag(name: .long, help: "Create the store file given with --store or CONTACTS_STORE when it is missing.")
        var create = false

        func validate() throws {
            if fields.isEmpty { throw ValidationError("Give at least one field, such as --given or --organization.") }
        }

        func run() throws {
            try CommandFailure.reporting {
                let store = try storeOptions.open(creating: create)
                let contact = CNMutableContact()
                fields.apply(to: contact, appending: false)
                let request = CNSaveRequest()
                request.add(contact, toContainerWithIdentifier: container)
                if let group {
                    let groups = try store.groups(matching: CNGroup.predicateForGroups(withIdentifiers: [group]))
                    guard let target = groups.first else {
                        throw CNError(
                            .recordDoesNotExist, userInfo: [CNErrorUserInfoAffectedRecordIdentifiersKey: [group]])
                    }
                    request.addMember(contact, to: target)
                }
                try store.execute(request)
                var buffer = BufferedOutput()
                if output.json {
                    let saved = try store.unifiedContact(
                        withIdentifier: contact.identifier, keysToFetch: ContactKeys.detail)
                    buffer.write(try ContactJSON.text(ContactJSON(saved, presenter: ContactPresenter())))
                } else {
                    buffer.line(contact.identifier)
                }
                buffer.flush()
            }
        }
    }
}
