import ArgumentParser
import ContactsSystem

extension ContactsCommand {
    /// `contacts list`: every contact, sorted as the person prefers.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List contacts, sorted by name.",
            discussion: "Shows the name, first phone number, first e-mail address and identifier of each contact."
        )

        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        @Option(name: .long, help: ArgumentHelp("Only the members of a group.", valueName: "group-id"))
        var group: String?

        @Option(name: .long, help: ArgumentHelp("Only the contacts of a container.", valueName: "container-id"))
        var container: String?

        func validate() throws {
            if group != nil && container != nil {
                throw ValidationError("Give --group or --container, not both.")
            }
        }

        func run() throws {
            try CommandFailure.reporting {
                let store = try storeOptions.open()
                var predicate: NSPredicate?
                if let group {
                    try ContactPrinter.requireGroup(group, in: store)
                    predicate = CNContact.predicateForContactsInGroup(withIdentifier: group)
                } else if let container {
                    try ContactPrinter.requireContainer(container, in: store)
                    predicate = CNContact.predicateForContactsInContainer(withIdentifier: container)
                }
                try ContactPrinter(json: output.json).print(store: store, predicate: predicate)
            }
        }
    }
}
