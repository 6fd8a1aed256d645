import Foundation

/// `contacts agent` on a test daemon's socket, as the person starts it, its output and errors in one pipe. A
/// stuck agent must not hang the suite: it is killed after two minutes, and by ``stop()``.
final class AgentProcess {
    let output = Pipe()
    private let process = Process()

    /// - Parameters:
    ///   - arguments: Options before `--socket` (`--open`).
    ///   - environment: Added to a bare one (no display unless given: the agent then prints a line instead of a
    ///     desktop notification).
    init(_ world: ScreensBrowserTests.World, _ arguments: [String] = [], environment: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: world.agent)
        process.arguments = ["agent"] + arguments + ["--socket", world.fixture.daemon.configuration.socketPath]
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()].merging(environment) { _, new in
            new
        }
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + 120) { kill(pid, SIGKILL) }
    }

    /// Ends the agent. SIGKILL: the test runner's blocked signals are inherited, so SIGTERM may never arrive.
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Reads the agent's output line by line.
    func lines() -> ReducedAccessTests.LineReader {
        ReducedAccessTests.LineReader(output.fileHandleForReading)
    }
}
