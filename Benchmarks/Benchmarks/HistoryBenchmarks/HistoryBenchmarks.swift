import Benchmark
import ContactsSystem
import Foundation
import Synchronization

/// A store of a given size with 1,000 contact updates after a token.
final class HistoryFixture: Sendable {
    let directory: URL
    let store: CNContactStore
    let token: Data?

    init(size: Int) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("history-bench-\(UUID().uuidString)")
        store = CNContactStore(url: directory.appendingPathComponent("Contacts.sqlite"))
        var updated: [CNMutableContact] = []
        for start in stride(from: 0, to: size, by: 10_000) {
            let request = CNSaveRequest()
            request.shouldRefetchContacts = false
            let batch = (start..<min(start + 10_000, size)).map(Self.contact)
            for contact in batch { request.add(contact, toContainerWithIdentifier: nil) }
            try store.execute(request)
            updated += batch.prefix(1_000 - min(updated.count, 1_000))
        }
        token = store.currentHistoryToken
        for chunk in stride(from: 0, to: updated.count, by: 100) {
            let request = CNSaveRequest()
            for contact in updated[chunk..<min(chunk + 100, updated.count)] {
                contact.jobTitle = "Engineer"
                request.update(contact)
            }
            try store.execute(request)
        }
    }

    static func contact(_ index: Int) -> CNMutableContact {
        let contact = CNMutableContact()
        contact.givenName = "Given\(index % 997)"
        contact.familyName = "Family\(index)"
        contact.phoneNumbers = [
            CNLabeledValue(
                label: CNLabelPhoneNumberMobile, value: CNPhoneNumber(stringValue: "+1 415 \(1_000_000 + index)"))
        ]
        contact.emailAddresses = [CNLabeledValue(label: CNLabelHome, value: "person\(index)@example.com" as NSString)]
        return contact
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Builds the fixture on first use, so listing benchmarks costs nothing.
final class LazyHistoryFixture: Sendable {
    private let size: Int
    private let state = Mutex<HistoryFixture?>(nil)

    init(size: Int) {
        self.size = size
    }

    var value: HistoryFixture {
        get throws {
            try state.withLock { state in
                if let state { return state }
                let made = try HistoryFixture(size: size)
                state = made
                return made
            }
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    // DESIGN.md budget: 1,000 changes after a token in at most 20 ms, independent of store size.
    let configuration = Benchmark.Configuration(
        // CPU time alongside wall time: other engineers load the shared machine, and CPU time is what the
        // load inflates least.
        metrics: [.wallClock, .cpuTotal, .instructions, .mallocCountTotal],
        timeUnits: .milliseconds,
        warmupIterations: 3,
        maxDuration: .seconds(10),
        maxIterations: 100
    )
    for size in [10_000, 100_000] {
        let fixture = LazyHistoryFixture(size: size)
        Benchmark("History: 1,000 changes after a token, \(size) contacts", configuration: configuration) { benchmark in
            let fixture = try fixture.value
            for _ in benchmark.scaledIterations {
                let request = CNChangeHistoryFetchRequest()
                request.startingToken = fixture.token
                let result = try fixture.store.changeHistory(for: request)
                var count = 0
                for _ in result.value { count += 1 }
                blackHole(count)
            }
        }
    }
}
