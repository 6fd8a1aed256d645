import ContactsSystem
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A real `contactsd` process on a socket in a temporary directory, with this driver's executable registered as
/// an app (so its `CNContactStore()` is served by the daemon).
final class DaemonProcess {
    static let bundleIdentifier = "org.swift-contacts.benchmarks.daemon"
    static let usageDescription = "Measures contactsd beside the embedded store."
    /// The same app, embedded: the identity the registry entry gives it (with the notes entitlement, since the
    /// operations fetch all keys but the image).
    static let identity = AppIdentity(
        bundleIdentifier: bundleIdentifier, displayName: "Daemon benchmark", usageDescription: usageDescription,
        entitlements: AppEntitlements(granted: [AppEntitlements.contactsNotesKey]))

    let directory: URL
    let socketPath: String
    private let process = Process()
    private let log: URL

    /// The state directory's store for a uid: where the daemon serves that user's book from.
    static func storeURL(state: URL, uid: uid_t) -> URL {
        state.appendingPathComponent("users/\(uid)/Contacts.sqlite")
    }

    /// Registers this executable (the administrator's registry format, docs/Daemon.md) and starts the daemon
    /// on the state directory, waiting until its socket accepts connections.
    init(executable contactsd: String, directory: URL, state: URL) throws {
        self.directory = directory
        let registry = directory.appendingPathComponent("apps")
        try FileManager.default.createDirectory(at: registry, withIntermediateDirectories: true)
        try Self.register(in: registry)
        // Unix socket paths are short (108 bytes): keep it at the temporary directory's root.
        socketPath =
            FileManager.default.temporaryDirectory.appendingPathComponent("dd-\(UUID().uuidString.prefix(8)).sock").path
        log = directory.appendingPathComponent("contactsd.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let arguments = ["--socket", socketPath, "--state", state.path, "--registry", registry.path]
        // CONTACTSD_WRAPPER runs the daemon under another program (a profiler, strace), words split at spaces.
        // Valgrind 3.19 does not get far with it: it cannot read contactsd's debug information, and with that
        // stripped (objcopy --strip-debug) it fails inside itself (SIGSEGV) once the daemon starts serving.
        if let wrapper = ProcessInfo.processInfo.environment["CONTACTSD_WRAPPER"], !wrapper.isEmpty {
            let words = wrapper.split(separator: " ").map(String.init)
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = words + [contactsd] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: contactsd)
            process.arguments = arguments
        }
        let output = try FileHandle(forWritingTo: log)
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let deadline = ContinuousClock.now + .seconds(60)
        while !Self.isSocket(socketPath) {
            guard process.isRunning, ContinuousClock.now < deadline else {
                throw DriverError("contactsd did not start: \(logText)")
            }
            usleep(20_000)
        }
        // The file appears at bind(2), a moment before listen(2).
        usleep(200_000)
    }

    var pid: pid_t { process.processIdentifier }

    var logText: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    /// A line of `/proc/PID/status` in kilobytes (`VmHWM`: the peak resident set; `VmRSS`: the current one).
    func statusKilobytes(_ field: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("\(field):") {
            return Int(line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces).split(separator: " ")[0])
        }
        return nil
    }

    /// The daemon's memory now: `VmHWM` (peak resident set), `VmRSS`, and its anonymous and file-backed parts
    /// (`RssAnon`; `RssFile` counts the pages of the store file SQLite maps, which the kernel can drop).
    var memory: String {
        let fields = ["VmHWM", "VmRSS", "RssAnon", "RssFile"].map { field in
            "\(field) \((statusKilobytes(field) ?? 0) / 1024) MB"
        }
        return fields.joined(separator: ", ")
    }

    /// How many sockets the daemon holds open (its listening socket and one per connection).
    func openSockets() -> Int {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        return fds.filter { name in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(name)"))?.hasPrefix(
                "socket:") == true
        }.count
    }

    /// Stops the daemon as its unit would (SIGTERM) and waits for it.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
        unlink(socketPath)
    }

    deinit {
        stop()
    }

    /// Writes this executable's registry entry: its real path and SHA-256, owned by root, mode 0644.
    private static func register(in registry: URL) throws {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let entry: [String: Any] = [
            "bundleIdentifier": bundleIdentifier, "displayName": "Daemon benchmark", "executable": executable,
            "sha256": try sha256(of: executable), "usageDescription": usageDescription,
            "entitlements": [AppEntitlements.contactsNotesKey],
        ]
        let file = registry.appendingPathComponent("\(bundleIdentifier).json")
        try JSONSerialization.data(withJSONObject: entry).write(to: file)
        chmod(file.path, 0o644)
    }

    /// The file's SHA-256 from coreutils' `sha256sum`: the driver needs it once, and links no crypto library.
    private static func sha256(of path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, let digest = output.split(separator: " ").first, digest.count == 64 else {
            throw DriverError("sha256sum failed on \(path)")
        }
        return String(digest)
    }

    private static func isSocket(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFSOCK
    }
}

struct DriverError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
