import ContactsClient
import ContactsSystem
import ContactsTestSupport
import Foundation

@testable import ContactsDaemon

/// A daemon on a socket in a temporary directory, with this test process registered as an app, and the
/// person's view of the same store (embedded, as the person's tools open it).
final class DaemonFixture: @unchecked Sendable {
    // SAFETY: the fields are set once in init. TODO(#13): none; test fixture.
    let directory: URL
    let daemon: ContactsDaemon
    let person: CNContactStore
    static let bundleIdentifier = "org.swift-contacts.tests.daemon"

    /// - Parameters:
    ///   - registered: Whether this process's executable is in the registry.
    ///   - digest: A SHA-256 to register instead of the real one (a registered binary that was modified since).
    ///   - consent: Who answers consent prompts for the person; nil: the person's agents, over the socket.
    ///   - consentTimeout: How long an app's request waits for the person's agents.
    ///   - maximumImportSize: The daemon's bound on one import's upload; nil for its default.
    ///   - pickerTimeout: How long an app's picker waits for the person's screens; nil for the daemon's default.
    init(
        registered: Bool = true, digest: String? = nil, consent: (any ConsentAgent)? = nil,
        consentTimeout: Duration = .seconds(2), maximumImportSize: Int64? = nil, pickerTimeout: Duration? = nil
    ) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("daemon-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let registry = directory.appendingPathComponent("apps")
        try FileManager.default.createDirectory(at: registry, withIntermediateDirectories: true)
        if registered {
            let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
            let url = try AppRegistry.register(
                executable: executable, bundleIdentifier: Self.bundleIdentifier, displayName: "Daemon Tests",
                usageDescription: "Tests the daemon.", in: registry)
            if let digest {
                var entry = try JSONDecoder().decode(AppRegistry.Entry.self, from: Data(contentsOf: url))
                entry.sha256 = digest
                try JSONEncoder().encode(entry).write(to: url)
            }
        }
        // Unix socket paths are short (108 bytes): keep it in the temporary directory's root.
        let socket = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cd-\(UUID().uuidString.prefix(8)).sock"
        ).path
        var configuration = DaemonConfiguration(
            socketPath: socket, stateDirectory: directory.appendingPathComponent("state"), registryDirectory: registry)
        configuration.administratorPolicy = .unrestricted
        configuration.consentAgent = consent
        configuration.consentTimeout = consentTimeout
        if let maximumImportSize { configuration.maximumImportSize = maximumImportSize }
        if let pickerTimeout { configuration.pickerTimeout = pickerTimeout }
        daemon = try ContactsDaemon.start(configuration)
        person = CNContactStore(configuration: ContactStoreConfiguration(url: configuration.storeURL(for: geteuid())))
    }

    deinit {
        try? daemon.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// A new app store over the socket, as `CNContactStore()` makes one when the daemon runs.
    func appStore() -> CNContactStore {
        CNContactStore(connection: DaemonConnection(socketPath: daemon.configuration.socketPath))
    }

    /// Sets the app's access as the person does.
    func setAccess(_ choice: AccessChoice) throws {
        try person.accessControls().setAccess(choice, for: Self.bundleIdentifier)
    }

    /// Ann Lee and Bob Stone in the person's store, Ann shared with the app under limited access, Bob not; the
    /// app's store.
    func annSharedBobNot() throws -> (app: CNContactStore, ann: CNMutableContact, bob: CNMutableContact) {
        let ann = ContactFixtures.person("Ann", "Lee")
        let bob = ContactFixtures.person("Bob", "Stone")
        try ContactFixtures.save([ann, bob], in: person)
        try setAccess(.limited([ann.identifier]))
        return (appStore(), ann, bob)
    }
}
