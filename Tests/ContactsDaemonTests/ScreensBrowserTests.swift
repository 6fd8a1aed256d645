import ContactsClient
import ContactsSystem
import ContactsTestSupport
import ContactsWebUI
import Foundation
import Testing

@testable import ContactsDaemon

/// The person's screens in a real browser: headless Chromium driven by Selenium (Browser/screens.py), against
/// a daemon of each test's own, on loopback. Each flow runs end to end: an app asks (on its own thread or as a
/// process), the person acts in the browser, and the test checks what the app and the store got. Screenshots
/// go to .build/screenshots/.
///
/// Serialized: one Chromium at a time on a two-core machine.
@Suite(.serialized) struct ScreensBrowserTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let screenshots = directory.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/screenshots").path

    /// A daemon serving its screens, with this test process registered as the app "Daemon Tests" and the
    /// `contacts` tool as the person's agent.
    final class World: @unchecked Sendable {
        // SAFETY: set once in make(). TODO(#14): none; test fixture.
        let fixture: DaemonFixture
        let screens: PersonScreens
        let agent: String

        private init(fixture: DaemonFixture, screens: PersonScreens, agent: String) {
            self.fixture = fixture
            self.screens = screens
            self.agent = agent
        }

        static func make(linkLifetime: Duration = .seconds(120)) async throws -> World {
            let fixture = try DaemonFixture(consentTimeout: .seconds(600))
            let agent = try UnprivilegedApp.registerPersonAgent(in: fixture.daemon.configuration.registryDirectory)
            var configuration = PersonScreensConfiguration(port: 0)
            configuration.linkLifetime = linkLifetime
            let screens = try await fixture.daemon.startScreens(configuration)
            return World(fixture: fixture, screens: screens, agent: agent)
        }

        /// A one-time link for this test's user, as `contacts ui` gets it.
        func link(_ page: String = "") throws -> String {
            try #require(screens.link(uid: geteuid(), page: page))
        }

        /// The requests waiting for this test's user.
        func waiting() -> [WaitingPrompt] {
            screens.backend.waiting(uid: geteuid())
        }

        /// Waits until `count` requests wait (the app asks on its own thread).
        func waitForRequests(_ count: Int) async throws -> [WaitingPrompt] {
            for _ in 0..<600 {
                let now = waiting()
                if now.count >= count { return now }
                try await Task.sleep(for: .milliseconds(100))
            }
            Issue.record("no request waited")
            return waiting()
        }

        /// Runs the person's tool against this daemon, off Swift's pool.
        func contacts(_ arguments: [String]) async throws -> UnprivilegedApp.Result {
            let command = [agent] + arguments + ["--socket", fixture.daemon.configuration.socketPath]
            return try await ScreensBrowserTests.offPool { try UnprivilegedApp.run(command) }
        }
    }

    /// Runs a scenario of Browser/screens.py and returns the result it printed.
    static func browse(_ scenario: String, _ config: [String: Any]) async throws -> [String: Any] {
        try await runBrowserScript("screens.py", scenario, config)
    }

    /// Runs a scenario of a script in Browser/ and returns the result it printed last (`RESULT <json>`).
    static func runBrowserScript(_ name: String, _ scenario: String, _ config: [String: Any]) async throws
        -> [String: Any]
    {
        var config = config
        config["scenario"] = scenario
        config["screenshots"] = screenshots
        let script = directory.appendingPathComponent("Browser/\(name)")
        let json = String(decoding: try JSONSerialization.data(withJSONObject: config), as: UTF8.self)
        let result = try await offPool { try UnprivilegedApp.run(["/usr/bin/env", "python3", script.path, json]) }
        let line = result.output.split(separator: "\n").last { $0.hasPrefix("RESULT ") }
        let found = try #require(line, "\(name) \(scenario) failed (exit \(result.status)):\n\(result.output)")
        let object = try JSONSerialization.jsonObject(with: Data(found.dropFirst("RESULT ".count).utf8))
        return try #require(object as? [String: Any])
    }

    /// Whether the browser and its driver are installed (.ci/run installs them).
    static func requireBrowser() throws {
        for path in ["/usr/bin/chromium", "/usr/bin/chromedriver"] {
            try #require(
                FileManager.default.isExecutableFile(atPath: path),
                "\(path) is missing: apt-get install chromium chromium-driver")
        }
    }

    static func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
        }
    }

    /// The given names of the contacts an app's store sees.
    static func visibleNames(_ app: CNContactStore) throws -> [String] {
        var names: [String] = []
        let request = CNContactFetchRequest(keysToFetch: [CNContactGivenNameKey as CNKeyDescriptor])
        request.sortOrder = .givenName
        try app.enumerateContacts(with: request) { contact, _ in names.append(contact.givenName) }
        return names
    }

    /// Ann Lee, Bob Stone and Cid Moss in the person's store.
    static func seedContacts(_ world: World) throws -> [String: String] {
        let people = [("Ann", "Lee"), ("Bob", "Stone"), ("Cid", "Moss")].map { ContactFixtures.person($0.0, $0.1) }
        try ContactFixtures.save(people, in: world.fixture.person)
        return Dictionary(uniqueKeysWithValues: people.map { ($0.givenName, $0.identifier) })
    }
}
