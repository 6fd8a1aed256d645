import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsDaemon

extension ScreensBrowserTests {
    /// With a display, the agent tells the person through the desktop's notify-send and, with `--open`, opens the
    /// request's screen with xdg-open. Both are stand-ins on PATH here that record their arguments, so the test
    /// sees exactly what the desktop would be given: the app's name and purpose, and a working one-time link.
    @Test func theAgentNotifiesTheDesktopAndOpensTheLink() async throws {
        try Self.requireBrowser()
        let world = try await World.make()
        let bin = FileManager.default.temporaryDirectory.appendingPathComponent("desktop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: bin) }
        let notified = bin.appendingPathComponent("notify.log")
        let opened = bin.appendingPathComponent("open.log")
        try Self.recordingScript(at: bin.appendingPathComponent("notify-send"), into: notified)
        try Self.recordingScript(at: bin.appendingPathComponent("xdg-open"), into: opened)

        let agent = try AgentProcess(
            world, ["--open"], environment: ["PATH": "\(bin.path):/usr/bin:/bin", "DISPLAY": ":99"])
        defer { agent.stop() }

        let app = world.fixture.appStore()
        let granted = AccessRequest(app)
        let id = try #require(try await world.waitForRequests(1).first?.id)
        let notification = try #require(try await Self.offPool { Self.waitForLines(in: notified, count: 4) })
        let link = try #require(try await Self.offPool { Self.waitForLines(in: opened, count: 1) }?.first)

        // notify-send gets the app's name in the headline and its purpose and link in the body; no line is printed.
        #expect(notification[0] == "--app-name=Contacts")
        #expect(notification[1] == "Daemon Tests would like to access your contacts")
        #expect(notification.count >= 4)
        #expect(notification.last == link)
        #expect(link.hasPrefix("\(world.screens.origin)/enter/"))
        // xdg-open was given its own link (links are single use), and it opens the request's screen.
        let entered = try await Self.browse("links", ["enter": link])
        #expect(entered["status"] as? Int == 303)
        #expect(entered["location"] as? String == "/requests/\(id)")
        #expect(world.screens.backend.answer(id, with: .deny, uid: geteuid()))
        _ = try? await granted.value()
    }

    /// A shell script that appends each of its arguments to `log` as a line.
    private static func recordingScript(at url: URL, into log: URL) throws {
        let script = "#!/bin/sh\nfor argument in \"$@\"; do printf '%s\\n' \"$argument\" >> '\(log.path)'; done\n"
        try script.write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    }

    /// The file's lines once it has at least `count` of them; nil after a minute.
    private static func waitForLines(in url: URL, count: Int) -> [String]? {
        for _ in 0..<600 {
            if let text = try? String(contentsOf: url, encoding: .utf8) {
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
                if lines.count >= count { return lines }
            }
            usleep(100_000)
        }
        return nil
    }
}
