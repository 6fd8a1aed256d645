import ContactsSampleData
import ContactsSystem
import Foundation

/// The daemon's side of the comparison with Evolution Data Server over D-Bus (issue 13, item 9), in the files
/// Benchmarks/EDS/eds_bench.py reads: `book.vcf` (the very cards the daemon's store holds), `plan.json` (the
/// name prefixes, UIDs and phone numbers both sides look up, in the same order), and `ours.json` (the daemon's
/// p50/p95 of each operation), with `embedded.json` beside it (the same calls on the embedded store, each
/// daemon call followed by the embedded one, so both sides share the minutes). The operations and inputs are
/// EDSCompareDriver's: all keys but the image; a fetch by the identifier of the card with the plan's UID.
/// Benchmarks/scripts/compare-daemon-eds.sh runs it with `--eds DIRECTORY`.
struct EDSPlan {
    let directory: URL
    let rounds: Int
    /// Lookups by UID and by phone number: as EDSCompareDriver, enough for a stable p95, spread over the book.
    let samples = 2_000

    /// Writes the cards and the plan, times the operations on both stores, and writes both sides' figures.
    func run(size: Int, daemon app: CNContactStore, embedded: CNContactStore) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // The cards BenchmarkBook imported: the same generator and seed give the same text.
        var book = RealisticAddressBook()
        let text = book.vCards(size)
        try Data(text.utf8).write(to: directory.appendingPathComponent("book.vcf"))
        let cards = Array(text.components(separatedBy: "END:VCARD\r\n").dropLast())
        let uids = cards.map { Self.firstValue($0, "UID:") }
        let phones = cards.map { Self.firstValue($0, "TEL;") }
        let givenNames = cards.map {
            Self.firstValue($0, "N:").split(separator: ";", omittingEmptySubsequences: false).dropFirst().first
                .map(String.init) ?? ""
        }
        // An unsorted enumeration returns contacts in import order, that is, card order; checked on the given
        // names, so a change of order fails loudly instead of pairing UIDs with the wrong contacts.
        var identifiers: [String] = []
        var enumeratedNames: [String] = []
        try embedded.enumerateContacts(
            with: CNContactFetchRequest(keysToFetch: [CNContactGivenNameKey as CNKeyDescriptor])
        ) {
            contact, _ in
            identifiers.append(contact.identifier)
            enumeratedNames.append(contact.givenName)
        }
        guard enumeratedNames == givenNames else { throw DriverError("contacts are not in card order") }

        let uidIndexes = (0..<samples).map { ($0 &* 7919) % size }
        let phoneIndexes = (0..<samples).map { ($0 &* 104_729 &+ 13) % size }
        let queries = RealisticAddressBook.namePrefixQueries
        let plan: [String: Any] = [
            "size": size, "rounds": rounds, "queries": queries, "uids": uidIndexes.map { uids[$0] },
            "phones": phoneIndexes.map { phones[$0] },
        ]
        try JSONSerialization.data(withJSONObject: plan, options: [.prettyPrinted, .sortedKeys])
            .write(to: directory.appendingPathComponent("plan.json"))

        let keys = BenchmarkBook.allKeysButImage
        var daemonResults: [[String: Any]] = []
        var embeddedResults: [[String: Any]] = []
        func measure<Input>(_ name: String, _ inputs: [Input], _ body: (CNContactStore, Input) throws -> Int) throws {
            let (daemon, local) = try Self.measure(name, inputs, daemon: app, embedded: embedded, body)
            daemonResults.append(daemon)
            embeddedResults.append(local)
        }
        try measure("name prefix", Array(repeating: queries, count: rounds).flatMap { $0 }) { store, query in
            try store.unifiedContacts(matching: CNContact.predicateForContacts(matchingName: query), keysToFetch: keys)
                .count
        }
        try measure("fetch by UID", uidIndexes.map { identifiers[$0] }) { store, identifier in
            _ = try store.unifiedContact(withIdentifier: identifier, keysToFetch: keys)
            return 1
        }
        try measure("fetch all UIDs", Array(repeating: 0, count: max(5, rounds * 4))) { store, _ in
            var found = 0
            try store.enumerateContacts(with: CNContactFetchRequest(keysToFetch: [])) { _, _ in found += 1 }
            return found
        }
        try measure("phone lookup", phoneIndexes.map { phones[$0] }) { store, phone in
            let number = CNPhoneNumber(stringValue: phone)
            return try store.unifiedContacts(
                matching: CNContact.predicateForContacts(matching: number), keysToFetch: keys
            )
            .count
        }
        var prefixHits: [String: Int] = [:]
        for query in queries {
            prefixHits[query] = try app.unifiedContacts(
                matching: CNContact.predicateForContacts(matchingName: query), keysToFetch: []
            ).count
        }
        for (name, results) in [("ours.json", daemonResults), ("embedded.json", embeddedResults)] {
            let output: [String: Any] = [
                "side": name == "ours.json" ? "daemon" : "embedded", "size": size, "import_seconds": 0,
                "import_per_second": 0, "prefix_hits": prefixHits, "results": results,
            ]
            try JSONSerialization.data(withJSONObject: output, options: [.prettyPrinted, .sortedKeys])
                .write(to: directory.appendingPathComponent(name))
        }
    }

    /// Times `body` once per input on each store, the daemon's call then the embedded one, after an untimed
    /// pass over the first 50 inputs on each (warm caches, as the EDS side); p50/p95 in microseconds.
    private static func measure<Input>(
        _ name: String, _ inputs: [Input], daemon: CNContactStore, embedded: CNContactStore,
        _ body: (CNContactStore, Input) throws -> Int
    ) throws -> (daemon: [String: Any], embedded: [String: Any]) {
        for input in inputs.prefix(50) {
            _ = try body(daemon, input)
            _ = try body(embedded, input)
        }
        var daemonSamples = Samples()
        var embeddedSamples = Samples()
        var hits = (daemon: 0, embedded: 0)
        let clock = ContinuousClock()
        for input in inputs {
            var found = 0
            daemonSamples.append(try clock.measure { found = try body(daemon, input) })
            hits.daemon += found
            embeddedSamples.append(try clock.measure { found = try body(embedded, input) })
            hits.embedded += found
        }
        guard hits.daemon == hits.embedded else {
            throw DriverError("\(name): the daemon found \(hits.daemon), the embedded store \(hits.embedded)")
        }
        func result(_ samples: Samples) -> [String: Any] {
            [
                "operation": name, "calls": samples.count, "hits": hits.daemon, "p50_us": samples.p50,
                "p95_us": samples.p95,
            ]
        }
        report(
            "\(name): daemon p50 \(Comparison.micro(daemonSamples.p50)), p95 \(Comparison.micro(daemonSamples.p95)); "
                + "embedded p50 \(Comparison.micro(embeddedSamples.p50)), p95 \(Comparison.micro(embeddedSamples.p95)); "
                + "\(inputs.count) calls, \(hits.daemon) hits")
        return (result(daemonSamples), result(embeddedSamples))
    }

    /// The value of a card's first line that starts with `prefix`.
    private static func firstValue(_ card: String, _ prefix: String) -> String {
        for line in card.split(separator: "\r\n") where line.hasPrefix(prefix) {
            return String(line[(line.firstIndex(of: ":").map { line.index(after: $0) } ?? line.endIndex)...])
        }
        return ""
    }
}
