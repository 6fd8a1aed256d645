import ContactsPrivacy
import Foundation
import Testing

@testable import ContactsDaemon

/// Identifying sandboxed peers, on real processes in real bubblewrap sandboxes run as an unprivileged user:
/// the decision, its error and its fix, and the pitfalls (a `.flatpak-info` that is a link, a directory or a
/// FIFO; a root that cannot be read; a PID that names another process by the time it is checked).
@Suite(
    .enabled(if: UnprivilegedApp.isRoot, "runs sandboxes as an unprivileged user, which needs root (CI runs as root)"),
    .enabled(if: FlatpakSandbox.isAvailable, "needs bubblewrap (apt-get install bubblewrap; .ci/run does)"))
struct SandboxIdentityTests {
    static let appID = "org.example.Friends"

    /// A registry, a system installation deploying `sleep` as the app's executable, and user A.
    final class World: @unchecked Sendable {
        // SAFETY: set once in init. TODO(#13): none; test fixture.
        let directory: URL
        let registry: URL
        let installation: FlatpakInstallation
        let files: URL
        let user: (uid: uid_t, gid: gid_t)
        private var running: [Process] = []

        init() throws {
            directory = URL(fileURLWithPath: "/tmp").appendingPathComponent("sandbox-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            chmod(directory.path, 0o755)
            registry = directory.appendingPathComponent("apps")
            installation = try FlatpakInstallation(in: directory)
            let sleep = directory.appendingPathComponent("sleep-copy")
            try FileManager.default.copyItem(atPath: "/usr/bin/sleep", toPath: sleep.path)
            files = try installation.deploy(id: SandboxIdentityTests.appID, executable: sleep.path)
            user = try UnprivilegedApp.user("contacts-test-a")
        }

        deinit {
            for process in running { FlatpakSandbox.stop(process) }
            try? FileManager.default.removeItem(at: directory)
        }

        var identifier: PeerIdentifier {
            var configuration = SandboxConfiguration()
            configuration.flatpakInstallations = [installation.root]
            return PeerIdentifier(
                registry: AppRegistry(directory: registry, trustedOwner: geteuid()), sandboxes: configuration)
        }

        func register(usage: String? = "Finds your friends.") throws {
            try AppRegistry.register(
                sandbox: .flatpak, id: SandboxIdentityTests.appID, displayName: "Friends", usageDescription: usage,
                in: registry)
        }

        /// A `.flatpak-info` file, readable by everyone.
        func infoFile(id: String = SandboxIdentityTests.appID, appPath: String? = nil) throws -> URL {
            let url = directory.appendingPathComponent("info-\(UUID().uuidString.prefix(8))")
            try Data(FlatpakSandbox.infoText(id: id, appPath: appPath ?? files.path).utf8).write(to: url)
            chmod(url.path, 0o644)
            return url
        }

        /// Starts the app's `sleep` in a sandbox with this `/.flatpak-info`, as user A.
        func start(_ info: FlatpakSandbox.Info, command: [String] = ["/app/bin/sleep-copy", "300"]) throws
            -> PeerCredentials
        {
            let sandbox = FlatpakSandbox(appFiles: files, info: info)
            let started = try FlatpakSandbox.start(sandbox, as: user, command, executableInside: command[0])
            running.append(started.bwrap)
            return PeerCredentials(pid: started.pid, uid: user.uid, gid: user.gid, pidfd: try openPIDFD(started.pid))
        }
    }

    private func refusal(_ world: World, _ peer: PeerCredentials) -> DaemonError? {
        do {
            let identity = try world.identifier.identify(peer)
            Issue.record("identified as \(identity.bundleIdentifier)")
            return nil
        } catch {
            return error
        }
    }

    @Test func aRegisteredFlatpakAppIsKnownByItsAppID() throws {
        let world = try World()
        try world.register()
        let peer = try world.start(.file(try world.infoFile()))
        defer { peer.close() }
        let identity = try world.identifier.identify(peer)
        #expect(identity.bundleIdentifier == Self.appID)
        #expect(identity.displayName == "Friends")
        #expect(identity.usageDescription == "Finds your friends.")
    }

    @Test func anUnregisteredFlatpakAppGetsTheFix() throws {
        let world = try World()
        let peer = try world.start(.file(try world.infoFile()))
        defer { peer.close() }
        let error = try #require(refusal(world, peer))
        #expect(error.code == .unregisteredApp)
        #expect(error.message.contains("contacts apps register --flatpak \(Self.appID) --usage TEXT"))
        #expect(error.contactsError.code == .authorizationDenied)
    }

    @Test func aRegisteredFlatpakAppWithoutAPurposeStringIsRefusedWithTheFix() throws {
        let world = try World()
        try world.register(usage: nil)
        let peer = try world.start(.file(try world.infoFile()))
        defer { peer.close() }
        let error = try #require(refusal(world, peer))
        #expect(error.code == .incompleteRegistration)
        #expect(error.message.contains("--flatpak \(Self.appID) --usage TEXT"))
    }

