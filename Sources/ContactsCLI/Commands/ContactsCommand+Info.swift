import ArgumentParser
import ContactsSystem

extension ContactsCommand {
    /// `contacts info`: where the store is and what it holds.
    struct Info: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the store's location, schema version, counts and size.")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        struct InfoJSON: Codable {
            var path: String
            var source: String
            var schemaVersion: String
            var contacts: Int
            var groups: Int
            var containers: Int
            var apps: Int
            var bytes: Int
        }

        func run() throws {
            try CommandFailure.reporting {
                let location = try storeOptions.location()
                // Opening first creates the default store on first use and refuses a foreign file.
                _ = try location.open(creating: false).defaultContainerIdentifier()
                guard case .store(let summary) = try location.inspect() else {
                    throw StoreLocation.notAStore(location.url)
                }
                let info = InfoJSON(
                    path: location.url.path, source: Self.name(of: location.source),
                    schemaVersion: summary.schemaVersion, contacts: summary.contactCount, groups: summary.groupCount,
                    containers: summary.containerCount, apps: summary.appCount, bytes: Self.size(of: location.url)
                )
                var buffer = BufferedOutput()
                if output.json {
                    buffer.write(try ContactJSON.text(info))
                } else {
                    var table = TextTable()
                    table.append(["Store", "\(info.path) (\(info.source))"])
                    table.append(["Schema", info.schemaVersion])
                    table.append(["Contacts", String(info.contacts)])
                    table.append(["Groups", String(info.groups)])
                    table.append(["Containers", String(info.containers)])
                    table.append(["Apps", String(info.apps)])
                    table.append([
                        "Size", ByteCountFormatter.string(fromByteCount: Int64(info.bytes), countStyle: .file),
                    ])
                    buffer.write(table.rendered)
                }
                buffer.flush()
            }
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
