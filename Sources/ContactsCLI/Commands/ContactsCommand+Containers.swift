import ArgumentParser
import ContactsSystem

extension ContactsCommand {
    /// `contacts containers ...`: the local container and account containers.
    struct Containers: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List and create containers (accounts).",
            subcommands: [ContainerList.self, ContainerCreate.self],
            defaultSubcommand: ContainerList.self
        )
    }

    struct ContainerList: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List containers, the default one first.")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        struct ContainerJSON: Codable {
            var identifier: String
            var name: String
            var type: String
            var isDefault: Bool
        }

        func run() throws {
            try CommandFailure.reporting {
                let store = try storeOptions.open()
                let defaultIdentifier = store.defaultContainerIdentifier()
                let rows = try store.containers(matching: nil).map {
                    ContainerJSON(
                        identifier: $0.identifier, name: $0.name, type: ContainerType.name(of: $0.type),
                        isDefault: $0.identifier == defaultIdentifier)
                }
                var buffer = BufferedOutput()
                if output.json {
                    buffer.write(try ContactJSON.text(rows))
                } else {
                    var table = TextTable(header: ["NAME", "TYPE", "DEFAULT", "IDENTIFIER"])
                    for row in rows { table.append([row.name, row.type, row.isDefault ? "yes" : "", row.identifier]) }
                    buffer.write(table.rendered)
                }
                buffer.flush()
            }
        }
    }

    struct ContainerCreate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create", abstract: "Create an account container; prints its identifier.")
        @OptionGroup var storeOptions: StoreOptions
        @Option(name: .long, help: "The account type: carddav or exchange.") var type: ContainerType = .carddav
        @Flag(name: .customLong("read-only"), help: "Make the container read-only.") var isReadOnly = false
        @Argument(help: "The container's name.") var name: String

        func run() throws {
            try CommandFailure.reporting {
                let store = try storeOptions.open()
                let container = try store.addContainer(name: name, type: type.contactsType, isReadOnly: isReadOnly)
                var buffer = BufferedOutput()
                buffer.line(container.identifier)
                buffer.flush()
            }
        }
    }
}

/// The container types `containers create` accepts.
enum ContainerType: String, ExpressibleByArgument, CaseIterable {
    case carddav
    case exchange

    var contactsType: CNContainerType {
        switch self {
        case .carddav: .cardDAV
        case .exchange: .exchange
        }
    }

    static func name(of type: CNContainerType) -> String {
        switch type {
        case .local: "local"
        case .exchange: "exchange"
        case .cardDAV: "carddav"
        default: "unassigned"
        }
    }
}
