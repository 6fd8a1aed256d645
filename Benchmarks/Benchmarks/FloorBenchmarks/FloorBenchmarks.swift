import Benchmark
import BenchmarkSampling
import ContactsSampleData
import ContactsSystem
import Foundation

// Ours beside the raw-SQLite floor on the realistic address book (issue 17), same queries, same run. Each pair
// of figures gives the ratio docs/Store.md reports. Sizes: 10,000 and 100,000 (set FLOOR_SIZES to change).
// Each sample takes the next of the 24 name prefixes (every script), the next phone number, the next identifier
// (`sampleIndices`), so a benchmark's percentiles are over the mix, the floor's over the same mix.
let benchmarks: @Sendable () -> Void = {
    let sizes = (ProcessInfo.processInfo.environment["FLOOR_SIZES"] ?? "10000,100000")
        .split(separator: ",").compactMap { Int($0) }
    let latency = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: 20,
        maxDuration: .seconds(3), maxIterations: 5_000)
    let nameKeys = [CNContactGivenNameKey, CNContactFamilyNameKey].map { $0 as CNKeyDescriptor }
    let allKeysButImage = [
        CNContactTypeKey, CNContactNamePrefixKey, CNContactGivenNameKey, CNContactMiddleNameKey, CNContactFamilyNameKey,
        CNContactPreviousFamilyNameKey, CNContactNameSuffixKey, CNContactNicknameKey, CNContactPhoneticGivenNameKey,
        CNContactPhoneticMiddleNameKey, CNContactPhoneticFamilyNameKey, CNContactPhoneticOrganizationNameKey,
        CNContactOrganizationNameKey, CNContactDepartmentNameKey, CNContactJobTitleKey, CNContactBirthdayKey,
        CNContactNonGregorianBirthdayKey, CNContactNoteKey, CNContactImageDataAvailableKey, CNContactPhoneNumbersKey,
        CNContactEmailAddressesKey, CNContactPostalAddressesKey, CNContactDatesKey, CNContactUrlAddressesKey,
        CNContactRelationsKey, CNContactSocialProfilesKey, CNContactInstantMessageAddressesKey,
    ].map { $0 as CNKeyDescriptor }
    let queries = RealisticAddressBook.namePrefixQueries

    for size in sizes {
        let fixture = Lazy { try RealisticFixture.make(size: size) }

        Benchmark("Realistic name prefix, given+family, ours, \(size)", configuration: latency) { benchmark in
            let fixture = try fixture.value
            for index in benchmark.sampleIndices {
                let predicate = CNContact.predicateForContacts(matchingName: queries[index % queries.count])
                blackHole(try fixture.store.unifiedContacts(matching: predicate, keysToFetch: nameKeys).count)
            }
        }
        Benchmark("Realistic name prefix, all keys but image, ours, \(size)", configuration: latency) { benchmark in
            let fixture = try fixture.value
            for index in benchmark.sampleIndices {
                let predicate = CNContact.predicateForContacts(matchingName: queries[index % queries.count])
                blackHole(try fixture.store.unifiedContacts(matching: predicate, keysToFetch: allKeysButImage).count)
            }
        }
        Benchmark("Realistic name prefix, floor, \(size)", configuration: latency) { benchmark in
            let fixture = try fixture.value
            for index in benchmark.sampleIndices {
                blackHole(try fixture.floor.namePrefix(queries[index % queries.count]))
            }
        }
        Benchmark("Realistic name prefix, floor with cards, \(size)", configuration: latency) { benchmark in
            let fixture = try fixture.value
            for index in benchmark.sampleIndices {
                blackHole(try fixture.floor.namePrefix(queries[index % queries.count], cards: true))
            }
        }
        Benchmark("Realistic phone lookup, ours, \(size)", configuration: latency) { benchmark in
            let fixture = try fixture.value
            for index in benchmark.sampleIndices {
                let number = CNPhoneNumber(stringValue: fixture.phones[(index &* 7919) % fixture.phones.count])
                blackHole(
                    try fixture.store.unifiedContacts(
                        matching: CNContact.predicateForContacts(matching: number), keysToFetch: nameKeys
                    ).count)
            }
        }
        Benchmark("Realistic phone lookup, floor, \(size)", configuration: latency) { benchmark in
            let fixture = try fixture.value
            for index in benchmark.sampleIndices {
                blackHole(try fixture.floor.phone(fixture.phones[(index &* 7919) % fixture.phones.count]))
            }
        }
        Benchmark("Realistic fetch by identifier, all keys but image, ours, \(size)", configuration: latency) {
            benchmark in
            let fixture = try fixture.value
            for index in benchmark.sampleIndices {
                let identifier = fixture.identifiers[(index &* 7919) % fixture.identifiers.count]
                blackHole(try fixture.store.unifiedContact(withIdentifier: identifier, keysToFetch: allKeysButImage))
            }
        }
        Benchmark("Realistic fetch by identifier, floor, \(size)", configuration: latency) { benchmark in
            let fixture = try fixture.value
            for index in benchmark.sampleIndices {
                blackHole(try fixture.floor.fetch(uid: fixture.uids[(index &* 7919) % fixture.uids.count]))
            }
        }
    }
}

/// A value built on first use and kept: the benchmarks of one size share one fixture.
final class Lazy<Value: Sendable>: @unchecked Sendable {
    // SAFETY: the benchmark runner calls benchmarks one at a time. TODO(#17): none; benchmark fixture.
    private let make: () throws -> Value
    private var made: Value?

    init(_ make: @escaping () throws -> Value) {
        self.make = make
    }

    var value: Value {
        get throws {
            if let made { return made }
            let value = try make()
            made = value
            return value
        }
    }
}
