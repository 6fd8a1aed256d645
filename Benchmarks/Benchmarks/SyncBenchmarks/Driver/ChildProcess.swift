import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A command run as a child process with posix_spawn and reaped with wait4, so its wall time and its peak
/// resident memory (the kernel's `ru_maxrss`) are read the same way for every side of the benchmark.
struct ChildProcess {
    /// What a finished child did.
    struct Outcome {
        var status: Int32
        var seconds: Double
        /// Processor time, user and system, of the child and the children it waited for.
        var cpuSeconds: Double
        /// Peak resident set size, in kilobytes (Linux reports `ru_maxrss` in KiB).
        var peakKilobytes: Int
        var output: String
    }

    let executable: String
    let arguments: [String]
    /// Where the child's standard output and error go.
    let logFile: URL

    /// Starts the child; returns its process identifier.
    func spawn() throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, logFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard result == 0 else { throw DriverError("cannot start \(executable): error \(result)") }
        return pid
    }

    /// Runs the child to its end.
    func run() throws -> Outcome {
        let start = ContinuousClock.now
        let pid = try spawn()
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw DriverError("wait4 failed: errno \(errno)") }
        }
        let elapsed = ContinuousClock.now - start
        let output = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
        // A normal exit keeps its code in bits 8-15; a signal death is reported as 128 + the signal.
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let cpu =
            Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(
                usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return Outcome(
            status: code, seconds: elapsed.seconds, cpuSeconds: cpu, peakKilobytes: usage.ru_maxrss, output: output)
    }

    /// Runs the child and fails with its output when it does not exit with 0.
    func runChecked() throws -> Outcome {
        let outcome = try run()
        guard outcome.status == 0 else {
            let name = URL(fileURLWithPath: executable).lastPathComponent
            let command = ([name] + arguments.prefix(3)).joined(separator: " ")
            throw DriverError("\(command) exited with \(outcome.status): \(outcome.output.suffix(3000))")
        }
        return outcome
    }

    /// The first executable of a name on PATH, or in the folder of the Python that PATH finds (pip's scripts).
    static func find(_ name: String, nextTo python: String? = nil) throws -> String {
        if let python {
            let candidate = URL(fileURLWithPath: python).deletingLastPathComponent().appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw DriverError("\(name) is not on PATH (pip install radicale==3.9.0 vdirsyncer==0.21.0)")
    }
}

/// A failure of the driver, with what to do about it.
struct DriverError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
