import ContactsClient
import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsDaemon

/// contactsd sets memory aside for SQLite's page cache when it starts (`--sqlite-page-cache-mib`), so a fresh
/// daemon's first calls do not pay for the heap's growth (docs/Daemon.md, "A fresh daemon's first reads").
@Suite struct DaemonPageCacheTests {
    private typealias DaemonProcess = DaemonCrashTests.DaemonProcess

    /// The resident set of a process, from the kernel's view (`VmRSS` in /proc/PID/status), in bytes.
    private static func residentBytes(of process: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        let kilobytes = try #require(line.split(separator: " ").compactMap { Int($0) }.first)
        return kilobytes * 1_024
    }

    /// A daemon's resident set once it answered an app's first call, started with `arguments`.
    private static func residentAfterFirstCall(arguments: [String]) throws -> Int {
        let daemon = try DaemonProcess()
        try daemon.start(arguments: arguments)
        defer { daemon.stop() }
        let app = CNContactStore(connection: DaemonConnection(socketPath: daemon.socket))
        _ = try DaemonCrashTests.eventually { try ContactFixtures.identifiers(in: app) }
        return try residentBytes(of: try #require(daemon.processIdentifier))
    }

    @Test func theMemorySetAsideIsTouchedBeforeTheFirstCall() throws {
        let without = try Self.residentAfterFirstCall(arguments: ["--sqlite-page-cache-mib", "0"])
        let with = try Self.residentAfterFirstCall(arguments: ["--sqlite-page-cache-mib", "64"])
        // 64 MiB resident beyond the daemon without it (less a little: the lines that do not fill the last page).
        #expect(with - without >= 63 << 20, "resident \(with) with 64 MiB set aside, \(without) without")
    }

    @Test func aStoreLargerThanThePageCacheSetAsideIsServedWhole() throws {
        let daemon = try DaemonProcess()
        // 1 MiB is about 240 pages; the store below takes several times that, so SQLite reads past the set-aside lines.
        try daemon.start(arguments: ["--sqlite-page-cache-mib", "1"])
        defer { daemon.stop() }
        let app = CNContactStore(connection: DaemonConnection(socketPath: daemon.socket))
        _ = try DaemonCrashTests.eventually { try ContactFixtures.identifiers(in: app) }
        var saved: [String: String] = [:]
        for round in 0..<6 {
            let request = CNSaveRequest()
            for index in 0..<500 {
                let contact = ContactFixtures.person(
                    "Given\(round)x\(index)", "Family\(index % 97)",
                    phones: ["+1 415 555 \(1_000 + index)", "+44 20 7946 \(1_000 + round)"])
                contact.organizationName = String(repeating: "o\(index) ", count: 60)
                request.add(contact, toContainerWithIdentifier: nil)
                saved[contact.identifier] = contact.givenName
            }
            try app.execute(request)
        }
        let keys = [CNContactGivenNameKey, CNContactPhoneNumbersKey, CNContactOrganizationNameKey].map {
            $0 as CNKeyDescriptor
        }
        var read: [String: String] = [:]
        try app.enumerateContacts(with: CNContactFetchRequest(keysToFetch: keys)) { contact, _ in
            #expect(contact.phoneNumbers.count == 2)
            #expect(contact.organizationName.count >= 60 * 3)
            read[contact.identifier] = contact.givenName
        }
        #expect(read == saved)
    }

    @Test(arguments: ["-1", "4097", "many"])
    func aPageCacheSizeOutOfRangeIsRefusedAtStart(_ value: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Installation.product("contactsd"))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pagecache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        process.arguments = [
            "--socket", directory.appendingPathComponent("s.sock").path, "--state", directory.path,
            "--registry", directory.path, "--sqlite-page-cache-mib", value,
        ]
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        #expect(message.contains("sqlite-page-cache-mib"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("s.sock").path))
    }
}
