import ContactsSampleData
import ContactsSystem
import Foundation

// Our side of the comparison with Evolution Data Server (issue 17 item 5, issue 13 item 9):
//   swift run -c release EDSCompareDriver <contacts> <work directory> [rounds]
// Writes the realistic address book to <work directory>/book.vcf (the file the EDS harness imports, so both
// sides hold the same cards), imports it into a fresh store, and writes <work directory>/plan.json: the name
// prefixes, UIDs and phone numbers both sides look up, in the same order. Then times, through the public API
// with all keys but the image, a name-prefix search, a fetch by identifier, a fetch of every identifier and a
// phone lookup, and writes the p50/p95 of each to <work directory>/ours.json. Benchmarks/scripts/compare-eds.sh
// runs this, then Benchmarks/EDS/eds_bench.py, and prints both side by side.
let arguments = CommandLine.arguments
guard arguments.count > 2, let count = Int(arguments[1]), count > 0 else {
    FileHandle.standardError.write(Data("usage: EDSCompareDriver <contacts> <work directory> [rounds]\n".utf8))
    exit(64)
}
let directory = URL(fileURLWithPath: arguments[2], isDirectory: true)
let rounds = arguments.count > 3 ? Int(arguments[3]) ?? 5 : 5
// Lookups by UID and by phone number: enough samples for a stable p95, spread over the book.
let samples = 2_000
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)

// The cards, as FloorBenchmarks makes them (seed = size), so figures line up with the floor's.
var book = RealisticAddressBook(seed: UInt64(count))
let text = book.vCards(count)
let bookURL = directory.appendingPathComponent("book.vcf")
try Data(text.utf8).write(to: bookURL)
let cards = Array(text.components(separatedBy: "END:VCARD\r\n").dropLast())
func firstValue(_ card: String, _ prefix: String) -> String {
    for line in card.split(separator: "\r\n") where line.hasPrefix(prefix) {
        return String(line[(line.firstIndex(of: ":").map { line.index(after: $0) } ?? line.endIndex)...])
    }
    return ""
}
let uids = cards.map { firstValue($0, "UID:") }
let phones = cards.map { firstValue($0, "TEL;") }
let cardGivenNames = cards.map {
    firstValue($0, "N:").split(separator: ";", omittingEmptySubsequences: false).dropFirst().first.map(String.init)
        ?? ""
}

let clock = ContinuousClock()
func microseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
}

let storeDirectory = directory.appendingPathComponent("ours")
try? FileManager.default.removeItem(at: storeDirectory)
let store = CNContactStore(url: storeDirectory.appendingPathComponent("Contacts.sqlite"))
let importStart = clock.now
let summary = try store.importVCards(from: bookURL)
let importSeconds = microseconds(clock.now - importStart) / 1e6
guard summary.added == count else {
    FileHandle.standardError.write(Data("imported \(summary.added) of \(count) cards\n".utf8))
    exit(70)
}

// An unsorted enumeration returns contacts in the order they were imported, that is, card order: the
// identifier of card i is identifiers[i]. Checked on the given names below, so a change of order fails loudly.
var identifiers: [String] = []
var givenNames: [String] = []
try store.enumerateContacts(with: CNContactFetchRequest(keysToFetch: [CNContactGivenNameKey as CNKeyDescriptor])) {
    contact, _ in
    identifiers.append(contact.identifier)
    givenNames.append(contact.givenName)
}
guard givenNames == cardGivenNames else {
    FileHandle.standardError.write(Data("contacts are not in card order: identifiers would not match UIDs\n".utf8))
    exit(70)
}

let sampleIndexes = (0..<samples).map { ($0 &* 7919) % count }
let phoneIndexes = (0..<samples).map { ($0 &* 104_729 &+ 13) % count }
let queries = RealisticAddressBook.namePrefixQueries
let plan: [String: Any] = [
    "size": count, "rounds": rounds, "queries": queries,
    "uids": sampleIndexes.map { uids[$0] }, "phones": phoneIndexes.map { phones[$0] },
]
try JSONSerialization.data(withJSONObject: plan, options: [.prettyPrinted, .sortedKeys])
    .write(to: directory.appendingPathComponent("plan.json"))

