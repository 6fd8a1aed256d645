import ArgumentParser
import ContactsSystem

extension ContactsCommand {
    /// `contacts privacy ...`: the person's controls over which apps see which contacts.
    ///
    /// Every subcommand works through `ContactAccessControls` on the person's store. Changes that reduce an
    /// app's access make its open stores fail with 100 until it opens a new one.
    struct Privacy: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "See and change which apps may see your contacts.",
            discussion: """
                Apps appear once they have asked for access (or an administrator restricted them). \
                'restrict' records an administrator's restriction in the store, which 'reset' lifts; apps \
                named in the policy file ($CONTACTS_POLICY, else /etc/contacts/policy.json) are restricted \
                until the file changes, whatever the store records.
                """,
            subcommands: [
                PrivacyApps.self, PrivacyShow.self, PrivacyAllow.self, PrivacyShare.self, PrivacyUnshare.self,
                PrivacyDeny.self, PrivacyReset.self, PrivacyRestrict.self, PrivacyPending.self, PrivacyAnswer.self,
            ],
            defaultSubcommand: PrivacyApps.self
        )
    }

    struct PrivacyApps: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "apps", abstract: "List apps with their status, purpose and how many contacts they see.")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions
        @OptionGroup var socket: PrivacySocketOption

        func run() throws {
            try CommandFailure.reporting {
                let session = try PrivacySession(storeOptions: storeOptions, socket: socket.path)
                let apps = try session.apps()
                let presenter = try session.presenter()
                var buffer = BufferedOutput()
                if output.json {
                    buffer.write(try ContactJSON.text(apps.map(presenter.json)))
                } else if apps.isEmpty {
                    buffer.write("No app has asked for your contacts.\n")
                } else {
                    buffer.write(presenter.table(apps))
                }
                buffer.flush()
            }
        }
    }

    struct PrivacyShow: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one app's access.")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions
        @Argument(help: ArgumentHelp("The app's bundle identifier.", valueName: "app")) var app: String
        @OptionGroup var socket: PrivacySocketOption

        func run() throws {
            try CommandFailure.reporting {
                let session = try PrivacySession(storeOptions: storeOptions, socket: socket.path)
                let summary = try session.app(app)
                let presenter = try session.presenter()
                var buffer = BufferedOutput()
                buffer.write(output.json ? try ContactJSON.text(presenter.json(summary)) : presenter.detail(summary))
                buffer.flush()
            }
        }
    }

    struct PrivacyAllow: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "allow",
            abstract: "Give an app full access, or limited access to exactly the contacts given.",
            usage: "contacts privacy allow <app> --full\ncontacts privacy allow <app> --limited [<contact-id> ...]"
        )
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: ArgumentHelp("The app's bundle identifier.", valueName: "app")) var app: String
        @Flag(name: .long, help: "Every contact.") var full = false
        @Flag(name: .long, help: "Only the contacts given (none when no identifier follows).") var limited = false
        @Argument(help: ArgumentHelp("The contacts to share, with --limited.", valueName: "contact-id"))
        var contacts: [String] = []

        func validate() throws {
            guard full != limited else { throw ValidationError("Give exactly one of --full and --limited.") }
            if full && !contacts.isEmpty {
                throw ValidationError("Contact identifiers go with --limited; --full shares every contact.")
            }
        }

        @OptionGroup var daemon: DaemonAccessOptions

        func run() throws {
            try CommandFailure.reporting {
                let session = try daemon.session(storeOptions)
                let choice: AccessChoice = full ? .full : .limited(Set(contacts))
                try session.changeKnownApp(app, contacts: contacts, .access(choice), keepRunning: daemon.keepRunning)
            }
        }
    }

    struct PrivacyShare: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "share", abstract: "Share more contacts with an app; they count under limited access.")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var daemon: DaemonAccessOptions
        @Argument(help: ArgumentHelp("The app's bundle identifier.", valueName: "app")) var app: String
        @Argument(help: ArgumentHelp("The contacts to share.", valueName: "contact-id")) var contacts: [String]

        func run() throws {
            try CommandFailure.reporting {
                let session = try daemon.session(storeOptions)
                try session.changeKnownApp(
                    app, contacts: contacts, .share(Set(contacts)), keepRunning: daemon.keepRunning)
            }
        }
    }

    struct PrivacyUnshare: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unshare", abstract: "Stop sharing contacts with an app.")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var daemon: DaemonAccessOptions
        @Argument(help: ArgumentHelp("The app's bundle identifier.", valueName: "app")) var app: String
        @Argument(help: ArgumentHelp("The contacts to stop sharing.", valueName: "contact-id")) var contacts: [String]

        func run() throws {
            try CommandFailure.reporting {
                let session = try daemon.session(storeOptions)
                try session.changeKnownApp(
                    app, contacts: contacts, .unshare(Set(contacts)), keepRunning: daemon.keepRunning)
            }
        }
    }

    struct PrivacyDeny: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "deny", abstract: "Deny an app access; it is not asked again until reset.")
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: ArgumentHelp("The app's bundle identifier.", valueName: "app")) var app: String

        @OptionGroup var daemon: DaemonAccessOptions

        func run() throws {
            try CommandFailure.reporting {
                let session = try daemon.session(storeOptions)
                try session.changeKnownApp(app, .access(.denied), keepRunning: daemon.keepRunning)
            }
        }
    }

    struct PrivacyReset: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset",
            abstract: "Forget an app's decision so it is asked again; lifts a 'restrict'. Shared contacts are cleared.")
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: ArgumentHelp("The app's bundle identifier.", valueName: "app")) var app: String

        @OptionGroup var daemon: DaemonAccessOptions

        func run() throws {
            try CommandFailure.reporting {
                let session = try daemon.session(storeOptions)
                try session.changeKnownApp(app, .reset, keepRunning: daemon.keepRunning)
            }
        }
    }

    struct PrivacyRestrict: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "restrict",
            abstract: "As an administrator, restrict an app in this store: never asked, sees nothing, until reset.",
            discussion: """
                The app need not have asked yet. For a restriction the person cannot lift with 'reset', name \
                the app in the policy file instead (docs/Privacy.md).
                """
        )
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: ArgumentHelp("The app's bundle identifier.", valueName: "app")) var app: String

        func validate() throws {
            if app.allSatisfy(\.isWhitespace) { throw ValidationError("The bundle identifier cannot be empty.") }
        }

        func run() throws {
            try CommandFailure.reporting {
                let session = try PrivacySession(storeOptions: storeOptions)
                try session.change(app, .restrict)
            }
        }
    }
}
