import ArgumentParser
import ContactsSystem

extension ContactsCommand {
    /// `contacts export`: contacts as vCard 3.0 or 4.0, to a file or standard output.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Export contacts as vCards.",
            discussion: """
                Exports every contact, or those given by identifier, a group's members, or a search. \
                Each card carries the contact's identifier as its UID; a whole-store export ends with a \
                group card per group, listing its members by UID, so 'contacts import' restores the groups. \
                A file is written whole or not at all (through a temporary file renamed at the end).
                """
        )

        enum Version: String, ExpressibleByArgument, CaseIterable {
            case v3 = "3.0"
            case v4 = "4.0"
        }

        @OptionGroup var storeOptions: StoreOptions

        @Option(name: .customLong("vcard-version"), help: "The vCard version: 3.0 or 4.0.")
        var version: Version = .v3

        @Option(
            name: [.short, .long],
            help: ArgumentHelp("The file to write; '-' or none for standard output.", valueName: "file"))
        var output: String?

        @Option(name: .long, help: ArgumentHelp("Only the members of a group.", valueName: "group-id"))
        var group: String?

        @Option(name: .long, help: ArgumentHelp("Only contacts whose names match these words.", valueName: "words"))
        var search: String?

        @Flag(name: .customLong("no-photos"), help: "Leave photos out.")
        var noPhotos = false

        @Flag(name: .customLong("no-groups"), help: "Leave group cards out of a whole-store export.")
        var noGroups = false

        @Argument(help: ArgumentHelp("Only these contacts.", valueName: "contact-id"))
        var identifiers: [String] = []

        func validate() throws {
            let selections = [group != nil, search != nil, !identifiers.isEmpty].filter { $0 }.count
            if selections > 1 { throw ValidationError("Give identifiers, --group or --search, not several.") }
            if let search, search.allSatisfy({ $0.isWhitespace || $0.isPunctuation }) {
                throw ValidationError("Give words to search for.")
            }
        }

        func run() throws {
            try CommandFailure.reporting {
                let store = try storeOptions.open()
                let predicate = try selection(in: store)
                var options = ContactExportOptions(version: version == .v4 ? .v4_0 : .v3_0, includesPhotos: !noPhotos)
                options.sortOrder = .userDefault
                if noGroups { options.groupStyle = .none }
                let chosen: ContactExportSelection =
                    if let group { .group(identifier: group) } else if let predicate { .predicate(predicate) } else {
                        .all
                    }
                // A group's export lists only its contacts, as before: the group card goes with whole-store exports.
                if group != nil { options.groupStyle = .none }
                let count: Int
                if let output, output != "-" {
                    do {
                        count = try store.exportVCards(
                            to: URL(fileURLWithPath: output), selection: chosen, options: options
                        ).contacts
                    } catch let error as CNError where error.code == .dataAccessError {
                        throw CommandFailure(
                            "cannot create \(output)", exitCode: ExitStatus.cannotCreate,
                            hint: "check that the folder exists and is writable")
                    }
                } else {
                    count = try store.exportVCards(to: FileHandle.standardOutput, selection: chosen, options: options)
                        .contacts
                }
                if let path = output, path != "-" {
                    var buffer = BufferedOutput()
                    buffer.line("Exported \(count) contact\(count == 1 ? "" : "s") to \(path).")
                    buffer.flush()
                }
            }
        }

        private func selection(in store: CNContactStore) throws -> NSPredicate? {
            if let group {
                try ContactPrinter.requireGroup(group, in: store)
                return CNContact.predicateForContactsInGroup(withIdentifier: group)
            }
            if let search { return CNContact.predicateForContacts(matchingName: search) }
            guard !identifiers.isEmpty else { return nil }
            let found = Set(
                try store.unifiedContacts(
                    matching: CNContact.predicateForContacts(withIdentifiers: identifiers), keysToFetch: []
                ).map(\.identifier))
            let missing = identifiers.filter { !found.contains($0) }
            if !missing.isEmpty {
                throw CNError(.recordDoesNotExist, userInfo: [CNErrorUserInfoAffectedRecordIdentifiersKey: missing])
            }
            return CNContact.predicateForContacts(withIdentifiers: identifiers)
        }
    }
}
