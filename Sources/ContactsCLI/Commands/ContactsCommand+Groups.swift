import ArgumentParser
import ContactsSystem

extension ContactsCommand {
    /// `contacts groups ...`: groups and their members.
    struct Groups: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List, create, rename and delete groups, and change their members.",
            subcommands: [
                GroupList.self, GroupMembers.self, GroupCreate.self, GroupRename.self, GroupDelete.self,
                GroupAdd.self, GroupRemove.self,
            ],
            defaultSubcommand: GroupList.self
        )
    }

    struct GroupList: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List groups.")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        struct GroupJSON: Codable {
            var identifier: String
            var name: String
            var container: String
            var memberCount: Int
        }

        func run() throws {
            try CommandFailure.reporting {
                let store = try storeOptions.open()
                var rows: [GroupJSON] = []
                for group in try store.groups(matching: nil) {
                    let container = try store.containers(
                        matching: CNContainer.predicateForContainerOfGroup(withIdentifier: group.identifier))
                    let members = try store.unifiedContacts(
                        matching: CNContact.predicateForContactsInGroup(withIdentifier: group.identifier),
                        keysToFetch: [])
                    rows.append(
                        GroupJSON(
                            identifier: group.identifier, name: group.name,
                            container: container.first?.identifier ?? "", memberCount: members.count))
                }
                var buffer = BufferedOutput()
                if output.json {
                    buffer.write(try ContactJSON.text(rows))
                } else if rows.isEmpty {
                    buffer.write("No groups.\n")
                } else {
                    var table = TextTable(header: ["NAME", "MEMBERS", "IDENTIFIER"])
                    for row in rows { table.append([row.name, String(row.memberCount), row.identifier]) }
                    buffer.write(table.rendered)
                }
                buffer.flush()
            }
        }
    }

    struct GroupMembers: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "members", abstract: "List the members of a group.")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions
        @Argument(help: ArgumentHelp("The group's identifier.", valueName: "group-id")) var group: String

        func run() throws {
            try CommandFailure.reporting {
                let store = try storeOptions.open()
                try ContactPrinter.requireGroup(group, in: store)
                try ContactPrinter(json: output.json).print(
                    store: store, predicate: CNContact.predicateForContactsInGroup(withIdentifier: group),
                    emptyMessage: "The group has no members.")
            }
        }
    }

    struct GroupCreate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create", abstract: "Create a group; prints its identifier.")
        @OptionGroup var storeOptions: StoreOptions
        @Option(name: .long, help: ArgumentHelp("The container (default: the local one).", valueName: "container-id"))
        var container: String?
        @Argument(help: "The group's name.") var name: String

        func validate() throws {
            if name.allSatisfy(\.isWhitespace) { throw ValidationError("The group's name cannot be empty.") }
        }

        func run() throws {
            try CommandFailure.reporting {
                let store = try storeOptions.open()
                let group = CNMutableGroup()
                group.name = name
                let request = CNSaveRequest()
                request.add(group, toContainerWithIdentifier: container)
                try store.execute(request)
                var buffer = BufferedOutput()
                buffer.line(group.identifier)
                buffer.flush()
            }
        }
    }

    struct GroupRename: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a group.")
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: ArgumentHelp("The group's identifier.", valueName: "group-id")) var group: String
        @Argument(help: "The new name.") var name: String

        func validate() throws {
            if name.allSatisfy(\.isWhitespace) { throw ValidationError("The group's name cannot be empty.") }
        }

        func run() throws {
            try CommandFailure.reporting {
                let store = try storeOptions.open()
                guard let mutable = try GroupEditing.group(group, in: store).mutableCopy() as? CNMutableGroup else {
                    return
                }
                mutable.name = name
                let request = CNSaveRequest()
                request.update(mutable)
                try store.execute(request)
            }
        }
    }

    struct GroupDelete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete", abstract: "Delete a group; its members stay in the address book.")
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: ArgumentHelp("The group's identifier.", valueName: "group-id")) var group: String

        func run() throws {
            try CommandFailure.reporting {
                let store = try storeOptions.open()
                guard let mutable = try GroupEditing.group(group, in: store).mutableCopy() as? CNMutableGroup else {
                    return
                }
                let request = CNSaveRequest()
                request.delete(mutable)
                try store.execute(request)
            }
        }
    }
}

/// Looks up groups and contacts for the group commands.
enum GroupEditing {
    static func group(_ identifier: String, in store: CNContactStore) throws -> CNGroup {
        guard let group = try store.groups(matching: CNGroup.predicateForGroups(withIdentifiers: [identifier])).first
        else {
            throw CNError(.recordDoesNotExist, userInfo: [CNErrorUserInfoAffectedRecordIdentifiersKey: [identifier]])
        }
        return group
    }

    /// Adds or removes members in one save: all of them or none.
    static func change(group identifier: String, contacts: [String], adding: Bool, in store: CNContactStore) throws {
        let group = try group(identifier, in: store)
        let request = CNSaveRequest()
        for contactIdentifier in contacts {
            let contact = try store.unifiedContact(withIdentifier: contactIdentifier, keysToFetch: [])
            if adding {
                request.addMember(contact, to: group)
            } else {
                request.removeMember(contact, from: group)
            }
        }
        try store.execute(request)
    }
}
