import ContactsClient
import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsDaemon

/// contactsd started by systemd's socket unit (`contactsd.socket`): it serves the socket systemd passed, binds
/// nothing of its own, leaves the socket in place when it stops, and refuses a handed-over descriptor it cannot
/// serve, with the reason. systemd's part is played by `systemd-socket-activate` (systemd's own tool).
@Suite struct SocketActivationTests {
    static let activator = "/usr/bin/systemd-socket-activate"

    @Test func aDaemonStartedOnTheFirstConnectionServesTheSocketItWasHandedAndLeavesItInPlace() throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.activator), "systemd's tools (.ci/run installs them)")
        // The registry entry and the person's grant of this test process, in a store of the daemon's state.
        let daemon = try DaemonCrashTests.DaemonProcess()
        let unused = daemon.socket + ".unused"
        defer { unlink(unused) }
        // On the first connection `systemd-socket-activate` becomes contactsd (the same process), the listening
        // socket its descriptor 3; contactsd's own `--socket` names a path it must not bind.
        let activated = try SpawnedProcess([
            Self.activator, "--listen=\(daemon.socket)", "--", try Installation.product("contactsd"), "--socket",
            unused,
            "--state", daemon.state.path, "--registry", daemon.registry.path, "--no-screens",
        ])
        defer { activated.forceStop() }
        _ = activated.waitForFile(daemon.socket)
        // Listening, and no contactsd yet: it starts when an app connects.
        #expect(try activated.executable() == Self.activator)

        let app = CNContactStore(connection: DaemonConnection(socketPath: daemon.socket))
        try ContactFixtures.save([ContactFixtures.person("Ada", "Activated")], in: app)
        let found = try app.unifiedContacts(
            matching: CNContact.predicateForContacts(matchingName: "Activated"),
            keysToFetch: [CNContactGivenNameKey as CNKeyDescriptor])
        #expect(found.map(\.givenName) == ["Ada"])
        let contactsd = URL(fileURLWithPath: try Installation.product("contactsd")).resolvingSymlinksInPath().path
        #expect(try activated.executable() == contactsd)
        #expect(!FileManager.default.fileExists(atPath: unused), "the daemon bound a socket of its own")

        // Stopped, it leaves systemd's socket, on which systemd would start it again.
        activated.terminate()
        #expect(FileManager.default.fileExists(atPath: daemon.socket))
    }

    @Test func variablesMeantForAnotherProcessHandOverNothingAndTheDaemonBindsItsOwnSocket() throws {
        let daemon = try DaemonCrashTests.DaemonProcess()
        var environment = ProcessInfo.processInfo.environment
        environment["LISTEN_PID"] = "1"
        environment["LISTEN_FDS"] = "1"
        try daemon.start(arguments: ["--no-screens"], environment: environment)
        defer { daemon.stop() }
        let app = CNContactStore(connection: DaemonConnection(socketPath: daemon.socket))
        #expect(try DaemonCrashTests.eventually { try ContactFixtures.identifiers(in: app) } == [])
        daemon.stop()
        #expect(!FileManager.default.fileExists(atPath: daemon.socket), "its own socket is removed when it stops")
    }

    /// A descriptor 3 that is not a listening Unix stream socket, or more than one descriptor, stops the daemon
    /// with the reason before it serves anything.
    @Test(arguments: [
        ("1", "3</dev/null", "descriptor 3 from systemd is not a listening Unix stream socket"),
        ("2", "3</dev/null 4</dev/null", "systemd passed 2 sockets; contactsd listens on one"),
        ("many", "", "LISTEN_FDS is not a count of descriptors"),
    ])
    func aHandedOverDescriptorTheDaemonCannotServeStopsItWithTheReason(
        count: String, redirections: String, reason: String
    ) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("activation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let socket = directory.appendingPathComponent("c.sock").path
        let contactsd = try Installation.product("contactsd")
        let log = directory.appendingPathComponent("contactsd.log").path
        // `$$` is the shell's process, which `exec` makes contactsd's: the variables name contactsd. The shell
        // replaces descriptors, so not Foundation's `Process`, which watches one of its own (SpawnedProcess).
        let process = try SpawnedProcess(
            [
                "/bin/sh", "-c",
                "LISTEN_PID=$$ LISTEN_FDS=\(count) exec \"$0\" --socket \"$1\" --state \"$2\" --registry \"$2\" "
                    + "--no-screens \(redirections)",
                contactsd, socket, directory.path,
            ], output: log)
        let status = process.wait()
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(status == 1 << 8, "exit status 1: \(status), \(output)")
        #expect(output.contains(reason), "\(output)")
        #expect(!FileManager.default.fileExists(atPath: socket))
    }

    /// A parent may start the daemon with SIGTERM ignored or blocked (a shell's `trap '' TERM`, a thread's mask);
    /// SIGTERM must still stop it cleanly, its socket removed, rather than be dropped.
    @Test(arguments: ["ignored", "blocked"])
    func sigtermStopsTheDaemonWhateverTheParentDidWithTheSignal(parent: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("signals-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let socket = directory.appendingPathComponent("c.sock").path
        let daemon = [
            try Installation.product("contactsd"), "--socket", socket, "--state", directory.path, "--registry",
            directory.path, "--no-screens",
        ]
        let process =
            parent == "ignored"
            ? try SpawnedProcess(["/bin/sh", "-c", "trap '' TERM INT; exec \"$@\"", "sh"] + daemon)
            : try SpawnedProcess(daemon, blockedSignals: [SIGTERM, SIGINT])
        defer { process.forceStop() }
        try #require(process.waitForFile(socket), "contactsd did not start")
        kill(process.processIdentifier, SIGTERM)
        #expect(process.waitForExit(seconds: 20), "SIGTERM was dropped")
        #expect(!FileManager.default.fileExists(atPath: socket), "stopped by its handler, which removes the socket")
    }

    @Test func theVariablesAreReadAsSystemdWritesThem() throws {
        let me = getpid()
        #expect(try InheritedSocket.take(environment: [:], processID: me) == nil)
        #expect(
            try InheritedSocket.take(environment: ["LISTEN_PID": "\(me + 1)", "LISTEN_FDS": "1"], processID: me) == nil)
        #expect(
            try InheritedSocket.take(environment: ["LISTEN_PID": "\(me)", "LISTEN_FDS": "0"], processID: me) == nil)
        #expect(throws: InheritedSocket.Refusal.self) {
            try InheritedSocket.take(environment: ["LISTEN_PID": "\(me)", "LISTEN_FDS": "-1"], processID: me)
        }
        #expect(throws: InheritedSocket.Refusal.self) {
            try InheritedSocket.take(environment: ["LISTEN_PID": "\(me)"], processID: me)
        }
    }
}
