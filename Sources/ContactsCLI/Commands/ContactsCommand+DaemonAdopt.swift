import ArgumentParser
import ContactsSystem
import Foundation

extension ContactsCommand {
    /// `contacts daemon adopt --uid UID`: moves a person's embedded store into contactsd's state.
    struct DaemonAdopt: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "adopt",
            abstract: "Hand a person's store to contactsd; the original is kept, renamed.",
            discussion: """
                Copies the person's store (default: ~/.local/share/contacts/Contacts.sqlite in their home) into \
                STATE/users/UID/Contacts.sqlite with SQLite's online backup, checks the copy, gives it to the \
                daemon's user, and renames the original to Contacts.sqlite.adopted-TIMESTAMP. Quit the person's \
                apps first: what they write afterwards goes to the renamed original. Needs root.
                """
        )

        @Option(help: ArgumentHelp("The person's user id.", valueName: "uid"))
        var uid: UInt32

        @Option(help: ArgumentHelp("The person's store (default: the one in their home directory).", valueName: "path"))
        var store: String?

        @Option(help: ArgumentHelp("The daemon's state directory.", valueName: "directory"))
        var state = DaemonInstallation.defaultStateDirectory

        @Option(
            name: .customLong("daemon-user"),
            help: ArgumentHelp("The user contactsd runs as, who will own the store.", valueName: "name"))
        var daemonUser = DaemonInstallation.defaultUser

        @Flag(help: "Adopt over a store the daemon already has for the person, keeping that one renamed.")
        var replace = false

        @Flag(
            help: "Adopt a store with CardDAV accounts, which then stop syncing (contactsd does not sync accounts yet)."
        )
        var stopSyncing = false

        func run() throws {
            try CommandFailure.reporting {
                guard geteuid() == 0 else { throw CommandFailure.needsRoot("contacts daemon adopt") }
                guard let owner = SystemUser.named(daemonUser) else {
                    throw CommandFailure(
                        "no user \(daemonUser)", exitCode: ExitStatus.noRecord,
                        hint: "run 'contacts daemon install' first, or pass --daemon-user NAME")
                }
                let adoption = StoreAdoption(
                    uid: uid_t(uid), source: try sourceStore(), stateDirectory: URL(fileURLWithPath: state),
                    daemonUser: owner, replace: replace, stopSyncing: stopSyncing, now: Date())
                let lines = try adoption.adopt()
                var buffer = BufferedOutput()
                for line in lines { buffer.line(line) }
                buffer.flush()
            }
        }

        /// `--store`, else the default store in the home directory of the user's password entry.
        private func sourceStore() throws(CommandFailure) -> URL {
            if let store { return URL(fileURLWithPath: store) }
            guard let person = SystemUser.withID(uid_t(uid)),
                let url = ContactStoreConfiguration.defaultURL(environment: ["HOME": person.home])
            else {
                throw CommandFailure(
                    "no user with uid \(uid)", exitCode: ExitStatus.noRecord, hint: "pass --store PATH")
            }
            return url
        }
    }
}
