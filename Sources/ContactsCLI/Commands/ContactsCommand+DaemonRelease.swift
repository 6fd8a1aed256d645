import ArgumentParser
import ContactsSystem
import Foundation

extension ContactsCommand {
    /// `contacts daemon release --uid UID`: hands a person's book in contactsd back to an embedded store.
    struct DaemonRelease: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "release",
            abstract: "Hand a person's book in contactsd back to their own store; the daemon's file is kept, renamed.",
            discussion: """
                The way back from 'contacts daemon adopt', with every change made while the daemon served the book. \
                Stop contactsd first (a store it has open is refused). Copies STATE/users/UID/Contacts.sqlite with \
                SQLite's online backup to the person's store (default: ~/.local/share/contacts/Contacts.sqlite in \
                their home), checks it, gives it to the person (0600), and renames the daemon's file to \
                Contacts.sqlite.released-TIMESTAMP. Needs root.
                """
        )

        @Option(help: ArgumentHelp("The person's user id.", valueName: "uid"))
        var uid: UInt32

        @Option(help: ArgumentHelp("The person's store to write (default: the one in their home).", valueName: "path"))
        var store: String?

        @Option(help: ArgumentHelp("The daemon's state directory.", valueName: "directory"))
        var state = DaemonInstallation.defaultStateDirectory

        @Flag(help: "Write over a file at the person's store, keeping it renamed.")
        var replace = false

        func run() throws {
            try CommandFailure.reporting {
                guard geteuid() == 0 else { throw CommandFailure.needsRoot("contacts daemon release") }
                guard let person = SystemUser.withID(uid_t(uid)) else {
                    throw CommandFailure("no user with uid \(uid)", exitCode: ExitStatus.noRecord)
                }
                let destination: URL
                if let store {
                    destination = URL(fileURLWithPath: store)
                } else if let url = ContactStoreConfiguration.defaultURL(environment: ["HOME": person.home]) {
                    destination = url
                } else {
                    throw CommandFailure(
                        "no home for uid \(uid)", exitCode: ExitStatus.noRecord, hint: "pass --store PATH")
                }
                let release = StoreRelease(
                    uid: uid_t(uid), destination: destination, stateDirectory: URL(fileURLWithPath: state),
                    person: person, replace: replace, now: Date())
                var buffer = BufferedOutput()
                for line in try release.release() { buffer.line(line) }
                buffer.flush()
            }
        }
    }
}
