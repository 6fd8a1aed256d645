import Benchmark
import Contacts
import ContactsSampleData
import Foundation

/// vCard parse and serialize of the 10,000 sample cards Fuzz/throughput.sh uses (about 5.9 MB; the DESIGN.md
/// budgets are 80 MB/s and 100 MB/s): divide the file size, printed in the benchmark's name, by the time.
///
/// Parsing is timed up to the contacts being returned and again with their release counted in, since freeing
/// 10,000 contacts at once is a third of the cost (docs/VCard.md, "Throughput").
let benchmarks: @Sendable () -> Void = {
    let contacts = SampleAddressBook.make(count: 10_000)
    let data = (try? CNContactVCardSerialization.data(with: contacts)) ?? Data()
    let megabytes = String(format: "%.2f MB", Double(data.count) / 1_000_000)
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal], maxDuration: .seconds(10)
    )

    Benchmark("vCard serialize 10k cards (\(megabytes))", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? CNContactVCardSerialization.data(with: contacts))
        }
    }

    Benchmark("vCard parse 10k cards (\(megabytes)), results kept", configuration: configuration) { benchmark in
        // The results are released after the measured part, outside the timed region.
        var kept: [[CNContact]] = []
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            kept.append((try? CNContactVCardSerialization.contacts(with: data)) ?? [])
        }
        benchmark.stopMeasurement()
        blackHole(kept)
    }

    Benchmark("vCard parse 10k cards (\(megabytes)), results freed", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? CNContactVCardSerialization.contacts(with: data))
        }
    }
}
