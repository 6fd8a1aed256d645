import ContactsSampleData
import ContactsSystem
import Foundation

// Issue 17, item 3: does a save of 500 contacts cost the same in a store of 10,000 and of 100,000?
//   swift run -c release FillDriver [total] [batch] [directory]
// Fills an empty store with `GeneratedContacts` in saves of `batch` (500) up to `total` (100,000) and prints
// the mean save time of each tenth of the fill, and the ratio of the last tenth to the one ending at 10,000.
// Beside the times, the bytes each save writes on the saving thread (`wchar` of /proc/thread-self/io: WAL
// frames, and checkpoint copies when the commit runs one), which the machine's load does not change. A save
// runs on the thread that calls it; the store's background checkpoints are not counted. With a `directory`, the store lives there and is kept, and a run
// continues from the contacts it already holds (a prefilled store for callgrind or sqlite3).
let arguments = CommandLine.arguments
let total = arguments.count > 1 ? Int(arguments[1]) ?? 100_000 : 100_000
let batch = arguments.count > 2 ? Int(arguments[2]) ?? 500 : 500
let kept = arguments.count > 3 ? URL(fileURLWithPath: arguments[3]) : nil
let directory =
    kept ?? FileManager.default.temporaryDirectory.appendingPathComponent("fill-driver-\(UUID().uuidString)")
defer {
    if kept == nil { try? FileManager.default.removeItem(at: directory) }
}
let store = CNContactStore(url: directory.appendingPathComponent("Contacts.sqlite"))
var stored = 0
if kept != nil {
    try store.enumerateContacts(with: CNContactFetchRequest(keysToFetch: [])) { _, _ in stored += 1 }
}

/// Bytes this thread has written through write(2) and its kind so far.
func bytesWritten() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/thread-self/io", encoding: .utf8) else { return 0 }
    let line = text.split(separator: "\n").first { $0.hasPrefix("wchar:") }
    return line.flatMap { Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces)) } ?? 0
}

var generator = GeneratedContacts(seed: 17)
if stored > 0 {
    _ = generator.contacts(stored)  // the same contacts as one fill from empty
}
let clock = ContinuousClock()
var saves: [(filled: Int, milliseconds: Double, written: Int)] = []
for start in stride(from: stored, to: total, by: batch) {
    let request = CNSaveRequest()
    request.shouldRefetchContacts = false
    for contact in generator.contacts(min(batch, total - start), start: start) {
        request.add(contact, toContainerWithIdentifier: nil)
    }
    let before = bytesWritten()
    let duration = try clock.measure { try store.execute(request) }
    let milliseconds = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    saves.append((start + batch, milliseconds, bytesWritten() - before))
}
guard !saves.isEmpty else { exit(0) }
let tenth = max(1, saves.count / 10)
var means: [Double] = []
var writtenMeans: [Double] = []
print("contacts filled  mean save of \(batch) (ms)  written a save (KB)")
for index in stride(from: 0, to: saves.count, by: tenth) {
    let slice = saves[index..<min(index + tenth, saves.count)]
    let mean = slice.map(\.milliseconds).reduce(0, +) / Double(slice.count)
    let written = Double(slice.map(\.written).reduce(0, +)) / Double(slice.count) / 1024
    means.append(mean)
    writtenMeans.append(written)
    print(String(format: "%15d  %8.1f  %8.0f", slice.last!.filled, mean, written))
}
if let at10k = saves.lastIndex(where: { $0.filled <= 10_000 }), at10k >= tenth - 1 {
    let around10k = saves[(at10k - min(at10k, tenth - 1))...at10k]
    let first = around10k.map(\.milliseconds).reduce(0, +) / Double(around10k.count)
    let firstWritten = Double(around10k.map(\.written).reduce(0, +)) / Double(around10k.count) / 1024
    print(
        String(
            format: "last tenth / tenth ending at 10,000: %.2f× (time), %.2f× (bytes written)",
            means.last! / first, writtenMeans.last! / firstWritten))
}
