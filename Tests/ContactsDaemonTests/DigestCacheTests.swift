import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsDaemon

/// The daemon hashes a connecting app's executable once and reuses the digest while the file is unchanged; an
/// attacker who changes the registered file after its digest was cached gets no data, whether they write it in
/// place (keeping its size and setting its modification time back) or replace it by rename.
///
/// The app is a copy of python3 running the Python client of PythonClientTests (needs python3 with protobuf).
@Suite struct DigestCacheTests {
    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Python/client.py")
    private static let bundleIdentifier = "org.example.copied"

    /// A copy of python3 with a page of padding after its ELF data: a byte changed there leaves it runnable.
    private static func copyOfPython(in directory: URL) throws -> String {
        let python = try UnprivilegedApp.python3()
        let check = try UnprivilegedApp.run([python, "-c", "import google.protobuf"])
        try #require(
            check.status == 0, "python3 has no protobuf module (pip install protobuf==4.21.12): \(check.output)")
        let copy = directory.appendingPathComponent("python3").path
        var bytes = try Data(contentsOf: URL(fileURLWithPath: python))
        bytes.append(Data(count: 4_096))
        try bytes.write(to: URL(fileURLWithPath: copy))
        chmod(copy, 0o755)
        return copy
    }

    /// Runs the client as the copy; its lines.
    private static func run(_ executable: String, socket: String) throws -> [String] {
        let result = try UnprivilegedApp.run([executable, script.path, socket])
        return result.output.split(separator: "\n").map(String.init)
    }

    /// A fixture with Ann, and the copy registered with full access.
    private static func fixture(registering executable: String) throws -> DaemonFixture {
        let fixture = try DaemonFixture(registered: false)
        try AppRegistry.register(
            executable: executable, bundleIdentifier: bundleIdentifier, usageDescription: "Tests the digest cache.",
            in: fixture.daemon.configuration.registryDirectory)
        try ContactFixtures.save([ContactFixtures.person("Ann", "Lee")], in: fixture.person)
        try fixture.person.accessControls().setAccess(.full, for: bundleIdentifier)
        return fixture
    }

    private static func modificationTime(of path: String) throws -> timespec {
        var status = stat()
        try #require(stat(path, &status) == 0)
        return status.st_mtim
    }

    @Test func aRegisteredBinaryWrittenInPlaceAfterItsDigestWasCachedGetsNoData() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("digest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = try Self.copyOfPython(in: directory)
        let fixture = try Self.fixture(registering: copy)
        let socket = fixture.daemon.configuration.socketPath
        #expect(try Self.run(copy, socket: socket).contains("contact Ann Lee"), "the registered copy reads")
        #expect(
            try Self.run(copy, socket: socket).contains("contact Ann Lee"), "and reads again, from the cached digest")

        // The attacker changes one byte in place, keeps the size, and sets the modification time back.
        let before = try Self.modificationTime(of: copy)
        let handle = try #require(FileHandle(forUpdatingAtPath: copy))
        try handle.seek(toOffset: try handle.seekToEnd() - 1)
        try handle.write(contentsOf: Data([1]))
        try handle.close()
        // UTIME_OMIT ((1 << 30) - 2, a macro Swift does not import) leaves the access time as it is.
        var times = [timespec(tv_sec: 0, tv_nsec: (1 << 30) - 2), before]
        #expect(utimensat(AT_FDCWD, copy, &times, 0) == 0)
        #expect(try Self.modificationTime(of: copy).tv_sec == before.tv_sec)
        #expect(try Self.modificationTime(of: copy).tv_nsec == before.tv_nsec)

        let lines = try Self.run(copy, socket: socket)
        #expect(lines.first == "refused 100", "\(lines)")
        #expect(!lines.contains("contact Ann Lee"))
    }

    @Test func aRegisteredBinaryReplacedByRenameAfterItsDigestWasCachedGetsNoData() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("digest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = try Self.copyOfPython(in: directory)
        let fixture = try Self.fixture(registering: copy)
        let socket = fixture.daemon.configuration.socketPath
        #expect(try Self.run(copy, socket: socket).contains("contact Ann Lee"), "the registered copy reads")

        // Another file, the same size, with one byte changed, renamed over the registered path.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: copy))
        bytes[bytes.count - 1] = 1
        let replacement = directory.appendingPathComponent("python3.new").path
        try bytes.write(to: URL(fileURLWithPath: replacement))
        chmod(replacement, 0o755)
        #expect(rename(replacement, copy) == 0)

        let lines = try Self.run(copy, socket: socket)
        #expect(lines.first == "refused 100", "\(lines)")
        #expect(!lines.contains("contact Ann Lee"))
    }
}
