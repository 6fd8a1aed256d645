import Benchmark
import BenchmarkSampling
import ContactsSystem
import Foundation

// What the privacy gate costs a call: one fetch by identifier as the person (no gate checks), as an app with
// a fixed policy (the app's row is read), and as an app whose administrator policy is the file on disk (the
// row, plus one stat of the policy file per call: docs/Privacy.md, "Administrator policy").
let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .instructions, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 100,
        maxDuration: .seconds(3),
        maxIterations: 20_000
    )
    let fixture = GateFixture()

    Benchmark("Fetch by identifier, person", configuration: configuration) { benchmark in
        try fetch(fixture.person, benchmark: benchmark, identifiers: fixture.identifiers)
    }
    // The stores are opened once, outside the measured closures (each sample runs the closure again).
    Benchmark("Fetch by identifier, app, fixed policy", configuration: configuration) { benchmark in
        try fetch(fixture.appWithFixedPolicy, benchmark: benchmark, identifiers: fixture.identifiers)
    }
    Benchmark("Fetch by identifier, app, policy file read per call", configuration: configuration) { benchmark in
        try fetch(fixture.appWithPolicyFile, benchmark: benchmark, identifiers: fixture.identifiers)
    }
}

private func fetch(_ store: CNContactStore, benchmark: Benchmark, identifiers: [String]) throws {
    let keys = [CNContactGivenNameKey, CNContactFamilyNameKey].map { $0 as CNKeyDescriptor }
    for index in benchmark.sampleIndices {
        blackHole(try store.unifiedContact(withIdentifier: identifiers[index % identifiers.count], keysToFetch: keys))
    }
}

/// A store of 1,000 contacts, an app with full access, and a policy file that restricts another app.
final class GateFixture: Sendable {
    let directory: URL
    let person: CNContactStore
    let identifiers: [String]
    let policyFile: URL
    let appWithFixedPolicy: CNContactStore
    let appWithPolicyFile: CNContactStore

    init() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gate-bench-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        person = CNContactStore(url: directory.appendingPathComponent("Contacts.sqlite"))
        let request = CNSaveRequest()
        var identifiers: [String] = []
        for index in 0..<1_000 {
            let contact = CNMutableContact()
            contact.givenName = "Given\(index)"
            contact.familyName = "Family\(index)"
            identifiers.append(contact.identifier)
            request.add(contact, toContainerWithIdentifier: nil)
        }
        try? person.execute(request)
        self.identifiers = identifiers
        policyFile = directory.appendingPathComponent("policy.json")
        try? Data(#"{"restricted": ["org.example.other"]}"#.utf8).write(to: policyFile)
        try? person.accessControls().setAccess(.full, for: Self.app.bundleIdentifier)
        appWithFixedPolicy = Self.app(policy: .unrestricted, directory: directory, policyFile: policyFile)
        appWithPolicyFile = Self.app(policy: nil, directory: directory, policyFile: policyFile)
    }

    static let app = AppIdentity(bundleIdentifier: "org.example.bench", usageDescription: "Benchmarks the gate.")

    /// The app's store; a nil policy reads the policy file through the live environment.
    static func app(policy: AdministratorPolicy?, directory: URL, policyFile: URL) -> CNContactStore {
        var configuration = ContactStoreConfiguration(url: directory.appendingPathComponent("Contacts.sqlite"))
        configuration.accessor = .app(app)
        var environment = PrivacyEnvironment.live
        let path = policyFile.path
        environment.variable = { name in name == AdministratorPolicy.fileVariable ? path : nil }
        configuration.privacy = ContactStorePrivacyOptions(environment: environment, administratorPolicy: policy)
        return CNContactStore(configuration: configuration)
    }
}