    @Test(arguments: ["symlink", "directory", "fifo", "socket"])
    func aFlatpakInfoThatIsNotARegularFileGetsNothing(kind: String) throws {
        let world = try World()
        try world.register()
        let info: FlatpakSandbox.Info
        switch kind {
        case "symlink":
            // A link to a well-formed file naming the registered app: followed, it would pass.
            info = .symlink("/run/genuine-info")
        case "directory":
            info = .directory
        case "fifo":
            let fifo = world.directory.appendingPathComponent("fifo")
            try #require(mkfifo(fifo.path, 0o644) == 0)
            info = .bound(fifo)
        default:
            // A socket cannot be opened as a file: an unreadable .flatpak-info (root can read any file's bytes).
            let socket = world.directory.appendingPathComponent("info.sock")
            let descriptor = Foundation.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(descriptor) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { buffer in
                buffer.copyBytes(from: socket.path.utf8.prefix(buffer.count - 1))
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            try #require(bound == 0)
            info = .bound(socket)
        }
        var sandbox = FlatpakSandbox(appFiles: world.files, info: info)
        if kind == "symlink" { sandbox.extra = ["--ro-bind", try world.infoFile().path, "/run/genuine-info"] }
        let started = try FlatpakSandbox.start(
            sandbox, as: world.user, ["/app/bin/sleep-copy", "300"], executableInside: "/app/bin/sleep-copy")
        defer { FlatpakSandbox.stop(started.bwrap) }
        let peer = PeerCredentials(
            pid: started.pid, uid: world.user.uid, gid: world.user.gid, pidfd: try openPIDFD(started.pid))
        defer { peer.close() }
        let error = try #require(refusal(world, peer))
        #expect(error.code == .peerUnknown, "not a host app either: \(error.message)")
        #expect(error.message.contains(".flatpak-info"))
    }

    @Test func aSandboxThatNamesTheAppButRunsOtherCodeGetsNothing() throws {
        let world = try World()
        try world.register()
        // The user's own "sandbox": a .flatpak-info naming the registered app and its real deployment, but the
        // code run is not the deployment's (the host's sleep, a root-owned system file, stands in for any).
        let peer = try world.start(.file(try world.infoFile()), command: ["/usr/bin/sleep", "300"])
        defer { peer.close() }
        let error = try #require(refusal(world, peer))
        #expect(error.code == .modifiedExecutable, "\(error.message)")
    }

    @Test func aDeploymentPathOutsideTheAppsInstallationGetsNothing() throws {
        let world = try World()
        try world.register()
        // Another app's deployment (root's, genuine), claimed for the registered id.
        let other = try world.installation.deploy(id: "org.example.Other", executable: "/usr/bin/sleep")
        let sandbox = FlatpakSandbox(appFiles: other, info: .file(try world.infoFile(appPath: other.path)))
        let started = try FlatpakSandbox.start(
            sandbox, as: world.user, ["/app/bin/sleep", "300"], executableInside: "/app/bin/sleep")
        defer { FlatpakSandbox.stop(started.bwrap) }
        let peer = PeerCredentials(
            pid: started.pid, uid: world.user.uid, gid: world.user.gid, pidfd: try openPIDFD(started.pid))
        defer { peer.close() }
        let error = try #require(refusal(world, peer))
        #expect(error.code == .modifiedExecutable, "\(error.message)")
        // A path that climbs out of the app's directory is no deployment of it either.
        let climbing = try world.start(
            .file(try world.infoFile(appPath: world.files.path + "/../../../../org.example.Other")))
        defer { climbing.close() }
        #expect(refusal(world, climbing)?.code == .modifiedExecutable)
    }

    @Test func aPIDThatNamesAnotherProcessByTheTimeItIsCheckedGetsNothing() throws {
        let world = try World()
        try world.register()
        // The process that connected exited; its PID now names a genuine, registered Flatpak app. Everything read
        // through /proc describes the genuine app, and only the pidfd says it is not the peer.
        let exited = Process()
        exited.executableURL = URL(fileURLWithPath: "/bin/sleep")
        exited.arguments = ["300"]
        try exited.run()
        // Opened while it runs (once reaped, its pid would be gone), then ended.
        let staleFD = try openPIDFD(exited.processIdentifier)
        kill(exited.processIdentifier, SIGKILL)
        exited.waitUntilExit()
        let genuine = try world.start(.file(try world.infoFile()))
        defer { genuine.close() }
        #expect(try world.identifier.identify(genuine).bundleIdentifier == Self.appID, "the genuine app passes")
        let swapped = PeerCredentials(pid: genuine.pid, uid: genuine.uid, gid: genuine.gid, pidfd: staleFD)
        defer { swapped.close() }
        let error = try #require(refusal(world, swapped))
        #expect(error.code == .peerUnknown)
        #expect(error.message.contains("exited"))
    }
}
