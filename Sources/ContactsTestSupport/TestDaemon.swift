import ContactsClient
import ContactsDaemon
import ContactsSystem
import Foundation
import Synchronization

/// contactsd in the test process, with its own socket, state directory and registry, serving app stores over
/// the socket. The registry holds this test process's executable, so the daemon identifies the test process
/// from the kernel (`SO_PEERCRED`, `/proc/PID/exe` and its SHA-256), as it identifies any app.
///
/// One executable is one app in the registry, so to open stores of several apps the registry entry is rewritten
/// (bundle identifier, name, purpose string, entitlements) before each store connects; the daemon reads the
/// registry when it identifies a connection, and a store connects at once. Consent prompts go to the agent the
/// test chose for the app (``RoutingConsentAgent``). The administrator's policy is the daemon's configuration:
/// a store under another policy is served by another daemon on the same state directory.
package final class TestDaemon: Sendable {
    /// The app the store under test is when a test uses a store as "the store": full access, granted by the
    /// person, and the notes entitlement, as the person's own store would have.
    package static let app = AppIdentity(
        bundleIdentifier: "org.swift-contacts.tests.store", displayName: "Store Tests",
        usageDescription: "Tests the store.", entitlements: AppEntitlements(granted: [AppEntitlements.contactsNotesKey])
    )

    /// The file of this test user's store, which the person's own tools open (embedded).
    package let storeURL: URL

    private let registry: URL
    private let state: URL
    private let localeIdentifier: String
    private let consent = RoutingConsentAgent()
    private let daemons = Mutex<[AdministratorPolicy: ContactsDaemon]>([:])
    /// Held from rewriting the registry until the new store's connection is identified.
    private let identifying = Mutex<Void>(())

    /// Starts a daemon whose state and registry are in `directory`.
    package init(directory: URL, localeIdentifier: String) throws {
        registry = directory.appendingPathComponent("apps")
        state = directory.appendingPathComponent("state")
        self.localeIdentifier = localeIdentifier
        try FileManager.default.createDirectory(at: registry, withIntermediateDirectories: true)
        let daemon = try Self.start(
            policy: .unrestricted, state: state, registry: registry, consent: consent, locale: localeIdentifier)
        storeURL = daemon.configuration.storeURL(for: geteuid())
        daemons.withLock { $0[.unrestricted] = daemon }
    }

    deinit {
        for daemon in daemons.withLock({ Array($0.values) }) {
            try? daemon.stop()
        }
    }

    /// A new store of an app over the socket, as `CNContactStore()` opens one in that app when the daemon runs.
    ///
    /// - Parameters:
    ///   - app: Who the registry says this process is while the store connects.
    ///   - consent: Who answers the app's prompts for the person; nil keeps the agent chosen before, if any.
    ///   - policy: The administrator's policy of the daemon that serves the store.
    package func appStore(
        for app: AppIdentity, consent agent: (any ConsentAgent)? = nil, policy: AdministratorPolicy = .unrestricted
    ) throws -> CNContactStore {
        let daemon = try daemon(for: policy)
        if let agent { consent.route(app.bundleIdentifier, to: agent) }
        return try identifying.withLock { _ in
            try register(app)
            let connection = DaemonConnection(socketPath: daemon.configuration.socketPath)
            // Connects now, so the daemon identifies the store as this app, before the registry names another.
            // The status is a read that asks no one and records nothing.
            _ = connection.authorizationStatus()
            return CNContactStore(connection: connection)
        }
    }

    private func daemon(for policy: AdministratorPolicy) throws -> ContactsDaemon {
        if let running = daemons.withLock({ $0[policy] }) { return running }
        let started = try Self.start(
            policy: policy, state: state, registry: registry, consent: consent, locale: localeIdentifier)
        let (daemon, extra) = daemons.withLock { daemons -> (ContactsDaemon, ContactsDaemon?) in
            if let running = daemons[policy] { return (running, started) }
            daemons[policy] = started
            return (started, nil)
        }
        try extra?.stop()
        return daemon
    }

    private static func start(
        policy: AdministratorPolicy, state: URL, registry: URL, consent: RoutingConsentAgent, locale: String
    ) throws -> ContactsDaemon {
        // Unix socket paths are short (108 bytes): the socket lives in the temporary directory's root.
        let socket = FileManager.default.temporaryDirectory
            .appendingPathComponent("cd-\(UUID().uuidString.prefix(8)).sock").path
        var configuration = DaemonConfiguration(socketPath: socket, stateDirectory: state, registryDirectory: registry)
        configuration.administratorPolicy = policy
        configuration.consentAgent = consent
        configuration.localeIdentifier = locale
        return try ContactsDaemon.start(configuration)
    }

    /// Makes the registry name this test process's executable as the app, and nothing else.
    private func register(_ app: AppIdentity) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: registry.path) {
            try FileManager.default.removeItem(at: registry.appendingPathComponent(name))
        }
        // The daemon caches the executable's digest, so hashing the large test binary again costs nothing.
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        try AppRegistry.register(
            executable: executable, bundleIdentifier: app.bundleIdentifier, displayName: app.displayName,
            usageDescription: app.usageDescription, entitlements: app.entitlements.granted.sorted(), in: registry)
    }
}
