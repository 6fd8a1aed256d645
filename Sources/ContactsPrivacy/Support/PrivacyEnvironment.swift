import Foundation

/// The outside world as the privacy layer sees it: time, environment variables, files and a clock.
///
/// Every function in this module that reads the clock, the process environment or a file takes an
/// environment, so tests replace each piece with a fixed value and run in parallel without global state.
///
/// ```swift
/// var environment = PrivacyEnvironment.live
/// environment.variable = { name in name == "CONTACTS_CONSENT" ? "deny" : nil }
/// let agent = ConsentAgents.standard(environment: environment)
/// ```
///
/// Parity: our addition; Apple's privacy system has no public equivalent.
public struct PrivacyEnvironment: Sendable {
    /// The current date, used for the time a decision was made.
    public var now: @Sendable () -> Date
    /// The value of a process environment variable, or nil when it is not set.
    public var variable: @Sendable (String) -> String?
    /// The URL of the running executable, whose folder holds the app's `Info.plist`.
    public var executableURL: @Sendable () -> URL?
    /// The contents of a file, nil when no file exists at the URL; throws when it exists but cannot be read.
    public var readFile: @Sendable (URL) throws -> Data?
    /// The clock that measures waits, such as a consent prompt's lifetime.
    public var clock: any Clock<Duration>

    /// Creates an environment from its parts.
    ///
    /// - Parameters:
    ///   - now: Returns the current date.
    ///   - variable: Returns an environment variable's value.
    ///   - executableURL: Returns the running executable's URL.
    ///   - readFile: Returns a file's contents, or nil when it does not exist.
    ///   - clock: The clock for waits.
    public init(
        now: @escaping @Sendable () -> Date,
        variable: @escaping @Sendable (String) -> String?,
        executableURL: @escaping @Sendable () -> URL?,
        readFile: @escaping @Sendable (URL) throws -> Data?,
        clock: any Clock<Duration>
    ) {
        self.now = now
        self.variable = variable
        self.executableURL = executableURL
        self.readFile = readFile
        self.clock = clock
    }

    /// The real process: the system clock, `ProcessInfo`'s environment, `Bundle.main` and the file system.
    public static var live: PrivacyEnvironment {
        PrivacyEnvironment(
            now: { Date() },
            // getenv(3), not ProcessInfo's dictionary: the policy is read on every call, and building the
            // dictionary of every variable took a fifth of an embedded fetch by identifier (perf, DaemonDriver).
            variable: { name in getenv(name).map { String(cString: $0) } },
            executableURL: { Bundle.main.executableURL },
            readFile: { url in
                guard FileManager.default.fileExists(atPath: url.path) else { return nil }
                return try Data(contentsOf: url)
            },
            clock: ContinuousClock()
        )
    }
}
