import Contacts
import ContactsSampleData
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

// Our side of the vCard comparison with Evolution Data Server (issue 17 item 7):
//   swift run -c release VCardCompareDriver <realistic|sample> <cards> <book.vcf> [rounds]
// Writes the book's cards to <book.vcf> (the file Benchmarks/EDS/vcard_bench.c then reads, so both sides parse
// the same bytes), then times the public API on it and prints key=value lines for
// Benchmarks/scripts/compare-eds-vcard.sh:
//   parse       CNContactVCardSerialization.contacts(with:) on the whole file, the contacts freed inside the clock
//   parse_kept  the same, the contacts freed after the clock stops
//   serialize   CNContactVCardSerialization.data(with:) of the contacts parsed from the file
// Each figure is the process's CPU time for one round, best of the rounds, after one untimed round.
let arguments = CommandLine.arguments
guard arguments.count > 3, ["realistic", "sample"].contains(arguments[1]), let count = Int(arguments[2]), count > 0
else {
    FileHandle.standardError.write(
        Data("usage: VCardCompareDriver <realistic|sample> <cards> <book.vcf> [rounds]\n".utf8))
    exit(64)
}
let rounds = arguments.count > 4 ? max(1, Int(arguments[4]) ?? 5) : 5
let bookURL = URL(fileURLWithPath: arguments[3])

let book: Data
if arguments[1] == "realistic" {
    // Seed = size, as EDSCompareDriver and FloorBenchmarks make the book.
    var generator = RealisticAddressBook(seed: UInt64(count))
    book = Data(generator.vCards(count).utf8)
} else {
    book = try CNContactVCardSerialization.data(with: SampleAddressBook.make(count: count))
}
try book.write(to: bookURL)

func cpuSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

// Counts what each round produced, so the optimizer cannot drop the work.
var produced = 0
let parsed = try CNContactVCardSerialization.contacts(with: book)
guard parsed.count == count else {
    FileHandle.standardError.write(Data("read \(parsed.count) of \(count) cards\n".utf8))
    exit(70)
}
produced += try CNContactVCardSerialization.data(with: parsed).count

var bestParse = Double.infinity
var bestKept = Double.infinity
var bestSerialize = Double.infinity
var serializedBytes = 0
for _ in 0..<rounds {
    var start = cpuSeconds()
    do {
        let contacts = try CNContactVCardSerialization.contacts(with: book)
        produced += contacts.count
    }
    bestParse = min(bestParse, cpuSeconds() - start)

    start = cpuSeconds()
    var kept = try CNContactVCardSerialization.contacts(with: book)
    bestKept = min(bestKept, cpuSeconds() - start)
    produced += kept.count
    kept = []

    start = cpuSeconds()
    let output = try CNContactVCardSerialization.data(with: parsed)
    bestSerialize = min(bestSerialize, cpuSeconds() - start)
    serializedBytes = output.count
}

print("cards=\(count)")
print("bytes=\(book.count)")
print("serialized_bytes=\(serializedBytes)")
print(String(format: "parse_ms=%.2f", bestParse * 1000))
print(String(format: "parse_kept_ms=%.2f", bestKept * 1000))
print(String(format: "serialize_ms=%.2f", bestSerialize * 1000))
print("produced=\(produced)")
