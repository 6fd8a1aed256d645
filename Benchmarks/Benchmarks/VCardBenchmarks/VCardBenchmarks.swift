import Benchmark
import Contacts
import ContactsSampleData
import Foundation

/// vCard parse and serialize of 10,000 cards from two books: the sample cards Fuzz/throughput.sh uses (about
/// 5.9 MB; the DESIGN.md budgets are 80 MB/s and 100 MB/s) and the realistic address book of issue 17 (non-Latin
/// names, international phones, grouped items; about 4.4 MB). Divide the file size, printed in the benchmark's
/// name, by the time. Evolution Data Server beside us on the same cards: Benchmarks/scripts/compare-eds-vcard.sh.
///
/// Parsing is timed up to the contacts being returned and again with their release counted in, since freeing
/// 10,000 contacts at once is a third of the cost (docs/VCard.md, "Throughput").
let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal], maxDuration: .seconds(10)
    )
    let sample = (try? CNContactVCardSerialization.data(with: SampleAddressBook.make(count: 10_000))) ?? Data()
    // Seed = size, as the other benchmarks of the realistic book make it.
    var realisticBook = RealisticAddressBook(seed: 10_000)
    let realistic = Data(realisticBook.vCards(10_000).utf8)

    for (book, data) in [("sample", sample), ("realistic", realistic)] {
        // Serialized from the contacts the cards give, as an app exports what it read.
        let contacts = (try? CNContactVCardSerialization.contacts(with: data)) ?? []
        let megabytes = String(format: "%.2f MB", Double(data.count) / 1_000_000)

        Benchmark("vCard serialize 10k \(book) cards", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try? CNContactVCardSerialization.data(with: contacts))
            }
        }

        Benchmark("vCard parse 10k \(book) cards (\(megabytes)), results kept", configuration: configuration) {
            benchmark in
            // The results are released after the measured part, outside the timed region.
            var kept: [[CNContact]] = []
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                kept.append((try? CNContactVCardSerialization.contacts(with: data)) ?? [])
            }
            benchmark.stopMeasurement()
            blackHole(kept)
        }

        Benchmark("vCard parse 10k \(book) cards (\(megabytes)), results freed", configuration: configuration) {
            benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try? CNContactVCardSerialization.contacts(with: data))
            }
        }
    }
}
