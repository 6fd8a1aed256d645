import ArgumentParser
import ContactsClient
import ContactsSystem

/// The store option every command takes: `--store PATH`, else `CONTACTS_STORE`, else the XDG default.
package struct StoreOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The contacts store file (default: $CONTACTS_STORE, else $XDG_DATA_HOME/contacts/Contacts.sqlite).",
            valueName: "path"
        )
    )
    package var store: String?

    package init() {}

    /// Where the store is, from the option and the environment.
    package func location(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(CommandFailure) -> StoreLocation {
        try StoreLocation.resolve(option: store, environment: environment)
    }

    /// Opens the store, refusing a missing explicit path (unless `creating`) and any file that is not a store.
    package func open(creating: Bool = false) throws(CommandFailure) -> CNContactStore {
        try location().open(creating: creating)
    }

    /// Opens the store for CardDAV accounts, which contactsd does not sync yet: the daemon's book is refused with
    /// 69 and the reason (docs/Daemon.md, "Status"), rather than a bare CNError.
    package func openForAccounts() throws(CommandFailure) -> CNContactStore {
        let store = try open()
        guard !(store.connection is DaemonConnection) else {
            throw CommandFailure(
                "your book is contactsd's, and contactsd does not sync CardDAV accounts yet",
                exitCode: ExitStatus.unavailable,
                hint: "accounts sync a store of your own (--store PATH); docs/Daemon.md lists what the daemon serves")
        }
        return store
    }
}

/// The `--json` flag of commands that print data.
package struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print JSON for scripts (schema in docs/CLI.md) instead of a table.")
    package var json = false

    package init() {}
}
