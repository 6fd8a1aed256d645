import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsDaemon

/// The privacy settings screen changes an app's access through the daemon's SetAppAccess path: a reduction
/// reaches the running app at once. The app is a Python process that stays connected (Python/holder.py).
extension ScreensBrowserTests {
    static let holderBundle = "org.example.python"

    /// Registers the Python interpreter as the app "Holder" and starts it connected to the daemon.
    static func startHolder(_ world: World) throws -> (
        Process, input: FileHandle, output: ReducedAccessTests.LineReader
    ) {
        let python = try UnprivilegedApp.python3()
        try AppRegistry.register(
            executable: python, bundleIdentifier: holderBundle, displayName: "Holder", usageDescription: "Holds on.",
            in: world.fixture.daemon.configuration.registryDirectory)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [
            directory.appendingPathComponent("Python/holder.py").path, world.fixture.daemon.configuration.socketPath,
        ]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        return (process, input.fileHandleForWriting, ReducedAccessTests.LineReader(output.fileHandleForReading))
    }

    @Test func settingARunningAppToNoneEndsItAtOnce() async throws {
        try Self.requireBrowser()
        let world = try await World.make()
        _ = try Self.seedContacts(world)
        try world.fixture.person.accessControls().setAccess(.full, for: Self.holderBundle)
        let (app, input, output) = try Self.startHolder(world)
        defer { try? input.close() }
        #expect(try await Self.offPool { output.line() } == "ready \(Self.holderBundle) 3")

        let seen = try await Self.browse(
            "settings", ["name": "settings-none", "link": try world.link(), "app": "Holder", "access": "denied"])
        let rows = seen["rows"] as? [[String]] ?? []
        #expect(
            rows.first?.prefix(3) == ["Holder", "Full access", "3"], "the app, its status and how many it sees: \(rows)"
        )
        #expect((seen["after"] as? [String: Any])?["status"] as? String == "None")
        // Not kept running: the daemon ended the app's process through its pidfd.
        try await Self.offPool { app.waitUntilExit() }
        #expect(app.terminationReason == .uncaughtSignal)
        #expect(app.terminationStatus == SIGKILL)
        let summary = try world.fixture.person.accessControls().apps().first {
            $0.bundleIdentifier == Self.holderBundle
        }
        #expect(summary?.status == .denied)
    }

    @Test func editingTheLimitedSetReachesTheRunningApp() async throws {
        try Self.requireBrowser()
        let world = try await World.make()
        let ids = try Self.seedContacts(world)
        let shared: Set<String> = [try #require(ids["Ann"]), try #require(ids["Bob"])]
        try world.fixture.person.accessControls().setAccess(.limited(shared), for: Self.holderBundle)
        let (app, input, output) = try Self.startHolder(world)
        #expect(try await Self.offPool { output.line() } == "ready \(Self.holderBundle) 4")

        let seen = try await Self.browse(
            "settings",
            [
                "name": "settings-limited", "link": try world.link(), "app": "Holder", "access": "limited",
                "uncheck": ["Bob Stone"], "check": ["Cid Moss"], "keep": true,
            ])
        #expect((seen["before"] as? [String: Any])?["seen"] as? [String] == ["Ann Lee", "Bob Stone"])
        #expect((seen["after"] as? [String: Any])?["seen"] as? [String] == ["Ann Lee", "Cid Moss"])
        let now = try world.fixture.person.accessControls().limitedSet(of: Self.holderBundle).shared
        #expect(now == [try #require(ids["Ann"]), try #require(ids["Cid"])])

        // Bob was unshared: a reduction. Kept running, the app was told and its open connection gets 100.
        try input.write(contentsOf: Data("go\n".utf8))
        try input.close()
        let lines = try await Self.offPool { output.rest() }
        try await Self.offPool { app.waitUntilExit() }
        #expect(app.terminationReason == .exit)
        #expect(lines.contains("revoked"), "\(lines)")
        #expect(lines.contains("fetch error 100"), "\(lines)")
    }

    @Test func aGermanBrowserGetsGermanScreens() async throws {
        try Self.requireBrowser()
        let world = try await World.make()
        try world.fixture.person.accessControls().setAccess(.denied, for: "org.example.other")
        let seen = try await Self.browse(
            "page", ["name": "settings-de", "link": try world.link(), "path": "/settings", "language": "de-DE,de"])
        #expect(seen["title"] as? String == "Datenschutzeinstellungen: Kontakte")
        #expect(seen["lang"] as? String == "de")
        let text = seen["text"] as? String ?? ""
        #expect(text.contains("Sichtbare Kontakte"), "\(text)")
        #expect(text.contains("Keiner"), "the status in German: \(text)")
    }
}
