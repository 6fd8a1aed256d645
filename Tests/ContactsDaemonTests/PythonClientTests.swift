import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsDaemon

/// A client in another language, written from docs/Protocol.md and the .proto alone, talks to the daemon: the
/// protocol is specified well enough to implement (issue 13). Needs python3 with protobuf (.ci/run installs it).
@Suite struct PythonClientTests {
    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Python/client.py")

    @Test func aPythonClientStreamsContactsWithFlowControl() throws {
        let python = try UnprivilegedApp.python3()
        let check = try UnprivilegedApp.run([python, "-c", "import google.protobuf"])
        try #require(
            check.status == 0, "python3 has no protobuf module (pip install protobuf==4.21.12): \(check.output)")
        let fixture = try DaemonFixture(registered: false)
        try AppRegistry.register(
            executable: python, bundleIdentifier: "org.example.python", usageDescription: "Tests the protocol.",
            in: fixture.daemon.configuration.registryDirectory)
        try ContactFixtures.save(
            ["Ann", "Bob", "Cid", "Dee", "Eve"].map { ContactFixtures.person($0, "Lee") }, in: fixture.person)
        try fixture.person.accessControls().setAccess(.full, for: "org.example.python")
        let result = try UnprivilegedApp.run([python, Self.script.path, fixture.daemon.configuration.socketPath])
        #expect(result.status == 0, "\(result.output)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "bundle org.example.python", "the daemon named the process from its executable")
        #expect(lines.contains("status 3"))
        #expect(
            lines.filter { $0.hasPrefix("contact ") }
                == ["Ann", "Bob", "Cid", "Dee", "Eve"].map { "contact \($0) Lee" })
        #expect(lines.contains("batches 3"), "five contacts in batches of two: 2, 2, 1")
        #expect(lines.contains("fetched Ann"))
        #expect(lines.contains("note error 102"), "errors carry Apple's codes")
        #expect(
            lines.contains(
                "history drop_everything add_contact add_contact add_contact add_contact add_contact in 4 batches"),
            "six events in batches of two, then an empty last one")
        #expect(lines.contains("link reason error 200"))
        #expect(lines.last == "done")
    }
}
