import ArgumentParser
import ContactsSystem

extension ContactsCommand {
    struct GroupAdd: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add contacts to a group.")
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: ArgumentHelp("The group's identifier.", valueName: "group-id")) var group: String
        @Argument(help: ArgumentHelp("The contacts' identifiers.", valueName: "contact-id")) var contacts: [String]

        func validate() throws {
            if contacts.isEmpty { throw ValidationError("Give at least one contact identifier.") }
        }

        func run() throws {
            try CommandFailure.reporting {
                try GroupEditing.change(group: group, contacts: contacts, adding: true, in: storeOptions.open())
            }
        }
    }

    struct GroupRemove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove contacts from a group.")
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: ArgumentHelp("The group's identifier.", valueName: "group-id")) var group: String
        @Argument(help: ArgumentHelp("The contacts' identifiers.", valueName: "contact-id")) var contacts: [String]

        func validate() throws {
            if contacts.isEmpty { throw ValidationError("Give at least one contact identifier.") }
        }

        func run() throws {
            try CommandFailure.reporting {
                try GroupEditing.change(group: group, contacts: contacts, adding: false, in: storeOptions.open())
            }
        }
    }
}
