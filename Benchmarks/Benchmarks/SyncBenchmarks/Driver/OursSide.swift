import ContactsSync
import ContactsSystem
import Foundation
import Synchronization

/// Our side: the driver runs itself again as a child process per sync, so the child's peak memory is the sync's
/// alone (not the driver's generated cards) and is read by wait4 like vdirsyncer's.
///
/// `ours-initial <folder> <book URL>`: a fresh store, `addAccount` and a first sync.
/// `ours-sync <folder>`: one more sync of the store's account.
/// The child prints `ours <seconds> <downloaded> <skipped>`, timed from before the store opens, and a line of
/// when each phase began, to show where the time goes.
enum OursSide {
    struct Outcome {
        var process: ChildProcess.Outcome
        /// Seconds inside the child, from opening the store to the end of the sync.
        var inside: Double
        var downloaded: Int
        var skipped: Int
        /// When each phase began, seconds from the child's start: `account 0.00 listing 0.05 ...`.
        var phases: String
    }

    /// Runs one of our syncs in a child process.
    static func run(_ arguments: [String], folder: URL) throws -> Outcome {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let process = try ChildProcess(
            executable: executable, arguments: arguments, logFile: folder.appendingPathComponent("\(arguments[0]).log")
        ).runChecked()
        guard let line = process.output.split(separator: "\n").last(where: { $0.hasPrefix("ours ") }) else {
            throw DriverError("our sync printed no figures: \(process.output.suffix(2000))")
        }
        let fields = line.split(separator: " ")
        let phases = process.output.split(separator: "\n").last { $0.hasPrefix("phases ") }?.dropFirst(7) ?? ""
        return Outcome(
            process: process, inside: Double(fields[1]) ?? 0, downloaded: Int(fields[2]) ?? 0,
            skipped: Int(fields[3]) ?? 0,
            phases: String(phases))
    }

    /// The child's side: runs the sync the arguments name and prints its figures.
    static func child(_ arguments: [String]) async throws {
        let folder = URL(fileURLWithPath: arguments[1])
        let start = ContinuousClock.now
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let accounts = CardDAVAccounts(
            store: CNContactStore(url: folder.appendingPathComponent("Contacts.sqlite")),
            credentialStorages: [FileCredentialStorage(directory: folder.appendingPathComponent("credentials"))])
        let accountIdentifier: String
        if arguments[0] == "ours-initial", arguments.count > 2, let url = URL(string: arguments[2]) {
            accountIdentifier = try await accounts.addAccount(
                url: url,
                credentials: CardDAVCredentials(username: BenchmarkServer.username, password: BenchmarkServer.password),
                name: "Benchmark"
            ).identifier
        } else {
            guard let account = try accounts.accounts().first else { throw DriverError("the store has no account") }
            accountIdentifier = account.identifier
        }
        let phases = Mutex<[(String, Duration)]>([("sync", ContinuousClock.now - start)])
        var total = SyncSummary()
        let summaries = try await accounts.sync(accountIdentifier: accountIdentifier) { progress in
            let now = ContinuousClock.now - start
            phases.withLock { list in
                if list.last?.0 != progress.phase.rawValue { list.append((progress.phase.rawValue, now)) }
            }
        }
        for summary in summaries { total.add(summary) }
        let elapsed = ContinuousClock.now - start
        print("ours \(elapsed.seconds) \(total.downloaded) \(total.skipped.count)")
        let marks = phases.withLock { $0 }.map { "\($0.0) \(String(format: "%.2f", $0.1.seconds))" }
        print("phases " + (marks + ["end \(String(format: "%.2f", elapsed.seconds))"]).joined(separator: " "))
    }
}
