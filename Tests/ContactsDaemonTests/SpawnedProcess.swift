import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which the Glibc module does not import.
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func closeFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32) -> Int32

/// A process started with `posix_spawn`, not Foundation's `Process`, for programs that close every descriptor
/// they did not create, as `systemd-socket-activate` does before it runs the daemon.
///
/// Foundation's `Process` watches a descriptor its child inherits and takes that descriptor's closing for the
/// child's exit: it then waits in `waitpid` for the still running child on the one thread that watches every
/// `Process` of the test run, and no other `Process` is seen to end until that child does.
final class SpawnedProcess: @unchecked Sendable {
    // SAFETY: `status` is read and written by the test thread that owns the process only.
    let processIdentifier: pid_t
    private var status: Int32?

    /// Runs `arguments[0]` (a path) with the rest as its arguments, this process's environment plus `environment`,
    /// standard input from /dev/null and standard output and error appended to `output`, every signal at its
    /// default and none blocked but `blockedSignals` (a test's thread blocks most signals, and a child would
    /// inherit that mask), as Foundation's `Process` starts its children.
    init(
        _ arguments: [String], environment: [String: String] = [:], output: String = "/dev/null",
        blockedSignals: [Int32] = []
    ) throws {
        var variables = ProcessInfo.processInfo.environment
        variables.merge(environment) { $1 }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Nothing else of the test process: a child holding another `Process`'s watched descriptor would hide
        // that process's exit from Foundation until the child ends.
        guard closeFrom(&actions, 3) == 0 else { throw POSIXError(.EINVAL) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var blocked = sigset_t()
        sigemptyset(&blocked)
        for signal in blockedSignals { sigaddset(&blocked, signal) }
        posix_spawnattr_setsigmask(&attributes, &blocked)
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let result = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL)
        }
        processIdentifier = pid
    }

    /// Whether the process has not ended (reaping it if it has).
    var isRunning: Bool {
        guard status == nil else { return false }
        var raw: Int32 = 0
        if waitpid(processIdentifier, &raw, WNOHANG) == processIdentifier {
            status = raw
            return false
        }
        return true
    }

    /// The program the process runs now (`/proc/PID/exe`): an `exec` changes it, the process identifier stays.
    func executable() throws -> String {
        try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(processIdentifier)/exe")
    }

    /// Waits for the process to end and returns its raw wait status.
    @discardableResult
    func wait() -> Int32 {
        if let status { return status }
        var raw: Int32 = 0
        while waitpid(processIdentifier, &raw, 0) == -1, errno == EINTR {}
        status = raw
        return raw
    }

    /// SIGTERM, then waits for the end.
    func terminate() {
        guard isRunning else { return }
        kill(processIdentifier, SIGTERM)
        wait()
    }

    /// SIGKILL, then waits for the end: for cleanup, which must not wait on a process that ignores SIGTERM. Only
    /// a process not yet reaped is signalled, so a reused process identifier is never hit.
    func forceStop() {
        guard isRunning else { return }
        kill(processIdentifier, SIGKILL)
        wait()
    }

    /// Polls until `path` exists; false when the process ended first or `seconds` passed.
    func waitForFile(_ path: String, seconds: Double = 30) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !FileManager.default.fileExists(atPath: path), isRunning, Date() < deadline { usleep(20_000) }
        return FileManager.default.fileExists(atPath: path)
    }

    /// Polls until the process ends; false when `seconds` passed first.
    func waitForExit(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning, Date() < deadline { usleep(20_000) }
        return !isRunning
    }

    deinit {
        forceStop()
    }
}
