import ContactsSampleData
import ContactsSystem
import Foundation

// Issue 17, item 3: does a save of 500 contacts cost the same in a store of 10,000 and of 100,000?
//   swift run -c release FillDriver [total] [batch]
// Fills an empty store with `GeneratedContacts` in saves of `batch` (500) up to `total` (100,000) and prints
// the mean save time of each tenth of the fill, and the ratio of the last tenth to the one ending at 10,000.
let arguments = CommandLine.arguments
let total = arguments.count > 1 ? Int(arguments[1]) ?? 100_000 : 100_000
let batch = arguments.count > 2 ? Int(arguments[2]) ?? 500 : 500
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fill-driver-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: directory) }
let store = CNContactStore(url: directory.appendingPathComponent("Contacts.sqlite"))
var generator = GeneratedContacts(seed: 17)
let clock = ContinuousClock()
var saves: [(filled: Int, milliseconds: Double)] = []
for start in stride(from: 0, to: total, by: batch) {
    let request = CNSaveRequest()
    request.shouldRefetchContacts = false
    for contact in generator.contacts(min(batch, total - start), start: start) {
        request.add(contact, toContainerWithIdentifier: nil)
    }
    let duration = try clock.measure { try store.execute(request) }
    let milliseconds = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    saves.append((start + batch, milliseconds))
}
let tenth = max(1, saves.count / 10)
var means: [Double] = []
print("contacts filled  mean save of \(batch) (ms)")
for index in stride(from: 0, to: saves.count, by: tenth) {
    let slice = saves[index..<min(index + tenth, saves.count)]
    let mean = slice.map(\.milliseconds).reduce(0, +) / Double(slice.count)
    means.append(mean)
    print(String(format: "%15d  %8.1f", slice.last!.filled, mean))
}
if let at10k = saves.lastIndex(where: { $0.filled <= 10_000 }), at10k >= tenth - 1 {
    let around10k = saves[(at10k - min(at10k, tenth - 1))...at10k].map(\.milliseconds)
    let first = around10k.reduce(0, +) / Double(around10k.count)
    print(String(format: "last tenth / tenth ending at 10,000: %.2f×", means.last! / first))
}
