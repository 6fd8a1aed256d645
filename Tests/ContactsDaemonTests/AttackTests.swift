import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsDaemon

/// Each way an app might get contacts it was not given, tried for real: FindMyFriends, registered with the
/// daemon, run as an unprivileged user, with the attacker's tools (its environment, files, a copy of the binary,
/// a tracer, a preloaded library). Every attack must fail: the app gets no data (FindMyFriends exits 1 without
/// listing anyone, or the file stays unreadable). docs/ThreatModel.md cites these tests.
@Suite(.enabled(if: UnprivilegedApp.isRoot, "the attack tests run as root (CI does), to act as other users"))
struct AttackTests {
    static let bundle = "org.swift-contacts.example.FindMyFriends"

    /// A daemon whose state lives in a private directory, FindMyFriends registered, and user A's store holding
    /// Ann with the app allowed in full, so each attack starts from an app that would see data when honest.
    final class World: Sendable {
        let base: AttackDaemon
        let app: String

        init(allow: AccessChoice? = .full) throws {
            let app = try UnprivilegedApp.findMyFriends()
            self.app = app
            base = try AttackDaemon("attack", allow: allow.map { ($0, AttackTests.bundle) }) { _, registry, _ in
                try AppRegistry.register(
                    executable: app, bundleIdentifier: AttackTests.bundle, displayName: "Find My Friends",
                    usageDescription: "Finds your friends.", in: registry)
            }
        }

        var directory: URL { base.directory }
        var daemon: ContactsDaemon { base.daemon }
        var userA: (uid: uid_t, gid: gid_t) { base.userA }
        var socket: String { daemon.configuration.socketPath }

        /// FindMyFriends as user A, with an attacker's extra environment.
        func runApp(_ executable: String? = nil, prefix: [String] = [], environment: [String: String] = [:])
            throws -> UnprivilegedApp.Result
        {
            var variables = ["CONTACTS_DAEMON_SOCKET": socket, "HOME": "/tmp", "LANG": "C.UTF-8"]
            variables.merge(environment) { _, new in new }
            return try UnprivilegedApp.run(as: userA, prefix + [executable ?? app], environment: variables)
        }

        func attackerDirectory() throws -> URL { try base.attackerDirectory() }
    }

    @Test func theHonestAppSeesWhatThePersonAllowed() throws {
        let world = try World()
        let result = try world.runApp()
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("Ann Lee"))
    }

    @Test func anAppCannotOpenTheDatabaseFile() throws {
        let world = try World()
        let store = world.daemon.configuration.storeURL(for: world.userA.uid).path
        let result = try UnprivilegedApp.run(as: world.userA, ["/bin/cat", store])
        #expect(result.status != 0)
        #expect(!result.output.contains("SQLite format"))
    }

    @Test func environmentVariablesAndInfoPlistsMeanNothingToTheDaemon() throws {
        let world = try World(allow: nil)
        let attacker = try world.attackerDirectory()
        let plist = attacker.appendingPathComponent("Info.plist")
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>org.example.allowed</string>
            <key>NSContactsUsageDescription</key><string>Claims to be another app.</string>
            </dict></plist>
            """.utf8
        ).write(to: plist)
        let person = CNContactStore(url: world.daemon.configuration.storeURL(for: world.userA.uid))
        try person.accessControls().setAccess(.full, for: "org.example.allowed")
        let result = try world.runApp(environment: [
            "CONTACTS_CONSENT": "full", "CONTACTS_APP_INFO_PLIST": plist.path,
            "CONTACTS_POLICY": "/dev/null", "CONTACTS_STORE": attacker.appendingPathComponent("x.sqlite").path,
        ])
        #expect(result.status == 1, "\(result.output)")
        #expect(!result.output.contains("Ann"))
        #expect(result.output.contains("Access was not granted"), "asked, and nobody granted")
        let status = try person.accessControls().apps().first { $0.bundleIdentifier == AttackTests.bundle }
        #expect(status?.status != .authorized, "the app's own CONTACTS_CONSENT answered nothing")
    }

    @Test func aCopyOfTheRegisteredBinaryIsNotTheApp() throws {
        let world = try World()
        let copy = try world.attackerDirectory().appendingPathComponent("FindMyFriends")
        try FileManager.default.copyItem(atPath: world.app, toPath: copy.path)
        chown(copy.path, world.userA.uid, world.userA.gid)
        let result = try world.runApp(copy.path)
        #expect(result.status == 1, "\(result.output)")
        #expect(!result.output.contains("Ann"))
        #expect(result.output.contains("Access was not granted (100)"), "the app ran and the daemon refused it")
    }

    @Test func aModifiedRegisteredBinaryIsRefused() throws {
        let world = try World()
        // The administrator registered this file; it was changed afterwards (one byte appended).
        let installed = world.directory.appendingPathComponent("installed-FindMyFriends")
        try FileManager.default.copyItem(atPath: world.app, toPath: installed.path)
        try AppRegistry.register(
            executable: installed.path, bundleIdentifier: AttackTests.bundle, usageDescription: "Finds your friends.",
            in: world.daemon.configuration.registryDirectory)
        let handle = try FileHandle(forWritingTo: installed)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0]))
        try handle.close()
        let result = try world.runApp(installed.path)
        #expect(result.status == 1, "\(result.output)")
        #expect(!result.output.contains("Ann"))
        #expect(result.output.contains("Access was not granted (100)"), "the app ran and the daemon refused it")
    }

    @Test func aTracedAppIsRefused() throws {
        let world = try World()
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/strace"), "install strace (.ci/run does)")
        let result = try world.runApp(prefix: ["/usr/bin/strace", "-f", "-o", "/dev/null"])
        #expect(result.status == 1, "\(result.output)")
        #expect(!result.output.contains("Ann"))
        #expect(result.output.contains("Access was not granted (100)"), "the app ran and the daemon refused it")
    }

    @Test func anAppWithAPreloadedLibraryIsRefused() throws {
        let world = try World()
        let attacker = try world.attackerDirectory()
        let source = attacker.appendingPathComponent("spy.c")
        try Data("void spy(void) {}\n".utf8).write(to: source)
        let library = attacker.appendingPathComponent("spy.so")
        let compiled = try UnprivilegedApp.run(
            as: world.userA, ["/usr/bin/gcc", "-shared", "-fPIC", "-o", library.path, source.path],
            environment: ["PATH": "/usr/bin:/bin"])
        try #require(compiled.status == 0, "gcc: \(compiled.output)")
        let result = try world.runApp(environment: ["LD_PRELOAD": library.path])
        #expect(result.status == 1, "\(result.output)")
        #expect(!result.output.contains("Ann"))
        #expect(result.output.contains("Access was not granted (100)"), "the app ran and the daemon refused it")
    }

    @Test func oneUserCannotReadAnothersBook() throws {
        let world = try World()
        let userB = try UnprivilegedApp.user("contacts-test-b")
        let personB = CNContactStore(url: world.daemon.configuration.storeURL(for: userB.uid))
        try ContactFixtures.save([ContactFixtures.person("Bob", "Stone")], in: personB)
        try personB.accessControls().setAccess(.full, for: AttackTests.bundle)
        let asB = try UnprivilegedApp.run(
            as: userB, [world.app], environment: ["CONTACTS_DAEMON_SOCKET": world.socket, "HOME": "/tmp"])
        #expect(asB.output.contains("Bob Stone"), "\(asB.output)")
        #expect(!asB.output.contains("Ann"))
        let asA = try world.runApp()
        #expect(asA.output.contains("Ann Lee"))
        #expect(!asA.output.contains("Bob"))
    }
}
