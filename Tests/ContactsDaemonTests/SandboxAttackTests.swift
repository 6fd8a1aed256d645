import ContactsSystem
import ContactsTestSupport
import ContactsWebUI
import Foundation
import Testing

@testable import ContactsDaemon

/// FindMyFriends as a Flatpak app: deployed in a root-owned system installation, registered by its app id, run
/// as an unprivileged user inside a bubblewrap sandbox as Flatpak runs it. The honest app reads what the person
/// allowed; each attack, made with the user's own tools (bwrap itself, a copy of the app, a tracer, a preloaded
/// library), gets no data. docs/ThreatModel.md cites these tests.
@Suite(
    .enabled(if: UnprivilegedApp.isRoot, "the attack tests run as root (CI does), to act as other users"),
    .enabled(if: FlatpakSandbox.isAvailable, "needs bubblewrap (apt-get install bubblewrap; .ci/run does)"))
struct SandboxAttackTests {
    static let appID = "org.swift_contacts.example.FindMyFriends"

    final class World: @unchecked Sendable {
        // SAFETY: set once in init. TODO(#13): none; test fixture.
        let base: AttackDaemon
        let installation: FlatpakInstallation
        /// The app's deployed files (`/app` in its sandbox).
        let files: URL

        init(register: Bool = true) throws {
            var installation: FlatpakInstallation?
            var files: URL?
            base = try AttackDaemon("sbx", allow: (.full, SandboxAttackTests.appID)) {
                directory, registry, configuration in
                let installed = try FlatpakInstallation(in: directory)
                installation = installed
                files = try installed.deploy(
                    id: SandboxAttackTests.appID, executable: try UnprivilegedApp.findMyFriends())
                if register {
                    try AppRegistry.register(
                        sandbox: .flatpak, id: SandboxAttackTests.appID, displayName: "Find My Friends",
                        usageDescription: "Finds your friends.", in: registry)
                }
                configuration.sandboxes.flatpakInstallations = [installed.root]
            }
            // Both are set before the daemon starts, or the initializer threw.
            self.installation = try #require(installation)
            self.files = try #require(files)
        }

        var directory: URL { base.directory }
        var daemon: ContactsDaemon { base.daemon }
        var userA: (uid: uid_t, gid: gid_t) { base.userA }

        /// A `.flatpak-info` as Flatpak writes it, root's and read-only for the sandbox.
        func info(id: String = SandboxAttackTests.appID, appPath: URL? = nil) throws -> URL {
            let url = directory.appendingPathComponent("info-\(UUID().uuidString.prefix(8))")
            try Data(FlatpakSandbox.infoText(id: id, appPath: (appPath ?? files).path).utf8).write(to: url)
            chmod(url.path, 0o644)
            return url
        }

        /// Runs a command in a sandbox as user A, talking to the daemon through the bound socket.
        func run(
            appFiles: URL? = nil, info: URL?, extra: [String] = [], environment: [String: String] = [:],
            _ command: [String] = ["/app/bin/FindMyFriends"]
        ) throws -> UnprivilegedApp.Result {
            let sandbox = FlatpakSandbox(
                appFiles: appFiles ?? files, info: info.map { .file($0) } ?? .none,
                socket: daemon.configuration.socketPath, extra: extra)
            var variables = ["CONTACTS_DAEMON_SOCKET": FlatpakSandbox.socketInside, "HOME": "/tmp", "LANG": "C.UTF-8"]
            variables.merge(environment) { _, new in new }
            return try UnprivilegedApp.run(as: userA, sandbox.arguments(command), environment: variables)
        }

        func attackerDirectory() throws -> URL { try base.attackerDirectory() }
    }

    private func expectNoData(_ result: UnprivilegedApp.Result) {
        #expect(result.status == 1, "\(result.output)")
        #expect(!result.output.contains("Ann"))
        #expect(result.output.contains("Access was not granted (100)"), "the app ran and the daemon refused it")
    }

