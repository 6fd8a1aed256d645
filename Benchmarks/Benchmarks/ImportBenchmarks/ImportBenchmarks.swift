import Benchmark
import ContactsSystem
import Foundation
import ImportBenchmarkSupport

// Import of a generated vCard file into a fresh store, end to end, and export of the store back to a file.
// DESIGN.md's budget for import: at least 15,000 contacts per second.
let benchmarks: @Sendable () -> Void = {
    let bulk = Benchmark.Configuration(
        metrics: [.wallClock, .peakMemoryResident, .mallocCountTotal, .throughput],
        timeUnits: .milliseconds,
        warmupIterations: 0,
        maxDuration: .seconds(60),
        maxIterations: 3
    )
    for size in [10_000, 100_000] {
        Benchmark("Import \(size) cards into a new store", configuration: bulk) { benchmark in
            let folder = try ImportFixture.folder()
            let file = try ImportFixture.file(count: size, in: folder)
            for _ in benchmark.scaledIterations {
                let storeURL = folder.appendingPathComponent("import-\(UUID().uuidString).sqlite")
                let store = CNContactStore(url: storeURL)
                benchmark.startMeasurement()
                let summary = try store.importVCards(from: file)
                benchmark.stopMeasurement()
                blackHole(summary)
                ImportFixture.remove(storeURL)
            }
        }

        Benchmark("Export \(size) contacts to a file", configuration: bulk) { benchmark in
            let folder = try ImportFixture.folder()
            let store = try ImportFixture.importedStore(count: size, in: folder)
            let output = folder.appendingPathComponent("export-\(size).vcf")
            for _ in benchmark.scaledIterations {
                blackHole(try store.exportVCards(to: output))
            }
        }
    }
}