let keys: [any CNKeyDescriptor] = [
    CNContactTypeKey, CNContactNamePrefixKey, CNContactGivenNameKey, CNContactMiddleNameKey, CNContactFamilyNameKey,
    CNContactPreviousFamilyNameKey, CNContactNameSuffixKey, CNContactNicknameKey, CNContactPhoneticGivenNameKey,
    CNContactPhoneticMiddleNameKey, CNContactPhoneticFamilyNameKey, CNContactPhoneticOrganizationNameKey,
    CNContactOrganizationNameKey, CNContactDepartmentNameKey, CNContactJobTitleKey, CNContactBirthdayKey,
    CNContactNonGregorianBirthdayKey, CNContactNoteKey, CNContactImageDataAvailableKey, CNContactPhoneNumbersKey,
    CNContactEmailAddressesKey, CNContactPostalAddressesKey, CNContactDatesKey, CNContactUrlAddressesKey,
    CNContactRelationsKey, CNContactSocialProfilesKey, CNContactInstantMessageAddressesKey,
].map { $0 as CNKeyDescriptor }

/// The one operation to run when ONLY names it (ONLY="name prefix"), so a profile under callgrind holds that
/// operation and the import alone; compare-eds.sh leaves it unset and runs them all.
let onlyOperation = ProcessInfo.processInfo.environment["ONLY"]

/// Times `body` once per input after one untimed pass (warm caches, as the EDS side), and returns the
/// operation's p50/p95 in microseconds with the hits of the timed calls.
func measure<Input>(_ name: String, _ inputs: [Input], _ body: (Input) throws -> Int) rethrows -> [String: Any] {
    if let onlyOperation, onlyOperation != name { return ["operation": name, "skipped": true] }
    for input in inputs.prefix(50) { _ = try body(input) }
    var times: [Double] = []
    var hits = 0
    times.reserveCapacity(inputs.count)
    for input in inputs {
        var found = 0
        times.append(microseconds(try clock.measure { found = try body(input) }))
        hits += found
    }
    times.sort()
    let p50 = times[times.count / 2]
    let p95 = times[min(times.count - 1, times.count * 95 / 100)]
    print(String(format: "%@: p50 %.1f µs, p95 %.1f µs, %d calls, %d hits", name, p50, p95, times.count, hits))
    return ["operation": name, "calls": times.count, "hits": hits, "p50_us": p50, "p95_us": p95]
}

var results: [[String: Any]] = []
var prefixHits: [String: Int] = [:]
for query in queries {
    prefixHits[query] = try store.unifiedContacts(
        matching: CNContact.predicateForContacts(matchingName: query), keysToFetch: keys
    ).count
}
results.append(
    try measure("name prefix", Array(repeating: queries, count: rounds).flatMap { $0 }) { query in
        try store.unifiedContacts(matching: CNContact.predicateForContacts(matchingName: query), keysToFetch: keys)
            .count
    })
results.append(
    try measure("fetch by UID", sampleIndexes.map { identifiers[$0] }) { identifier in
        _ = try store.unifiedContact(withIdentifier: identifier, keysToFetch: keys)
        return 1
    })
results.append(
    try measure("fetch all UIDs", Array(repeating: 0, count: max(5, rounds * 4))) { _ in
        var found = 0
        try store.enumerateContacts(with: CNContactFetchRequest(keysToFetch: [])) { contact, _ in
            blackHole(contact.identifier)
            found += 1
        }
        return found
    })
results.append(
    try measure("phone lookup", phoneIndexes.map { phones[$0] }) { phone in
        try store.unifiedContacts(
            matching: CNContact.predicateForContacts(matching: CNPhoneNumber(stringValue: phone)), keysToFetch: keys
        ).count
    })
// A lookup of a number a contact holds should find it; the ones that do not are printed (sample data).
let missed = try phoneIndexes.map { phones[$0] }.filter { phone in
    guard onlyOperation == nil else { return false }
    return try store.unifiedContacts(
        matching: CNContact.predicateForContacts(matching: CNPhoneNumber(stringValue: phone)), keysToFetch: []
    ).isEmpty
}
if !missed.isEmpty { print("phone lookups that found no contact: \(Set(missed).sorted())") }

let output: [String: Any] = [
    "phone_misses": missed.count,
    "side": "ours", "size": count, "import_seconds": importSeconds, "import_per_second": Double(count) / importSeconds,
    "prefix_hits": prefixHits, "results": results,
]
try JSONSerialization.data(withJSONObject: output, options: [.prettyPrinted, .sortedKeys])
    .write(to: directory.appendingPathComponent("ours.json"))
print(String(format: "import: %d cards in %.1f s (%.0f a second)", count, importSeconds, Double(count) / importSeconds))

/// Keeps the optimizer from dropping a value the benchmark reads only to pay for reading it.
@inline(never) func blackHole<T>(_ value: T) {}
