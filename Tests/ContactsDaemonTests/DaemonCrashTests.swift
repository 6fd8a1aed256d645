import ContactsClient
import ContactsSystem
import ContactsTestSupport
import Foundation
import Synchronization
import Testing

@testable import ContactsDaemon

/// contactsd killed with SIGKILL while an app saves: no acknowledged write is lost, no save is half applied, the
/// app gets a clear error, and the same store works again once the daemon is back.
@Suite struct DaemonCrashTests {
    /// A contactsd process with this test process registered as an app with full access.
    final class DaemonProcess: @unchecked Sendable {
        // SAFETY: `process` is replaced only by the test's own thread (start, kill); the rest is set in init.
        let directory: URL
        let socket: String
        let registry: URL
        let state: URL
        private var process: Process?
        static let bundleIdentifier = "org.swift-contacts.tests.crash"

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("crash-\(UUID().uuidString)")
            registry = directory.appendingPathComponent("apps")
            state = directory.appendingPathComponent("state")
            socket =
                FileManager.default.temporaryDirectory.appendingPathComponent("ck-\(UUID().uuidString.prefix(8)).sock")
                .path
            try FileManager.default.createDirectory(at: registry, withIntermediateDirectories: true)
            let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
            _ = try AppRegistry.register(
                executable: executable, bundleIdentifier: Self.bundleIdentifier, displayName: "Crash Tests",
                usageDescription: "Tests a crash.", in: registry)
            // The person grants full access in the daemon's store of this user before the daemon starts.
            let person = CNContactStore(
                configuration: ContactStoreConfiguration(
                    url: state.appendingPathComponent("users/\(geteuid())/Contacts.sqlite")))
            try person.accessControls().setAccess(.full, for: Self.bundleIdentifier)
        }

        /// The running process's identifier, if it runs.
        var processIdentifier: Int32? { process?.processIdentifier }

        func start(arguments: [String] = [], environment: [String: String]? = nil) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try Installation.product("contactsd"))
            process.arguments = ["--socket", socket, "--state", state.path, "--registry", registry.path] + arguments
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            self.process = process
        }

        /// SIGKILL, then waits for the process to be gone.
        func kill() {
            guard let process else { return }
            Foundation.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            self.process = nil
        }

        func stop() {
            process?.terminate()
            process?.waitUntilExit()
            process = nil
        }

        deinit {
            stop()
            try? FileManager.default.removeItem(at: directory)
            unlink(socket)
        }
    }

    /// What the writer thread saw: the saves the daemon acknowledged, in order, and the error that ended it.
    struct WriterLog {
        var acknowledged: [Int] = []
        var error: (any Error)?
        var finished = false
    }

    private static func request(_ round: Int) -> CNSaveRequest {
        let request = CNSaveRequest()
        for index in 0..<5 {
            let contact = ContactFixtures.person(
                "R\(round)-\(index)", "Crash",
                phones: ["+1 415 555 \(1000 + index)", "+44 20 7946 \(1000 + index)", "030 12345\(index)"])
            request.add(contact, toContainerWithIdentifier: nil)
        }
        return request
    }

    /// Polls until the body succeeds or the time is up (the daemon takes a moment to bind its socket).
    static func eventually<T>(within seconds: Double = 60, _ body: () throws -> T) throws -> T {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            do {
                return try body()
            } catch  where Date() < deadline {
                Thread.sleep(forTimeInterval: 0.1)
            }
        }
    }

    @Test func aDaemonKilledDuringSavesLosesNoAcknowledgedWriteAndHalfAppliesNothing() throws {
        let daemon = try DaemonProcess()
        try daemon.start()
        let app = CNContactStore(connection: DaemonConnection(socketPath: daemon.socket))
        _ = try Self.eventually { try ContactFixtures.identifiers(in: app) }

        // Saves of five contacts each, one after another, on a thread of their own.
        let log = Mutex(WriterLog())
        let writer = Thread {
            for round in 0..<100_000 {
                do {
                    try app.execute(Self.request(round))
                    log.withLock { $0.acknowledged.append(round) }
                } catch {
                    log.withLock { $0.error = error }
                    break
                }
            }
            log.withLock { $0.finished = true }
        }
        writer.start()
        let started = Date()
        while log.withLock({ $0.acknowledged.count }) < 20, Date().timeIntervalSince(started) < 120 {
            Thread.sleep(forTimeInterval: 0.01)
        }
        daemon.kill()
        while !log.withLock({ $0.finished }), Date().timeIntervalSince(started) < 180 {
            Thread.sleep(forTimeInterval: 0.01)
        }
        let seen = log.withLock { $0 }
        #expect(seen.finished, "the writer was not told the daemon went away")
        #expect(seen.acknowledged.count >= 20)
        let error = try #require(seen.error as? CNError, "a clear CNError, not \(String(describing: seen.error))")
        #expect(error.code == .dataAccessError)

        // The same store reaches the daemon again once it is back.
        try daemon.start()
        let contacts = try Self.eventually {
            try app.unifiedContacts(
                matching: CNContact.predicateForContacts(matchingName: "Crash"),
                keysToFetch: [CNContactGivenNameKey as CNKeyDescriptor, CNContactPhoneNumbersKey as CNKeyDescriptor])
        }
        var rounds: [Int: [CNContact]] = [:]
        for contact in contacts {
            let round = try #require(Int(contact.givenName.dropFirst().prefix { $0 != "-" }))
            rounds[round, default: []].append(contact)
        }
        for round in seen.acknowledged {
            #expect(rounds[round]?.count == 5, "acknowledged save \(round) is whole")
        }
        for (round, saved) in rounds {
            #expect(saved.count == 5, "save \(round) is whole or absent")
            #expect(saved.allSatisfy { $0.phoneNumbers.count == 3 }, "save \(round)'s contacts are whole")
        }
        // At most the one save in flight when the daemon died went through unacknowledged.
        #expect(Set(rounds.keys).subtracting(seen.acknowledged).count <= 1)
        // And the store takes writes again.
        try app.execute(Self.request(-1))
        daemon.stop()
    }
}
