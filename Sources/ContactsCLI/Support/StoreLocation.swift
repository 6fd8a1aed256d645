import ContactsClient
import ContactsSystem

/// Where the store file is and who chose it, and the checks made before opening it.
///
/// The engine creates a missing file and migrates any SQLite database it opens. For the person's default
/// location that is right (the store is created on first use); for a path typed by hand it is not: a typo
/// would create an empty store in the wrong place, and another program's database would gain our tables.
/// So an explicit path must exist unless the command was asked to create it, and any existing file must
/// be a contacts store.
package struct StoreLocation: Hashable, Sendable {
    /// Who chose the location.
    package enum Source: Hashable, Sendable {
        /// `--store PATH`.
        case option
        /// The `CONTACTS_STORE` environment variable.
        case environment
        /// `$XDG_DATA_HOME/contacts/Contacts.sqlite` or `~/.local/share/contacts/Contacts.sqlite`.
        case standard
    }

    package var url: URL
    package var source: Source

    /// The location from `--store`, `CONTACTS_STORE` and the XDG variables, in that order.
    package static func resolve(option: String?, environment: [String: String]) throws(CommandFailure) -> StoreLocation
    {
        if let option {
            guard !option.isEmpty else {
                throw CommandFailure("--store needs a file path", exitCode: ExitStatus.usage)
            }
            return StoreLocation(url: URL(fileURLWithPath: option), source: .option)
        }
        if let path = environment["CONTACTS_STORE"], !path.isEmpty {
            return StoreLocation(url: URL(fileURLWithPath: path), source: .environment)
        }
        guard let url = ContactStoreConfiguration.defaultURL(environment: environment) else {
            throw CommandFailure(
                "no store location",
                exitCode: ExitStatus.noInput,
                hint: "pass --store PATH, or set CONTACTS_STORE or HOME"
            )
        }
        return StoreLocation(url: url, source: .standard)
    }

    /// The store, after checking the file.
    ///
    /// - Parameter creating: Whether a missing file may be created at an explicit location.
    /// - Throws: ``CommandFailure`` with ``ExitStatus/noInput`` for a missing explicit file or a file that is
    ///   not a contacts store, ``ExitStatus/permission`` for an unreadable one.
    package func open(creating: Bool) throws(CommandFailure) -> CNContactStore {
        switch try inspect() {
        case .missing:
            if let kept = adoptedCopy() {
                // The book is the daemon's now: the person's tool reads and writes it there, as the person.
                // Opening the file would create a new, empty store where the book was, which neither the daemon
                // nor the person's apps would ever see.
                if let socket = DaemonSocketLocation.path() { return Self.daemonStore(socket) }
                throw CommandFailure(
                    "the store at \(url.path) was handed to contactsd (kept as \(kept)), and no contactsd listens at "
                        + DaemonSocketLocation.chosenPath(),
                    exitCode: ExitStatus.unavailable,
                    hint: "start it (systemctl start contactsd), or name its socket in CONTACTS_DAEMON_SOCKET; to go "
                        + "back to embedded mode with the daemon's changes, 'contacts daemon release' (as root)"
                )
            }
            // No book of the person's own here, and contactsd runs: the book is the one the person's apps see.
            if source == .standard, let socket = DaemonSocketLocation.path() { return Self.daemonStore(socket) }
            if source != .standard && !creating {
                throw CommandFailure(
                    "no contacts store at \(url.path)",
                    exitCode: ExitStatus.noInput,
                    hint: "create it with 'contacts init --store \(url.path)', or pass --create"
                )
            }
            return Self.embeddedStore(url)
        case .notAStore:
            throw Self.notAStore(url)
        case .store:
            if source == .standard, DaemonSocketLocation.path() != nil {
                // The person's own file wins (it holds their book), but their apps see the daemon's, which may be
                // another: say so rather than let the two drift apart unnoticed.
                StandardStreams.writeError(
                    "contacts: warning: contactsd is running and your apps see its book, not \(url.path); "
                        + "'contacts daemon adopt' (as root) hands this file to it\n")
            }
            return Self.embeddedStore(url)
        }
    }

    /// The person's book in contactsd. The daemon knows this tool as the person's agent by its registered
    /// executable and its user (the kernel's), and lets it read and write the book as the person.
    private static func daemonStore(_ socket: String) -> CNContactStore {
        CNContactStore(connection: DaemonConnection(socketPath: socket))
    }

    /// The file, opened in this process. The tool is the person's, whichever source named the file: it never
    /// goes through an app's authorization, even when the environment names an app's Info.plist.
    private static func embeddedStore(_ url: URL) -> CNContactStore {
        CNContactStore(configuration: ContactStoreConfiguration(url: url, accessor: .person))
    }

    /// The name of the original a `contacts daemon adopt` left beside this location (`NAME.adopted-TIMESTAMP`),
    /// the newest when there are several; nil when the store was never adopted.
    package func adoptedCopy() -> String? {
        let folder = url.deletingLastPathComponent().path
        let prefix = url.lastPathComponent + ".adopted-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        // The timestamp is UTC in a fixed-width form, so the names sort by time.
        return names.filter { $0.hasPrefix(prefix) && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }.max()
    }

    /// What the file is, after checking that it can be read.
    package func inspect() throws(CommandFailure) -> StoreInspection {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: url.path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { throw Self.notAStore(url) }
            guard manager.isReadableFile(atPath: url.path) else {
                throw CommandFailure(
                    "the store \(url.path) cannot be read",
                    exitCode: ExitStatus.permission,
                    hint: "check the file's permissions"
                )
            }
        }
        return StoreInspection.inspect(url)
    }

    static func notAStore(_ url: URL) -> CommandFailure {
        CommandFailure(
            "\(url.path) is not a contacts store",
            exitCode: ExitStatus.noInput,
            hint: "check the path; contacts never changes a file it does not recognize"
        )
    }
}
