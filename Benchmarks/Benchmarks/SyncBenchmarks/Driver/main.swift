import ContactsSampleData
import Foundation

// CardDAV sync, ours beside vdirsyncer, against the same Radicale server in the same run (issue 15):
//   swift run -c release SyncBenchmarkDriver [cards] [initial rounds] [incremental rounds]
// defaults 10000 3 5. Each side runs as a child process; the table gives each one's wall time (process start
// to exit, so Python's start-up counts for vdirsyncer as our store opening counts for us), processor time and
// peak RSS (wait4), and Radicale's processor time serving each.
// SYNC_BENCH_KEEP=1 keeps the folder (server storage, logs, stores, vdirs).
let arguments = CommandLine.arguments
if arguments.count > 1, arguments[1].hasPrefix("ours-") {
    try await OursSide.child(Array(arguments.dropFirst()))
    exit(0)
}
let count = arguments.count > 1 ? Int(arguments[1]) ?? 10_000 : 10_000
let initialRounds = arguments.count > 2 ? Int(arguments[2]) ?? 3 : 3
let incrementalRounds = arguments.count > 3 ? Int(arguments[3]) ?? 5 : 5
let changedPerRound = 10

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("contacts-sync-bench-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer {
    if ProcessInfo.processInfo.environment["SYNC_BENCH_KEEP"] == nil { try? FileManager.default.removeItem(at: folder) }
}
let python = try ChildProcess(
    executable: try ChildProcess.find("python3"), arguments: ["-c", "import sys; print(sys.executable)"],
    logFile: folder.appendingPathComponent("python.log")
).runChecked().output.trimmingCharacters(in: .whitespacesAndNewlines)
let versions = try ChildProcess(
    executable: python,
    arguments: [
        "-c",
        "from importlib.metadata import version as v; print('Radicale', v('radicale') + ',', 'vdirsyncer', v('vdirsyncer'))",
    ],
    logFile: folder.appendingPathComponent("versions.log")
).runChecked().output.trimmingCharacters(in: .whitespacesAndNewlines)
let vdirsyncer = try ChildProcess.find("vdirsyncer", nextTo: python)

// The realistic address book, fixed seed: the same cards every run.
var book = RealisticAddressBook(seed: 7)
let cards: [(uid: String, text: String)] = (0..<count).map { _ in
    let text = book.nextCard()
    let uid =
        text.split(separator: "\r\n").first { $0.hasPrefix("UID:") }.map { String($0.dropFirst(4)) }
        ?? UUID().uuidString
    return (uid, text)
}
let server = try BenchmarkServer(python: python, directory: folder.appendingPathComponent("server"))
let setupStart = ContinuousClock.now
try server.start(cards: cards)
try server.warm()
print("\(versions); \(count) cards written and Radicale warmed in \(format(ContinuousClock.now - setupStart)) s")

var initial = Results()
var oursFolder = folder
var syncer: Vdirsyncer?
for round in 0..<initialRounds {
    // Fresh client state each round; the previous round's is removed once the next one exists.
    let previous = (oursFolder, syncer?.directory)
    oursFolder = folder.appendingPathComponent("ours-\(round)")
    let prepared = try Vdirsyncer.prepare(
        executable: vdirsyncer, directory: folder.appendingPathComponent("vdirsyncer-\(round)"),
        bookURL: server.bookURL,
        username: BenchmarkServer.username, password: BenchmarkServer.password)
    syncer = prepared
    // The order alternates, so neither side always finds the server's caches as the other left them.
    let sides = try inOrder(round, server: server) {
        try OursSide.run(["ours-initial", oursFolder.path, server.bookURL.absoluteString], folder: folder)
    } vdirsyncer: {
        try prepared.run("sync")
    }
    guard sides.ours.downloaded == count, try prepared.cardCount() == count else {
        throw DriverError(
            "round \(round): ours took \(sides.ours.downloaded), vdirsyncer \(try prepared.cardCount()) of \(count)")
    }
    initial.add(sides)
    print(initial.line("initial sync, round \(round + 1)", index: round, extra: "ours: \(sides.ours.phases)"))
    if round > 0 {
        try? FileManager.default.removeItem(at: previous.0)
        if let old = previous.1 { try? FileManager.default.removeItem(at: old) }
    }
}

var incremental = Results()
if let syncer {
    for round in 0..<incrementalRounds {
        // Another client edits 10 cards spread over the book: each gains a home phone number.
        for step in 0..<changedPerRound {
            let card = cards[(step * (count / changedPerRound) + round) % count]
            let changed = card.text.replacingOccurrences(
                of: "UID:", with: "TEL;type=HOME:+1 555 010 \(round)\(step)\r\nUID:")
            try server.put(uid: card.uid, text: changed)
        }
        let sides = try inOrder(round, server: server) {
            try OursSide.run(["ours-sync", oursFolder.path], folder: folder)
        } vdirsyncer: {
            try syncer.run("sync")
        }
        guard sides.ours.downloaded == changedPerRound else {
            throw DriverError("incremental round \(round): ours took \(sides.ours.downloaded) of \(changedPerRound)")
        }
        incremental.add(sides)
        print(
            incremental.line(
                "incremental, \(changedPerRound) changed, round \(round + 1)", index: round,
                extra: "ours: \(sides.ours.phases)"))
    }
}
server.stop()

print(
    """

    CardDAV sync of \(count) realistic cards from Radicale on 127.0.0.1, \
    \(ProcessInfo.processInfo.activeProcessorCount) cores (load average before: \(loadAverage))
    \(versions); medians; s = wall, process start to exit; CPU = user + system; \
    RSS = peak resident set (wait4)
    """)
print(Results.header)
print(initial.summary("initial sync (\(initialRounds) rounds)"))
print(incremental.summary("incremental, \(changedPerRound) of \(count) changed (\(incrementalRounds))"))
print(initial.serverSummary("initial"))
print(incremental.serverSummary("incremental"))

/// Runs both sides, ours first in even rounds, reading the server's processor time around each.
func inOrder(
    _ round: Int, server: BenchmarkServer, ours: () throws -> OursSide.Outcome,
    vdirsyncer: () throws -> ChildProcess.Outcome
) throws -> Sides {
    func measured<T>(_ body: () throws -> T) throws -> (T, Double) {
        let before = server.cpuSeconds()
        let result = try body()
        return (result, server.cpuSeconds() - before)
    }
    if round % 2 == 0 {
        let first = try measured(ours)
        let second = try measured(vdirsyncer)
        return Sides(ours: first.0, vdirsyncer: second.0, oursServerCPU: first.1, vdirsyncerServerCPU: second.1)
    }
    let first = try measured(vdirsyncer)
    let second = try measured(ours)
    return Sides(ours: second.0, vdirsyncer: first.0, oursServerCPU: second.1, vdirsyncerServerCPU: first.1)
}

func format(_ duration: Duration) -> String { String(format: "%.2f", duration.seconds) }

var loadAverage: String {
    ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "").split(separator: " ").prefix(3).joined(
        separator: " ")
}
