import Benchmark
import BenchmarkSampling
import ContactsSampleData
import ContactsSystem
import Foundation
import Synchronization

// The store budgets of DESIGN.md, at 10,000 and 100,000 generated contacts.
let benchmarks: @Sendable () -> Void = {
    let sizes = [10_000, 100_000]
    // CPU time alongside wall time: other engineers load the shared machine, and CPU time is what the load
    // inflates least.
    let latency = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .peakMemoryResident, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 10,
        maxDuration: .seconds(3),
        maxIterations: 2_000
    )
    let bulk = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .peakMemoryResident, .mallocCountTotal],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        maxDuration: .seconds(10),
        maxIterations: 10
    )

    for size in sizes {
        let fixture = Fixture(size: size)

        Benchmark("Enumerate all, given+family keys, \(size)", configuration: bulk) { benchmark in
            let store = try fixture.value.store
            let request = CNContactFetchRequest(
                keysToFetch: [CNContactGivenNameKey, CNContactFamilyNameKey].map { $0 as CNKeyDescriptor })
            for _ in benchmark.scaledIterations {
                var count = 0
                try store.enumerateContacts(with: request) { contact, _ in
                    count += contact.givenName.utf8.count
                }
                blackHole(count)
            }
        }

        Benchmark("matchingName prefix, 1-2 words, \(size)", configuration: latency) { benchmark in
            let store = try fixture.value.store
            let queries = ["jo", "maria garc", "søren", "van", "山", "ngozi ok", "ahm", "chloé d"]
            let keys = [CNContactGivenNameKey, CNContactFamilyNameKey].map { $0 as CNKeyDescriptor }
            for index in benchmark.sampleIndices {
                let predicate = CNContact.predicateForContacts(matchingName: queries[index % queries.count])
                // Name searches answer the first screenful; enumerate the first 50 matches.
                let request = CNContactFetchRequest(keysToFetch: keys)
                request.predicate = predicate
                var seen = 0
                try store.enumerateContacts(with: request) { _, stop in
                    seen += 1
                    if seen == 50 { stop.pointee = true }
                }
                blackHole(seen)
            }
        }

        Benchmark("Phone number predicate, \(size)", configuration: latency) { benchmark in
            let fixture = try fixture.value
            let keys = [CNContactGivenNameKey as CNKeyDescriptor]
            for sample in benchmark.sampleIndices {
                let index = (sample &* 7919) % fixture.phoneNumbers.count
                let predicate = CNContact.predicateForContacts(
                    matching: CNPhoneNumber(stringValue: fixture.phoneNumbers[index]))
                blackHole(try fixture.store.unifiedContacts(matching: predicate, keysToFetch: keys))
            }
        }

        Benchmark("unifiedContact(withIdentifier:), all keys but image, \(size)", configuration: latency) { benchmark in
            let fixture = try fixture.value
            for sample in benchmark.sampleIndices {
                let index = (sample &* 7919) % fixture.identifiers.count
                blackHole(
                    try fixture.store.unifiedContact(
                        withIdentifier: fixture.identifiers[index], keysToFetch: BenchmarkStore.allKeysButImage))
            }
        }

        Benchmark("Fetch 100 by identifier, all keys but image, \(size)", configuration: latency) { benchmark in
            let fixture = try fixture.value
            var start = 0
            for _ in benchmark.scaledIterations {
                start = (start &+ 7919) % (fixture.identifiers.count - 100)
                let predicate = CNContact.predicateForContacts(
                    withIdentifiers: Array(fixture.identifiers[start..<(start + 100)]))
                blackHole(
                    try fixture.store.unifiedContacts(matching: predicate, keysToFetch: BenchmarkStore.allKeysButImage))
            }
        }

        Benchmark("Single-contact update, \(size)", configuration: latency) { benchmark in
            let fixture = try fixture.value
            let keys = [CNContactJobTitleKey, CNContactPhoneNumbersKey].map { $0 as CNKeyDescriptor }
            let index = Int.random(in: 0..<fixture.identifiers.count)
            let fetched = try fixture.store.unifiedContact(
                withIdentifier: fixture.identifiers[index], keysToFetch: keys)
            guard let contact = fetched.mutableCopy() as? CNMutableContact else { return }
            contact.jobTitle = "Title \(index)"
            contact.phoneNumbers = [
                CNLabeledValue(
                    label: CNLabelWork, value: CNPhoneNumber(stringValue: "+1 415 555 \(1000 + index % 9000)"))
            ]
            let request = CNSaveRequest()
            request.update(contact)
            benchmark.startMeasurement()
            try fixture.store.execute(request)
            benchmark.stopMeasurement()
        }
    }

    Benchmark("Save request adding 10,000 contacts", configuration: bulk) { benchmark in
        var generator = GeneratedContacts(seed: 99)
        let batches = (0..<benchmark.scaledIterations.count).map { iteration in
            generator.contacts(10_000, start: iteration * 10_000)
        }
        var iteration = 0
        for _ in benchmark.scaledIterations {
            let (store, directory) = BenchmarkStore.empty()
            _ = store.defaultContainerIdentifier()
            let request = CNSaveRequest()
            for contact in batches[iteration] {
                request.add(contact, toContainerWithIdentifier: nil)
            }
            benchmark.startMeasurement()
            try store.execute(request)
            benchmark.stopMeasurement()
            try? FileManager.default.removeItem(at: directory)
            iteration += 1
        }
    }
}

/// Builds a fixture store on first use, shared by the benchmarks of one size.
final class Fixture: Sendable {
    let size: Int
    private let cache = Mutex<Result<BenchmarkStore, any Error>?>(nil)

    init(size: Int) {
        self.size = size
    }

    var value: BenchmarkStore {
        get throws {
            try cache.withLock { cached in
                if let cached { return try cached.get() }
                let result = Result { try BenchmarkStore.make(size: size) }
                cached = result
                return try result.get()
            }
        }
    }
}
