import ContactsSystem
import ContactsTestSupport
import Foundation

@testable import ContactsDaemon

/// The daemon the attack suites run their apps against: its state in a private directory under /tmp (which user A,
/// who runs the apps, can enter), a registry the suite fills, nobody answering for the person (an app that asks
/// is not granted after two seconds), and user A's store holding Ann Lee with the app allowed as `allow` says, so
/// each attack starts from an app that would see data when honest.
final class AttackDaemon: @unchecked Sendable {
    // SAFETY: set once in init. TODO(#13): none; test fixture.
    let directory: URL
    let daemon: ContactsDaemon
    let userA: (uid: uid_t, gid: gid_t)

    /// - Parameters:
    ///   - prepare: Fills the registry (its folder is given, with the private directory) and may change the
    ///     daemon's configuration, before the daemon starts.
    ///   - allow: The access user A's store gives the app of that bundle identifier; nil: not decided.
    init(
        _ prefix: String, allow: (AccessChoice, bundle: String)?,
        prepare: (_ directory: URL, _ registry: URL, _ configuration: inout DaemonConfiguration) throws -> Void
    ) throws {
        directory = URL(fileURLWithPath: "/tmp").appendingPathComponent("\(prefix)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        chmod(directory.path, 0o755)
        let registry = directory.appendingPathComponent("apps")
        var configuration = DaemonConfiguration(
            socketPath: directory.appendingPathComponent("contactsd.sock").path,
            stateDirectory: directory.appendingPathComponent("state"), registryDirectory: registry)
        configuration.administratorPolicy = .unrestricted
        configuration.consentTimeout = .seconds(2)
        try prepare(directory, registry, &configuration)
        daemon = try ContactsDaemon.start(configuration)
        userA = try UnprivilegedApp.user("contacts-test-a")
        let person = CNContactStore(url: configuration.storeURL(for: userA.uid))
        try ContactFixtures.save([ContactFixtures.person("Ann", "Lee")], in: person)
        if let allow { try person.accessControls().setAccess(allow.0, for: allow.bundle) }
    }

    deinit {
        try? daemon.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// A directory user A owns, for the attacker's files.
    func attackerDirectory() throws -> URL {
        let url = directory.appendingPathComponent("attacker")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        chown(url.path, userA.uid, userA.gid)
        return url
    }
}
