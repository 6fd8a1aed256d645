import ArgumentParser
import Contacts

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

        @Option(name: [.short, .long], help: ArgumentHelp("The file to write; '-' or none for standard output.", valueName: "file"))
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
                var destination = try ExportDestination(path: output)
                let options = VCardWritingOptions(version: version == .v4 ? .v4_0 : .v3_0, includesPhoto: !noPhotos)
                let request = CNContactFetchRequest(keysToFetch: ContactKeys.vCard)
                request.predicate = predicate
                request.sortOrder = .userDefault
                var writer = ExportWriter(options: options)
                var failure: (any Error)?
                try store.enumerateContacts(with: request) { contact, stop in
                    writer.write(contact)
                    guard writer.pendingBytes >= 1 << 20 else { return }
                    do {
                        try destination.write(writer.take())
                    } catch {
                        failure = error
                        stop.pointee = true
                    }
                }
                if let failure { throw failure }
                // Group cards go with a whole-store export, so groups survive an export and import.
                if predicate == nil && !noGroups { try writer.writeGroups(of: store) }
                try destination.write(writer.take())
                let count = writer.contactCount
                try destination.commit()
                if let path = destination.filePath {
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
            let found = Set(try store.unifiedContacts(
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

/// Where an export goes: standard output, or a temporary file renamed onto the destination at the end.
struct ExportDestination {
    let filePath: String?
    private let temporary: URL?
    private let handle: FileHandle?

    init(path: String?) throws {
        guard let path, path != "-" else {
            filePath = nil
            temporary = nil
            handle = nil
            return
        }
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil, attributes: [.posixPermissions: 0o600]),
            let handle = try? FileHandle(forWritingTo: temporary)
        else {
            throw CommandFailure("cannot create \(path)", exitCode: ExitStatus.cannotCreate, hint: "check that the folder exists and is writable")
        }
        self.filePath = path
        self.temporary = temporary
        self.handle = handle
    }

    mutating func write(_ data: Data) throws {
        guard let handle else {
            StandardStreams.write([UInt8](data), to: STDOUT_FILENO)
            return
        }
        do {
            try handle.write(contentsOf: data)
        } catch {
            discard()
            throw CommandFailure("cannot write \(filePath ?? "")", exitCode: ExitStatus.ioError)
        }
    }

    func commit() throws {
        guard let handle, let temporary, let filePath else { return }
        do {
            try handle.close()
            // rename(2) replaces the destination atomically: readers see the old file or the new one.
            guard rename(temporary.path, filePath) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            discard()
            throw CommandFailure("cannot write \(filePath)", exitCode: ExitStatus.cannotCreate)
        }
    }

    private func discard() {
        if let temporary { try? FileManager.default.removeItem(at: temporary) }
    }
}
