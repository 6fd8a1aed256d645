import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsDaemon

/// When the person reduces an app's access through the daemon, the app's data ends at once: its open
/// connections are told and fail later calls with 100, and, as iOS does, its processes are terminated unless
/// the person keeps them running. A running app is played by a Python client that stays connected.
@Suite(.serialized) struct ReducedAccessTests {
    private static let holder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Python/holder.py")
    private static let bundle = "org.example.python"

    /// A daemon with the Python interpreter registered as an app (with full access) and the `contacts` tool
    /// as the person's agent.
    final class World: @unchecked Sendable {
        // SAFETY: set once in init. TODO(#13): none; test fixture.
        let fixture: DaemonFixture
        let python: String
        let agent: String

        init() throws {
            python = try UnprivilegedApp.python3()
            fixture = try DaemonFixture(registered: false)
            let registry = fixture.daemon.configuration.registryDirectory
            try AppRegistry.register(
                executable: python, bundleIdentifier: ReducedAccessTests.bundle, usageDescription: "Holds on.",
                in: registry)
            agent = try UnprivilegedApp.registerPersonAgent(in: registry)
            try ContactFixtures.save([ContactFixtures.person("Ann", "Lee")], in: fixture.person)
            try fixture.person.accessControls().setAccess(.full, for: ReducedAccessTests.bundle)
        }

        /// The app, connected and waiting for a line on its standard input.
        func startApp() throws -> (Process, input: FileHandle, output: LineReader) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = [ReducedAccessTests.holder.path, fixture.daemon.configuration.socketPath]
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = output
            try process.run()
            return (process, input.fileHandleForWriting, LineReader(output.fileHandleForReading))
        }

        /// The person's tool, against this daemon.
        func contacts(_ arguments: [String]) throws -> UnprivilegedApp.Result {
            try UnprivilegedApp.run([agent] + arguments + ["--socket", fixture.daemon.configuration.socketPath])
        }
    }

    /// Reads a process's output line by line, blocking.
    final class LineReader: @unchecked Sendable {
        // SAFETY: used from one thread at a time by the test.
        private let handle: FileHandle
        private var buffer = Data()

        init(_ handle: FileHandle) {
            self.handle = handle
        }

        func line() -> String? {
            while true {
                if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: buffer[buffer.startIndex..<end], as: UTF8.self)
                    buffer = Data(buffer[(end + 1)...])
                    return line
                }
                let chunk = handle.availableData
                if chunk.isEmpty { return buffer.isEmpty ? nil : String(decoding: buffer, as: UTF8.self) }
                buffer.append(chunk)
            }
        }

        func rest() -> [String] {
            var lines: [String] = []
            while let line = line() { lines.append(line) }
            return lines
        }
    }

    @Test func denyingARunningAppTerminatesItsProcess() throws {
        let world = try World()
        let (app, input, output) = try world.startApp()
        defer { try? input.close() }
        #expect(output.line() == "ready \(Self.bundle) 3")

        let deny = try world.contacts(["privacy", "deny", Self.bundle])
        #expect(deny.status == 0, "\(deny.output)")
        #expect(deny.output.contains("1 process(es) stopped"))
        app.waitUntilExit()
        #expect(app.terminationReason == .uncaughtSignal)
        #expect(app.terminationStatus == SIGKILL)
        #expect(world.fixture.appStore().authorizationStatus(for: .contacts) != .authorized)
    }

    @Test func keptRunningTheAppIsToldAndGetsNothingMore() throws {
        let world = try World()
        let (app, input, output) = try world.startApp()
        #expect(output.line() == "ready \(Self.bundle) 3")

        let limited = try world.contacts(["privacy", "allow", Self.bundle, "--limited", "--keep-running"])
        #expect(limited.status == 0, "\(limited.output)")
        #expect(limited.output.contains("0 process(es) stopped"))
        try input.write(contentsOf: Data("go\n".utf8))
        try input.close()
        app.waitUntilExit()
        #expect(app.terminationReason == .exit)
        let lines = output.rest()
        #expect(lines.contains("revoked"), "\(lines)")
        #expect(lines.contains("fetch error 100"), "reduced access ends the open connection's data: \(lines)")
    }

    @Test func wideningAccessStopsNothing() throws {
        let world = try World()
        try world.fixture.person.accessControls().setAccess(.limited([]), for: Self.bundle)
        let (app, input, output) = try world.startApp()
        #expect(output.line() == "ready \(Self.bundle) 4")

        let full = try world.contacts(["privacy", "allow", Self.bundle, "--full"])
        #expect(full.status == 0, "\(full.output)")
        #expect(!full.output.contains("stopped"))
        try input.write(contentsOf: Data("go\n".utf8))
        try input.close()
        app.waitUntilExit()
        #expect(app.terminationReason == .exit)
        let lines = output.rest()
        #expect(!lines.contains("revoked"))
        #expect(lines.contains("status 3"), "\(lines)")
    }

    /// The daemon runs in this process, which is also the app: denying it must end its data, not the daemon.
    @Test func aDaemonThatIsItsOwnPeerDoesNotEndItself() throws {
        let fixture = try DaemonFixture()
        let agent = try UnprivilegedApp.registerPersonAgent(in: fixture.daemon.configuration.registryDirectory)
        try fixture.setAccess(.full)
        let app = fixture.appStore()
        #expect(app.authorizationStatus(for: .contacts) == .authorized)

        let deny = try UnprivilegedApp.run(
            [
                agent, "privacy", "deny", DaemonFixture.bundleIdentifier, "--socket",
                fixture.daemon.configuration.socketPath,
            ])
        #expect(deny.status == 0, "\(deny.output)")
        #expect(deny.output.contains("0 process(es) stopped"), "\(deny.output)")
        // Still running (a SIGKILL would have ended the whole test run here), and the app's data has ended.
        #expect(throws: CNError.self) {
            try app.unifiedContacts(matching: CNContact.predicateForContacts(matchingName: "a"), keysToFetch: [])
        }
    }

    @Test func anAppCannotChangeItsOwnAccess() throws {
        let world = try World()
        try world.fixture.person.accessControls().setAccess(.denied, for: Self.bundle)
        // The app (the Python interpreter) speaks the person's request itself.
        let script = """
            import sys; sys.path.insert(0, "\(Self.holder.deletingLastPathComponent().path)")
            import socket, contacts_pb2 as pb
            from client import send, receive
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM); s.connect("\(world.fixture.daemon.configuration.socketPath)")
            send(s, pb.ClientMessage(id=1, hello=pb.Hello(protocol_version=1))); receive(s)
            send(s, pb.ClientMessage(id=2, set_app_access=pb.SetAppAccessRequest(bundle_identifier="\(Self.bundle)", decision=1)))
            reply = receive(s)
            print(reply.WhichOneof("body"), reply.error.code)
            """
        let result = try UnprivilegedApp.run([world.python, "-c", script])
        #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines) == "error 100", "\(result.output)")
        let summary = try world.fixture.person.accessControls().apps().first { $0.bundleIdentifier == Self.bundle }
        #expect(summary?.status == .denied)
    }
}
