import ContactsSampleData
import ContactsSystem
import FloorSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

// The import of the realistic address book beside the raw-SQLite floor, in one run (issue 17, items 1 and 7):
//   swift run -c release ImportFloorDriver [count] [rounds]          (default 100000 3)
//   swift run -c release ImportFloorDriver 10000 1 ours              (our import alone, once: for callgrind)
// Each round, alternately: our import, end to end (`importVCards(from:)` of the vCard file into a fresh store),
// then the floor: the same contacts as rows with their fields taken out beforehand (untimed), inserted into the
// minimal schema in one transaction, by Swift through GRDB and by Python's sqlite3 (the issue's floor:
// Benchmarks/scripts/import-floor.py). Prints contacts a second and the ratios; the peak resident set is read
// after the first import, before the floor's rows exist.
let arguments = CommandLine.arguments
let count = arguments.count > 1 ? Int(arguments[1]) ?? 100_000 : 100_000
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 3 : 3
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-floor-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

var book = RealisticAddressBook(seed: UInt64(count))
let text = book.vCards(count)
let file = folder.appendingPathComponent("book.vcf")
try Data(text.utf8).write(to: file)
print("\(count) realistic cards, \(text.utf8.count / 1_000_000) MB")

func cpuSeconds() -> Double { Double(Glibc.clock()) / Double(CLOCKS_PER_SEC) }

func peakResidentMB() -> Double {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
    let kilobytes = line?.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0
    return kilobytes / 1024
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

let wallClock = ContinuousClock()

/// One import of the file into a fresh store: wall and CPU seconds.
func importOurs(_ round: Int) throws -> (wall: Double, cpu: Double) {
    let url = folder.appendingPathComponent("ours-\(round).sqlite")
    let store = CNContactStore(url: url)
    _ = try store.defaultContainerIdentifier()
    let cpu = cpuSeconds()
    var summary = ContactImportSummary()
    let wall = try wallClock.measure { summary = try store.importVCards(from: file) }
    let used = cpuSeconds() - cpu
    guard summary.added == count else { throw CocoaError(.fileReadCorruptFile) }
    // IMPORT_FLOOR_KEEP=PATH keeps a copy of the imported store there, to count its rows and indexes.
    if let keep = ProcessInfo.processInfo.environment["IMPORT_FLOOR_KEEP"] {
        try? FileManager.default.removeItem(atPath: keep)
        try FileManager.default.copyItem(atPath: url.path, toPath: keep)
        try? FileManager.default.copyItem(atPath: url.path + "-wal", toPath: keep + "-wal")
    }
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
    return (seconds(wall), used)
}

// Ours first, so the peak resident set is the import's alone.
var ours = [try importOurs(0)]
let peak = peakResidentMB()
// `ours` as third argument: our import alone, once, for instruction counts (valgrind --tool=callgrind).
if arguments.count > 3, arguments[3] == "ours" {
    print(String(format: "ours, end to end: %.2f s (CPU %.2f)  peak RSS %d MB", ours[0].wall, ours[0].cpu, Int(peak)))
    exit(0)
}

// The floor's rows: parsed and extracted untimed.
let cards = text.components(separatedBy: "END:VCARD\r\n").dropLast().map { $0 + "END:VCARD\r\n" }
let parsed = try CNContactVCardSerialization.contacts(with: Data(text.utf8))
let uids = cards.map { card in
    card.components(separatedBy: "\r\n").first { $0.hasPrefix("UID:") }.map { String($0.dropFirst(4)) }
        ?? UUID().uuidString
}
let rows = FloorStore.rows(zip(uids, zip(parsed, cards)).map { ($0.0, $0.1.0, $0.1.1) })
let rowsFile = folder.appendingPathComponent("rows.jsonl")
do {
    var lines = ""
    for row in rows {
        let object: [String: Any] = [
            "uid": row.uid, "given": row.given, "family": row.family, "tokens": row.tokens,
            "phones": row.phoneSuffixes, "card": row.card,
        ]
        lines += String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self) + "\n"
    }
    try Data(lines.utf8).write(to: rowsFile)
}

/// The Swift floor: wall and CPU seconds of the inserts.
func floorSwift(_ round: Int) throws -> (wall: Double, cpu: Double) {
    let url = folder.appendingPathComponent("floor-\(round).sqlite")
    let floor = try FloorStore(url: url)
    let cpu = cpuSeconds()
    let wall = try wallClock.measure { try floor.insert(rows) }
    let used = cpuSeconds() - cpu
    for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
    return (seconds(wall), used)
}

/// The Python floor: the script prints its insert seconds (wall, CPU).
func floorPython(_ round: Int) throws -> (wall: Double, cpu: Double) {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/import-floor.py")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "python3", script.path, rowsFile.path, folder.appendingPathComponent("python-\(round).sqlite").path,
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let numbers = output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
    guard process.terminationStatus == 0, numbers.count == 2 else { throw CocoaError(.executableLoad) }
    return (numbers[0], numbers[1])
}

var swiftFloor: [(wall: Double, cpu: Double)] = []
var pythonFloor: [(wall: Double, cpu: Double)] = []
for round in 0..<rounds {
    if round > 0 { ours.append(try importOurs(round)) }
    swiftFloor.append(try floorSwift(round))
    pythonFloor.append(try floorPython(round))
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
func rate(_ runs: [(wall: Double, cpu: Double)]) -> Double { Double(count) / median(runs.map(\.wall)) }
func describe(_ runs: [(wall: Double, cpu: Double)]) -> String {
    runs.map { String(format: "%.2f s (CPU %.2f)", $0.wall, $0.cpu) }.joined(separator: ", ")
}

let oursRate = rate(ours)
print("ours, end to end:        \(Int(oursRate)) contacts/s   [\(describe(ours))]  peak RSS \(Int(peak)) MB")
print(
    "floor, Swift (GRDB):     \(Int(rate(swiftFloor))) rows/s   [\(describe(swiftFloor))]  ours ÷ floor \(String(format: "%.2f", oursRate / rate(swiftFloor)))×"
)
print(
    "floor, Python sqlite3:   \(Int(rate(pythonFloor))) rows/s   [\(describe(pythonFloor))]  ours ÷ floor \(String(format: "%.2f", oursRate / rate(pythonFloor)))×"
)