    @Test func theRegisteredFlatpakAppSeesWhatThePersonAllowed() throws {
        let world = try World()
        let result = try world.run(info: try world.info())
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("Ann Lee"))
    }

    @Test func anUnregisteredFlatpakAppGetsNoData() throws {
        let world = try World(register: false)
        expectNoData(try world.run(info: try world.info()))
    }

    @Test func aSandboxTheUserBuiltAroundTheirOwnCopyGetsNoData() throws {
        let world = try World()
        // The same bytes as the app, in the attacker's own "deployment", with a .flatpak-info naming the registered
        // app and its real deployment: everything bwrap lets any user build.
        let attacker = try world.attackerDirectory()
        let bin = attacker.appendingPathComponent("bin")
        try FileManager.default.copyItem(at: world.files.appendingPathComponent("bin"), to: bin)
        _ = try UnprivilegedApp.run(["/bin/chown", "-R", "\(world.userA.uid):\(world.userA.gid)", attacker.path])
        expectNoData(try world.run(appFiles: attacker, info: try world.info()))
        expectNoData(try world.run(appFiles: attacker, info: try world.info(appPath: attacker)))
    }

    @Test func anotherInstalledAppCannotClaimTheRegisteredAppsID() throws {
        let world = try World()
        // A genuine, root-owned deployment of another app (the same code, so only the id differs), run under a
        // .flatpak-info that names the registered app.
        let other = try world.installation.deploy(
            id: "org.example.Other", executable: try UnprivilegedApp.findMyFriends())
        expectNoData(try world.run(appFiles: other, info: try world.info(appPath: other)))
        expectNoData(try world.run(appFiles: other, info: try world.info()))
    }

    @Test func aTracedFlatpakAppIsRefused() throws {
        let world = try World()
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/strace"), "install strace (.ci/run does)")
        expectNoData(
            try world.run(
                info: try world.info(), ["/usr/bin/strace", "-f", "-o", "/dev/null", "/app/bin/FindMyFriends"]))
    }

    @Test func aFlatpakAppWithAPreloadedLibraryIsRefusedWhateverPathItIsMountedAt() throws {
        let world = try World()
        let library = try spyLibrary(world)
        // Mounted over the path of a system library the app does not use: on the host that path names a root-owned
        // file, so only the inode
        // the process really maps tells the two apart.
        let systemPath = "/usr/lib/x86_64-linux-gnu/libanl.so.1"
        try #require(FileManager.default.fileExists(atPath: systemPath), "a system library to shadow")
        expectNoData(
            try world.run(
                info: try world.info(), extra: ["--ro-bind", library.path, systemPath],
                environment: ["LD_PRELOAD": systemPath]))
        expectNoData(
            try world.run(
                info: try world.info(), extra: ["--ro-bind", library.path, "/var/spy.so"],
                environment: ["LD_PRELOAD": "/var/spy.so"]))
    }

    @Test func aRegisteredHostAppInTheUsersOwnNamespaceCannotHideAPreloadedLibrary() throws {
        // The host path checks mapped code too. In a mount namespace of the user's own, a path in the process's
        // maps names the user's file, while the same path on the host names a root-owned one.
        let world = try World()
        let app = try UnprivilegedApp.findMyFriends()
        let bundle = "org.swift-contacts.example.FindMyFriends"
        try AppRegistry.register(
            executable: app, bundleIdentifier: bundle, usageDescription: "Finds your friends.",
            in: world.daemon.configuration.registryDirectory)
        let person = CNContactStore(url: world.daemon.configuration.storeURL(for: world.userA.uid))
        try person.accessControls().setAccess(.full, for: bundle)
        let folder = URL(fileURLWithPath: app).deletingLastPathComponent().path
        let honest = try world.run(info: nil, extra: ["--ro-bind", folder, folder], [app])
        #expect(
            honest.output.contains("Ann Lee"),
            "the registered app, run in a namespace, is still the app: \(honest.output)")
        let library = try spyLibrary(world)
        let systemPath = "/usr/lib/x86_64-linux-gnu/libanl.so.1"
        let result = try world.run(
            info: nil, extra: ["--ro-bind", folder, folder, "--ro-bind", library.path, systemPath],
            environment: ["LD_PRELOAD": systemPath], [app])
        expectNoData(result)
    }

    @Test func aFlatpakAppPlacesAWebButtonOnlyForTheOriginItsEntryNames() async throws {
        let world = try World()
        _ = try await world.daemon.startScreens(PersonScreensConfiguration(port: 0))
        let command = ["/app/bin/FindMyFriends", "--web-button", "Ann"]
        let without = try await ScreensBrowserTests.offPool { try world.run(info: try world.info(), command) }
        #expect(without.status == 1)
        #expect(
            without.output.contains("No contact access button (104)"), "no web origin registered: \(without.output)")

        try AppRegistry.register(
            sandbox: .flatpak, id: Self.appID, displayName: "Find My Friends", usageDescription: "Finds your friends.",
            webOrigin: "https://friends.example", in: world.daemon.configuration.registryDirectory)
        let with = try await ScreensBrowserTests.offPool { try world.run(info: try world.info(), command) }
        #expect(with.status == 0, "\(with.output)")
        #expect(with.output.contains("Embed in: https://friends.example\n"))
        #expect(with.output.contains("Frame: http://127.0.0.1:"))

        // The user's own sandbox around a copy of the app claims the registered id: no button, no origin.
        let attacker = try world.attackerDirectory()
        try FileManager.default.copyItem(
            at: world.files.appendingPathComponent("bin"), to: attacker.appendingPathComponent("bin"))
        _ = try UnprivilegedApp.run(["/bin/chown", "-R", "\(world.userA.uid):\(world.userA.gid)", attacker.path])
        let copy = try await ScreensBrowserTests.offPool {
            try world.run(appFiles: attacker, info: try world.info(), command)
        }
        #expect(copy.status == 1)
        #expect(!copy.output.contains("Embed in"), "\(copy.output)")
    }

    /// A shared library user A built, in user A's directory.
    private func spyLibrary(_ world: World) throws -> URL {
        let attacker = try world.attackerDirectory()
        let source = attacker.appendingPathComponent("spy.c")
        try Data("void spy(void) {}\n".utf8).write(to: source)
        let library = attacker.appendingPathComponent("spy.so")
        let compiled = try UnprivilegedApp.run(
            as: world.userA, ["/usr/bin/gcc", "-shared", "-fPIC", "-o", library.path, source.path],
            environment: ["PATH": "/usr/bin:/bin"])
        try #require(compiled.status == 0, "gcc: \(compiled.output)")
        return library
    }
}
