import ArgumentParser
import ContactsSystem

/// The `contacts` command: the person's tool for their address book.
///
/// Each subcommand is a nested type in its own file (`ContactsCommand+List.swift`, ...). Every command
/// takes `--store PATH`; docs/CLI.md documents commands, JSON output and exit codes.
public struct ContactsCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "contacts",
        abstract: "Manage your contacts.",
        discussion: """
            The store is the file given with --store, else $CONTACTS_STORE, else \
            $XDG_DATA_HOME/contacts/Contacts.sqlite (~/.local/share/contacts/Contacts.sqlite), which is created \
            on first use. An explicit path must already hold a store: create one with 'contacts init'.

            Exit codes: 0 success, 1 other failure, 64 usage, 65 bad data, 66 missing input or store, \
            67 unknown identifier, 69 unavailable, 73 cannot create, 74 store I/O error, 75 try again later, \
            76 server protocol error, 77 not permitted.
            """,
        version: "0.1.0",
        subcommands: [
            List.self, Show.self, Search.self, Add.self, Edit.self, Delete.self,
            Import.self, Export.self, Groups.self, Containers.self, Link.self, Unlink.self, WhyLinked.self,
            KeepSeparate.self, History.self, Privacy.self, Accounts.self, Info.self, Init.self, Me.self, Apps.self,
            Daemon.self, UI.self, Agent.self,
        ]
    )

    public init() {}
}
