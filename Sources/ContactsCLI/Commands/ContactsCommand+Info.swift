import ArgumentParser
import ContactsClient
import ContactsSystem

extension ContactsCommand {
    /// `contacts info`: where the store is and what it holds.
    struct Info: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the store's location, schema version, counts and size.")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        struct InfoJSON: Codable {
            /// The store file; in daemon mode, contactsd's socket.
            var path: String
            /// "--store", "CONTACTS_STORE", "default", or "contactsd" when the book is the daemon's.
            var source: String
            /// Absent in daemon mode (the file is the daemon's).
            var schemaVersion: String?
            var contacts: Int
            var groups: Int
            var containers: Int
            var apps: Int
            /// Absent in daemon mode.
            var bytes: Int?
        }

        func run() throws {
            try CommandFailure.reporting {
                let location = try storeOptions.location()
                // Opening first creates the default store on first use and refuses a foreign file.
                let store = try location.open(creating: false)
                let info: InfoJSON
                if let daemon = store.connection as? DaemonConnection {
                    info = try Self.daemonInfo(store, socket: daemon.socketPath)
                } else {
                    _ = try store.defaultContainerIdentifier()
                    guard case .store(let summary) = try location.inspect() else {
                        throw StoreLocation.notAStore(location.url)
                    }
                    info = InfoJSON(
                        path: location.url.path, source: Self.name(of: location.source),
                        schemaVersion: summary.schemaVersion, contacts: summary.contactCount,
                        groups: summary.groupCount, containers: summary.containerCount, apps: summary.appCount,
                        bytes: Self.size(of: location.url))
                }
                var buffer = BufferedOutput()
                if output.json {
                    buffer.write(try ContactJSON.text(info))
                } else {
                    var table = TextTable()
                    if info.source == Self.daemonSource {
                        table.append(["Store", "contactsd (\(info.path))"])
                    } else {
                        table.append(["Store", "\(info.path) (\(info.source))"])
                    }
                    if let schema = info.schemaVersion { table.append(["Schema", schema]) }
                    table.append(["Contacts", String(info.contacts)])
                    table.append(["Groups", String(info.groups)])
                    table.append(["Containers", String(info.containers)])
                    table.append(["Apps", String(info.apps)])
                    if let bytes = info.bytes {
                        table.append([
                            "Size", ByteCountFormatter.string(fromByteCount: Int64(bytes), countStyle: .file),
                        ])
                    }
                    buffer.write(table.rendered)
                }
                buffer.flush()
            }
        }

        static let daemonSource = "contactsd"

        /// The counts of the person's book in contactsd, read through its socket as the person's agent.
        static func daemonInfo(_ store: CNContactStore, socket: String) throws -> InfoJSON {
            var contacts = 0
            let request = CNContactFetchRequest(keysToFetch: [])
            request.unifyResults = false
            try store.enumerateContacts(with: request) { _, _ in contacts += 1 }
            let apps = try PrivacySession(store: store).apps()
            return InfoJSON(
                path: socket, source: daemonSource, schemaVersion: nil, contacts: contacts,
                groups: try store.groups(matching: nil).count, containers: try store.containers(matching: nil).count,
                apps: apps.count, bytes: nil)
        }

        static func name(of source: StoreLocation.Source) -> String {
            switch source {
            case .option: "--store"
            case .environment: "CONTACTS_STORE"
            case .standard: "default"
            }
        }

        /// The bytes of the store file and its write-ahead log.
        static func size(of url: URL) -> Int {
            [url.path, url.path + "-wal"].reduce(0) { total, path in
                let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
                return total + (size ?? 0)
            }
        }
    }

    /// `contacts init`: creates a store at an explicit path.
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a store (at --store PATH, $CONTACTS_STORE or the default location).")
        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            try CommandFailure.reporting {
                let location = try storeOptions.location()
                var buffer = BufferedOutput()
                switch try location.inspect() {
                case .store:
                    buffer.line("A contacts store already exists at \(location.url.path).")
                case .notAStore:
                    throw CommandFailure(
                        "\(location.url.path) exists and is not a contacts store", exitCode: ExitStatus.cannotCreate,
                        hint: "choose another path")
                case .missing:
                    let store = try location.open(creating: true)
                    if let daemon = store.connection as? DaemonConnection {
                        // The location is the daemon's book (adopted, or the standard one while contactsd runs):
                        // a file created here would be a second book that neither the daemon nor the apps see.
                        buffer.line(
                            "Your book is contactsd's (\(daemon.socketPath)); nothing was created at "
                                + "\(location.url.path).")
                        break
                    }
                    guard !store.defaultContainerIdentifier().isEmpty else {
                        throw CommandFailure(
                            "cannot create a store at \(location.url.path)", exitCode: ExitStatus.cannotCreate,
                            hint: "check that the directory is writable")
                    }
                    buffer.line("Created a contacts store at \(location.url.path).")
                }
                buffer.flush()
            }
        }
    }
}
