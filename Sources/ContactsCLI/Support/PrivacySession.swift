import ContactsClient
import ContactsDaemon
import ContactsSystem
import Foundation

/// The person's privacy controls over the chosen store, with the checks every privacy command shares.
///
/// ```swift
/// let session = try PrivacySession(storeOptions: storeOptions)
/// let app = try session.app("com.example.app")
/// ```
///
/// The controls are the store's own in embedded mode, and contactsd's (over its socket, as the person's agent)
/// when the store is the daemon's (``StoreLocation/open(creating:)``): the same list, the same checks and the same
/// confirmations either way.
package struct PrivacySession {
    package let store: CNContactStore
    private let controls: Controls

    /// Where the controls are.
    private enum Controls {
        case embedded(ContactAccessControls)
        case daemon(DaemonConnection)
    }

    /// Opens the store as the person and gets its controls.
    ///
    /// A broken policy file restricts every app (it fails closed); the controls only show the result, so the
    /// person is told why on standard error. (The daemon reads its own policy file: it warns in its log.)
    ///
    /// - Parameter socket: contactsd's socket, when the command was given one: its controls and the person's book
    ///   there, whatever the store options say.
    package init(storeOptions: StoreOptions, socket: String? = nil) throws {
        if let socket {
            try self.init(store: CNContactStore(connection: ContactsCommand.DaemonSocketOption(path: socket).connect()))
        } else {
            try self.init(store: storeOptions.open())
        }
    }

    /// The controls of a store already open: contactsd's for the daemon's book, else the store's own.
    package init(store: CNContactStore) throws {
        self.store = store
        if let daemon = store.connection as? DaemonConnection {
            controls = .daemon(daemon)
            return
        }
        controls = .embedded(try store.accessControls())
        if let error = AdministratorPolicy.loadFailingClosed(environment: .live).error {
            let reason = error.message.hasSuffix(".") ? String(error.message.dropLast()) : error.message
            StandardStreams.writeError(
                "contacts: warning: \(reason); every app is restricted until the file is fixed\n")
        }
    }

    /// Every app with a record, by bundle identifier.
    package func apps() throws -> [ContactAccessSummary] {
        switch controls {
        case .embedded(let controls):
            return try controls.apps()
        case .daemon(let daemon):
            let apps: [DaemonConnection.AppAccess]
            do {
                apps = try daemon.appAccess()
            } catch {
                throw Self.failure(error)
            }
            return apps.map { ContactAccessSummary(summary: $0.summary, visibleCount: $0.visibleCount) }
        }
    }

    /// The daemon's 100 for the controls means it does not take this tool for the person's agent: say how that
    /// is fixed.
    private static func failure(_ error: CNError) -> any Error {
        guard error.code == .authorizationDenied else { return error }
        return CommandFailure(
            "contactsd does not know this tool as your agent", exitCode: ExitStatus.permission,
            contactsCode: .authorizationDenied,
            hint: "an administrator registers it: "
                + DaemonInstallation.agentRegistration(
                    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "PATH"))
    }

    /// A presenter that knows how many contacts the store holds.
    package func presenter() throws -> AppAccessPresenter {
        var count = 0
        try store.enumerateContacts(with: CNContactFetchRequest(keysToFetch: [])) { _, _ in count += 1 }
        return AppAccessPresenter(contactCount: count)
    }

    /// The app with this bundle identifier.
    ///
    /// - Throws: A failure with exit 67 when no app with that identifier has a record (it never asked and
    ///   was never restricted).
    package func app(_ bundleIdentifier: String) throws -> ContactAccessSummary {
        guard let app = try apps().first(where: { $0.bundleIdentifier == bundleIdentifier }) else {
            throw CommandFailure(
                "no app with the bundle identifier \(bundleIdentifier)",
                exitCode: ExitStatus.noRecord,
                hint: "'contacts privacy apps' lists the apps that asked for access"
            )
        }
        return app
    }

    /// Checks that every identifier names a contact of the store.
    ///
    /// - Throws: A failure with exit 67 naming the unknown identifiers, in the order given.
    package func requireContacts(_ identifiers: [String]) throws {
        guard !identifiers.isEmpty else { return }
        let found = try store.unifiedContacts(
            matching: CNContact.predicateForContacts(withIdentifiers: identifiers), keysToFetch: [])
        let known = Set(found.map(\.identifier))
        let unknown = identifiers.filter { !known.contains($0) }
        guard unknown.isEmpty else {
            throw CommandFailure(
                "no contact with the identifier \(unknown.joined(separator: ", "))",
                exitCode: ExitStatus.noRecord,
                contactsCode: .recordDoesNotExist,
                hint: "'contacts list' and 'contacts search' show identifiers"
            )
        }
    }

    /// Checks that the app is known and the contacts exist, then makes the change: nothing changes when either
    /// check fails.
    package func changeKnownApp(
        _ bundleIdentifier: String, contacts: [String] = [], _ change: PrivacyChange, keepRunning: Bool = false
    ) throws {
        _ = try app(bundleIdentifier)
        try requireContacts(contacts)
        try self.change(bundleIdentifier, change, keepRunning: keepRunning)
    }

    /// Makes a change to the person's controls and prints the app's status after it; in daemon mode, a
    /// reduction also says how many of the app's processes were stopped (none with `keepRunning`).
    ///
    /// - Throws: A failure with exit 77 when an administrator restricted the app.
    package func change(_ bundleIdentifier: String, _ change: PrivacyChange, keepRunning: Bool = false) throws {
        var buffer = BufferedOutput()
        do {
            switch controls {
            case .embedded(let controls):
                try change.apply(to: controls, for: bundleIdentifier)
            case .daemon(let daemon):
                let outcome = try daemon.setAppAccess(
                    change.decision, for: bundleIdentifier, keepProcesses: keepRunning)
                if outcome.reduced {
                    buffer.line(
                        "Access reduced: \(bundleIdentifier)'s open connections fail with 100; "
                            + "\(outcome.terminatedProcesses) process(es) stopped.")
                }
            }
        } catch let error as AuthorizationError where error.code == .restrictedByAdministrator {
            throw Self.restricted(bundleIdentifier)
        } catch let error as CNError where error.code == .authorizationDenied && isDaemon {
            // The daemon answers a change to a restricted app with 100; its person's agent gets 100 for nothing
            // else (a peer that is not the agent never reaches the controls: apps() failed first).
            throw Self.restricted(bundleIdentifier)
        }
        buffer.line(try presenter().confirmation(try app(bundleIdentifier)))
        buffer.flush()
    }

    /// Whether the controls are contactsd's.
    package var isDaemon: Bool {
        if case .daemon = controls { return true }
        return false
    }

    private static func restricted(_ bundleIdentifier: String) -> CommandFailure {
        CommandFailure(
            "\(bundleIdentifier) is restricted by an administrator",
            exitCode: ExitStatus.permission,
            contactsCode: .authorizationDenied,
            hint: "'contacts privacy reset' lifts a restriction made with 'contacts privacy restrict'; "
                + "one in the policy file (CONTACTS_POLICY) is lifted by editing that file"
        )
    }
}

