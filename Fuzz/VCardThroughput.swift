import ContactsModel
import ContactsSampleData
import ContactsVCard
import Foundation

/// Measures vCard parse and serialize throughput on generated cards, best of several runs, one core.
@main
struct VCardThroughput {
    static func main() throws {
        let count = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 10_000
        let contacts = SampleAddressBook.make(count: count)
        let data = VCardWriter.data(for: contacts)
        let megabytes = Double(data.count) / 1_000_000
        let runs = 7
        // VCARD_MODE=parse|serialize repeats one operation 20 times, for profilers and instruction counts.
        // parse-keep keeps every result alive until the process exits, so it measures reading without
        // freeing the contacts; stream reads with VCardStreamReader and drops each card as it comes.
        switch ProcessInfo.processInfo.environment["VCARD_MODE"] {
        case "parse":
            for _ in 0..<20 { _ = try? VCardReader.read(data) }
            return
        case "parse-keep":
            var kept: [[VCardCard]] = []
            for _ in 0..<20 { kept.append((try? VCardReader.read(data)) ?? []) }
            withExtendedLifetime(kept) { exit(0) }
        case "stream":
            for _ in 0..<20 {
                var reader = VCardStreamReader(bytes: [UInt8](data))
                while (try? reader.next()) != nil {}
            }
            return
        case "serialize":
            for _ in 0..<20 { _ = VCardWriter.data(for: contacts) }
            return
        case "setup":
            return
        default:
            break
        }

        let serialize = best(runs) { _ = VCardWriter.data(for: contacts) }
        let parseCards = best(runs) { _ = try? VCardReader.read(data) }
        let parsePublic = best(runs) { _ = try? CNContactVCardSerialization.contacts(with: data) }
        // The same call with the contacts released after the clock stops: the parse alone. Freeing 10,000
        // contacts at once is about a third of the figure above (glibc coalescing ~300,000 chunks).
        var kept: [CNContact] = []
        let parseReturned = best(runs) {
            kept = (try? CNContactVCardSerialization.contacts(with: data)) ?? []
        } after: {
            kept = []
        }
        let stream = best(runs) {
            var reader = VCardStreamReader(bytes: [UInt8](data))
            while (try? reader.next()) != nil {}
        }
        let bytes = [UInt8](data)
        let scanOnly = best(runs) {
            var scanner = VCardLineScanner(bytes: bytes)
            while (try? scanner.nextLogicalLine()) == true {}
        }
        let scanAndParse = best(runs) {
            var scanner = VCardLineScanner(bytes: bytes)
            while (try? scanner.nextLogicalLine()) == true {
                _ = try? VCardContentLine.parse(scanner.line, lineNumber: scanner.lineNumber)
            }
        }
        func report(_ name: String, _ seconds: Double) {
            let rate = megabytes / seconds
            let cards = Double(count) / seconds
            print(
                "\(name): \(String(format: "%.1f", rate)) MB/s, \(Int(cards)) cards/s (\(String(format: "%.1f", seconds * 1000)) ms)"
            )
        }
        print("\(count) cards, \(String(format: "%.2f", megabytes)) MB")
        report("serialize", serialize)
        report("scan lines only", scanOnly)
        report("scan + parse content lines", scanAndParse)
        report("parse (VCardReader.read)", parseCards)
        report("parse (CNContactVCardSerialization.contacts, freeing timed)", parsePublic)
        report("parse (CNContactVCardSerialization.contacts, freeing not timed)", parseReturned)
        report("parse (VCardStreamReader)", stream)
    }

    static func best(_ runs: Int, _ body: () -> Void, after: () -> Void = {}) -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            after()
            best = min(best, elapsed)
        }
        return best
    }
}
