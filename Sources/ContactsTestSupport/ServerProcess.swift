import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A server started by a test as a child process on 127.0.0.1, stopped when the value is released.
package final class ServerProcess: @unchecked Sendable {
    // SAFETY: `process` is replaced only by start(), which tests call from one task; the rest is immutable.
    // TODO: issue 15 — a Mutex would make this checkable if tests ever restart servers from several tasks.
    private var process: Process?
    package let executable: URL
    package let arguments: [String]
    package let port: Int
    package let logFile: URL
    package let environment: [String: String]

    package init(executable: URL, arguments: [String], port: Int, logFile: URL, environment: [String: String] = [:]) {
        self.executable = executable
        self.arguments = arguments
        self.port = port
        self.logFile = logFile
        self.environment = environment
    }

    deinit {
        stop()
    }

    /// Starts the process and waits until its port accepts connections.
    package func start(timeout: TimeInterval = 30) throws {
        // A failure to create it shows at once: opening it for writing below throws.
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        let log = try FileHandle(forWritingTo: logFile)
        log.seekToEndOfFile()
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment.merge(self.environment) { _, new in new }
        process.environment = environment
        process.standardOutput = log
        process.standardError = log
        process.standardInput = FileHandle.nullDevice
        try process.run()
        self.process = process
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if !process.isRunning {
                let output = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
                throw ServerError(
                    "\(executable.lastPathComponent) \(arguments.first ?? "") exited at start: \(output.suffix(2000))")
            }
            if Self.accepts(port: port) { return }
            usleep(50_000)
        }
        throw ServerError("the server on port \(port) did not start within \(Int(timeout)) s")
    }

    /// Stops the process and waits for it.
    ///
    /// SIGKILL, not SIGTERM: a child started from the test runner inherits its blocked signals, and the Python
    /// servers then never see a SIGTERM. A test server has nothing to save.
    package func stop() {
        kill()
    }

    /// Kills the process at once (SIGKILL), as a crash or a pulled plug would.
    package func kill() {
        guard let process, process.isRunning else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    package var isRunning: Bool { process?.isRunning ?? false }

    /// Whether something listens on a port of 127.0.0.1.
    package static func accepts(port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    /// Every port handed out in this test run (one set for every test target, which share this process): the kernel may give a port it gave another test again once that
    /// test closed its probe, before that test's server bound it; two servers then race for one port, and a test
    /// can end up talking to another test's server (a Radicale asking a Xandikos test for a password).
    private static let handedOut = Mutex<Set<Int>>([])

    /// A port of 127.0.0.1 that nothing listens on now and that no other test of this run was given.
    package static func freePort() throws -> Int {
        for _ in 0..<100 {
            let port = try probePort()
            let isNew = handedOut.withLock { $0.insert(port).inserted }
            if isNew { return port }
        }
        throw ServerError("no fresh port")
    }

    /// A port the kernel says is free now.
    private static func probePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ServerError("no socket") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { throw ServerError("cannot bind a port") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// The python3 on PATH.
    package static func python() throws -> URL {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("python3")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw ServerError(
            "python3 is not on PATH; the CardDAV tests need it to run Radicale and Xandikos (.ci/run installs them)")
    }

    /// Fails with a clear message when a Python module is missing.
    package static func requireModule(_ module: String, package: String) throws {
        let process = Process()
        process.executableURL = try python()
        process.arguments = ["-c", "import \(module)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ServerError(
                "\(package) is not installed: run `pip install radicale xandikos` (.ci/run installs them)")
        }
    }
}
