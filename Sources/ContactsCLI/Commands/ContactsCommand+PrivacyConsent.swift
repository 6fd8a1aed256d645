import ArgumentParser
import ContactsClient
import ContactsSystem
import Foundation

extension ContactsCommand {
    /// The daemon to answer for: `--socket`, else `CONTACTS_DAEMON_SOCKET`, else the system's.
    struct DaemonSocketOption: ParsableArguments {
        init() {}

        init(path: String?) {
            self.path = path
        }

        @Option(
            name: .customLong("socket"),
            help: ArgumentHelp(
                "contactsd's socket (default: $CONTACTS_DAEMON_SOCKET, else /run/contactsd/contactsd.sock).",
                valueName: "path"))
        var path: String?

        /// A connection to the daemon as the person's agent; 69 when no daemon listens there.
        func connect() throws -> DaemonConnection {
            let chosen = path ?? DaemonSocketLocation.chosenPath()
            guard DaemonSocketLocation.isSocket(chosen) else {
                throw CommandFailure(
                    "no contacts daemon listens at \(chosen)", exitCode: ExitStatus.unavailable,
                    hint: "in embedded mode apps ask on their own terminal; docs/Daemon.md installs the daemon")
            }
            return DaemonConnection(socketPath: chosen)
        }
    }

    /// `--socket` on the privacy commands that list apps: given, the list is contactsd's (daemon mode); else the
    /// store's (contactsd's when the store was handed to it: ``StoreLocation/open(creating:)``).
    struct PrivacySocketOption: ParsableArguments {
        @Option(
            name: .customLong("socket"),
            help: ArgumentHelp("Ask contactsd, through its socket (daemon mode).", valueName: "path"))
        var path: String?
    }

    /// `--socket` and `--keep-running` on the commands that change an app's access: in daemon mode a reduction
    /// ends the app's data and, unless kept running, its processes, at once.
    struct DaemonAccessOptions: ParsableArguments {
        @Option(
            name: .customLong("socket"),
            help: ArgumentHelp("Change the access in contactsd, through its socket (daemon mode).", valueName: "path"))
        var path: String?

        @Flag(
            help: "Daemon mode: when access is reduced, keep the app's processes running (their calls fail with 100).")
        var keepRunning = false

        /// The person's controls: contactsd's with `--socket` or a store handed to it, else the store's.
        func session(_ storeOptions: StoreOptions) throws -> PrivacySession {
            let session = try PrivacySession(storeOptions: storeOptions, socket: path)
            if keepRunning && !session.isDaemon {
                throw ValidationError(
                    "--keep-running goes with daemon mode (--socket, or a store handed to contactsd).")
            }
            return session
        }
    }

    /// `contacts privacy pending`: the apps waiting in the daemon for your answer.
    struct PrivacyPending: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "pending",
            abstract: "List the apps waiting for your answer to their request for your contacts (daemon mode).",
            discussion: """
                In daemon mode an app's request waits in contactsd until you answer it with 'contacts privacy \
                answer', or until the daemon's timeout (then the app is not granted and may ask again). Only \
                your own agent (this tool, registered with the entitlement org.swift-contacts.person-agent) may \
                list and answer; an app cannot answer for you.
                """)
        @OptionGroup var socket: DaemonSocketOption
        @OptionGroup var output: OutputOptions

        func run() throws {
            try CommandFailure.reporting {
                let requests = try socket.connect().pendingConsents()
                var buffer = BufferedOutput()
                if output.json {
                    buffer.write(try ContactJSON.text(requests.map(PendingConsentJSON.init)))
                } else if requests.isEmpty {
                    buffer.write("No app is waiting for your answer.\n")
                } else {
                    var table = TextTable(header: ["Request", "App", "Bundle identifier", "Prompt", "Purpose"])
                    for request in requests {
                        table.append([
                            String(request.id), request.displayName, request.bundleIdentifier,
                            request.isLimitedOnly ? "limited only" : "standard", request.purpose,
                        ])
                    }
                    buffer.write(table.rendered)
                }
                buffer.flush()
            }
        }
    }

    /// `contacts privacy answer REQUEST --deny|--full|--limited [ID...]`.
    struct PrivacyAnswer: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "answer", abstract: "Answer an app's waiting request for your contacts (daemon mode).")
        @OptionGroup var socket: DaemonSocketOption
        @Argument(help: ArgumentHelp("The request's number, from 'contacts privacy pending'.", valueName: "request"))
        var request: UInt64
        @Flag(help: "Don't Allow.") var deny = false
        @Flag(help: "Share all your contacts.") var full = false
        @Flag(help: "Share only the contacts given (possibly none yet).") var limited = false
        @Argument(help: ArgumentHelp("With --limited: the contacts to share.", valueName: "contact-id"))
        var contacts: [String] = []

        func validate() throws {
            guard [deny, full, limited].filter({ $0 }).count == 1 else {
                throw ValidationError("Give exactly one of --deny, --full and --limited.")
            }
            if !limited && !contacts.isEmpty { throw ValidationError("Contacts are shared with --limited only.") }
        }

        func run() throws {
            try CommandFailure.reporting {
                let status: CNAuthorizationStatus = deny ? .denied : full ? .authorized : .limited
                let answered = try socket.connect().answerConsent(
                    request, status: status, limitedIdentifiers: Set(contacts))
                guard answered else {
                    throw CommandFailure(
                        "no app is waiting with request \(request) (answered, timed out, or the app went away)",
                        exitCode: ExitStatus.noRecord, hint: "'contacts privacy pending' lists the waiting requests")
                }
                var buffer = BufferedOutput()
                buffer.write("Answered request \(request).\n")
                buffer.flush()
            }
        }
    }
}

/// The JSON form of a waiting request.
struct PendingConsentJSON: Encodable {
    var request: UInt64
    var bundleIdentifier: String
    var displayName: String
    var purpose: String
    /// "standard" or "limitedOnly".
    var prompt: String
    /// ISO 8601, UTC.
    var askedAt: String

    init(_ pending: PendingConsentRequest) {
        request = pending.id
        bundleIdentifier = pending.bundleIdentifier
        displayName = pending.displayName
        purpose = pending.purpose
        prompt = pending.isLimitedOnly ? "limitedOnly" : "standard"
        askedAt = ISO8601DateFormatter().string(from: pending.askedAt)
    }
}