/// A change the person makes to an app's access, from a privacy command.
package enum PrivacyChange {
    case access(AccessChoice)
    case share(Set<String>)
    case unshare(Set<String>)
    case reset
    /// An administrator's restriction recorded in the store (embedded mode only).
    case restrict

    fileprivate func apply(to controls: ContactAccessControls, for bundleIdentifier: String) throws {
        switch self {
        case .access(let choice): try controls.setAccess(choice, for: bundleIdentifier)
        case .share(let identifiers): try controls.share(identifiers, with: bundleIdentifier)
        case .unshare(let identifiers): try controls.unshare(identifiers, from: bundleIdentifier)
        case .reset: try controls.reset(bundleIdentifier)
        case .restrict: try controls.restrict(bundleIdentifier)
        }
    }

    /// The daemon's form of the change.
    fileprivate var decision: DaemonConnection.AccessDecision {
        get throws {
            switch self {
            case .access(.full): return .full
            case .access(.limited(let identifiers)): return .limited(identifiers)
            case .access(.denied): return .denied
            case .share(let identifiers): return .share(identifiers)
            case .unshare(let identifiers): return .unshare(identifiers)
            case .reset: return .reset
            case .restrict:
                throw CommandFailure(
                    "contactsd keeps no restriction in the person's book", exitCode: ExitStatus.unavailable,
                    hint: "in daemon mode an administrator restricts an app in contactsd's policy file "
                        + "(docs/Privacy.md); 'contacts privacy deny' denies it for you")
            }
        }
    }
}
