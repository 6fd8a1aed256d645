import ContactsSystem
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

// Issue 13, item 9: every call through contactsd beside the same call embedded, in one run, on the realistic
// address book (fixed seed) at each size. Run as root from Benchmarks/:
//   swift build -c release --product DaemonDriver        (builds contactsd beside it)
//   .build/release/DaemonDriver [10000,100000] [--rounds 10] [--clients 1000] [--querying 50] [--contactsd PATH]
//       [--only TEXT]   (only the operations whose names contain TEXT; --clients 0 skips the clients)
//       [--eds DIRECTORY]   (only the operations Evolution Data Server's benchmark times, written to
//                            DIRECTORY/SIZE for Benchmarks/EDS/eds_bench.py: Benchmarks/scripts/compare-daemon-eds.sh)
// For each size it fills the daemon's store file for this uid, starts a real contactsd on it (as root, the
// driver's user) with this executable registered as an app with full access, and measures each operation through
// the public API on an embedded app store and on `CNContactStore()` pointed at the socket, in alternating rounds.
// Then 1,000 connected clients with 50 querying at once, and the daemon's peak RSS (VmHWM). docs/Daemon.md,
// "Performance", has the figures.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "hold" {
    ConnectedClients.hold(count: arguments.count > 1 ? Int(arguments[1]) ?? 0 : 0)
}

/// The value after an option, if given.
func option(_ name: String, in arguments: [String]) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
let ownDirectory = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
    .deletingLastPathComponent()
let contactsd = option("--contactsd", in: arguments) ?? ownDirectory.appendingPathComponent("contactsd").path
let rounds = option("--rounds", in: arguments).flatMap(Int.init) ?? 10
let clients = option("--clients", in: arguments).flatMap(Int.init) ?? 1_000
let querying = option("--querying", in: arguments).flatMap(Int.init) ?? 50
let only = option("--only", in: arguments)
let edsDirectory = option("--eds", in: arguments).map { URL(fileURLWithPath: $0, isDirectory: true) }
let sizes = (arguments.first.flatMap { $0.hasPrefix("--") ? nil : $0 } ?? "10000,100000").split(separator: ",")
    .compactMap { Int($0) }

guard FileManager.default.isExecutableFile(atPath: contactsd) else {
    report(
        "No contactsd at \(contactsd): build it (swift build -c release --product DaemonDriver) or pass --contactsd.")
    exit(64)
}
DescriptorLimit.raise()

/// Prints and flushes, so a run written to a file can be followed.
func report(_ text: String) {
    print(text)
    fflush(nil)
}

func loadAverage() -> String {
    ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").split(separator: " ").prefix(3).joined(
        separator: " ")
}
var system = utsname()
uname(&system)
let kernel = withUnsafeBytes(of: &system.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
report(
    """
    DaemonDriver, \(Date()), Linux \(kernel), \(ProcessInfo.processInfo.activeProcessorCount) cores, \
    load \(loadAverage()), descriptors \(DescriptorLimit.current), contactsd \(contactsd) running as uid \(geteuid())
    """)

for size in sizes {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "daemon-driver-\(size)-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let state = directory.appendingPathComponent("state")
    let storeURL = DaemonProcess.storeURL(state: state, uid: geteuid())
    let clock = ContinuousClock()
    var book: BenchmarkBook?
    let filling = try clock.measure {
        book = try BenchmarkBook.fill(storeURL, size: size, app: DaemonProcess.bundleIdentifier)
    }
    guard let book else { exit(70) }
    report("\n## \(size) contacts (filled in \(Int(filling.microseconds / 1e6)) s, load \(loadAverage()))\n")

    let daemon = try DaemonProcess(executable: contactsd, directory: directory, state: state)
    setenv("CONTACTS_DAEMON_SOCKET", daemon.socketPath, 1)
    // The same app on both sides: embedded, with the identity the registry gives it; and `CNContactStore()`,
    // which finds the socket and is served (and identified) by contactsd.
    let embedded = CNContactStore(
        configuration: ContactStoreConfiguration(url: storeURL, accessor: .app(DaemonProcess.identity)))
    let app = CNContactStore()
    let socketsBefore = daemon.openSockets()
    guard app.authorizationStatus(for: .contacts) == .authorized, daemon.openSockets() == socketsBefore + 1 else {
        report("The app store is not served by contactsd with full access: \(daemon.logText)")
        exit(70)
    }

    if let edsDirectory {
        let plan = EDSPlan(directory: edsDirectory.appendingPathComponent("\(size)"), rounds: max(1, rounds / 2))
        try plan.run(size: size, daemon: app, embedded: embedded)
        report("contactsd after the operations: \(daemon.memory) (load \(loadAverage())).")
        daemon.stop()
        continue
    }
    let interleaved = Interleaved(rounds: rounds, only: only)
    var rows: [Comparison?] = []
    rows.append(
        try interleaved.latency("authorization status (instance; the per-call floor)", perRound: 300) { _ in
            guard embedded.authorizationStatus(for: .contacts) == .authorized else {
                throw DriverError("not authorized")
            }
        } daemon: { _ in
            guard app.authorizationStatus(for: .contacts) == .authorized else { throw DriverError("not authorized") }
        })
    func fetch(_ store: CNContactStore) -> (Int) throws -> Void {
        { index in
            _ = try store.unifiedContact(
                withIdentifier: book.identifier(index), keysToFetch: BenchmarkBook.allKeysButImage)
        }
    }
    rows.append(
        try interleaved.latency(
            "fetch by identifier, all keys but image", perRound: 100, embedded: fetch(embedded), daemon: fetch(app)))
    func search(_ store: CNContactStore, keys: [any CNKeyDescriptor]) -> (Int) throws -> Void {
        { index in
            _ = try store.unifiedContacts(
                matching: CNContact.predicateForContacts(matchingName: book.query(index)), keysToFetch: keys)
        }
    }
    let queries = BenchmarkBook.queries.count
    rows.append(
        try interleaved.latency(
            "name prefix (3 letters), given+family", perRound: queries, warmup: queries,
            embedded: search(embedded, keys: BenchmarkBook.nameKeys), daemon: search(app, keys: BenchmarkBook.nameKeys))
    )
    rows.append(
        try interleaved.latency(
            "name prefix (3 letters), all keys but image", perRound: queries, warmup: queries,
            embedded: search(embedded, keys: BenchmarkBook.allKeysButImage),
            daemon: search(app, keys: BenchmarkBook.allKeysButImage)))
    func phone(_ store: CNContactStore) -> (Int) throws -> Void {
        { index in
            let number = CNPhoneNumber(stringValue: book.phone(index))
            _ = try store.unifiedContacts(
                matching: CNContact.predicateForContacts(matching: number), keysToFetch: BenchmarkBook.nameKeys)
        }
    }
    rows.append(
        try interleaved.latency(
            "phone lookup, given+family", perRound: 100, embedded: phone(embedded), daemon: phone(app)))
    let enumerations = Interleaved(rounds: max(3, rounds / 2), only: only)
    func enumerate(_ store: CNContactStore, keys: [any CNKeyDescriptor]) -> () throws -> Int {
        {
            var count = 0
            try store.enumerateContacts(with: CNContactFetchRequest(keysToFetch: keys)) { _, _ in count += 1 }
            guard count >= size else { throw DriverError("enumerated \(count) of \(size)") }
            return count
        }
    }
    rows.append(
        try enumerations.throughput(
            "fetch all identifiers (enumeration, no keys), contacts/s", embedded: enumerate(embedded, keys: []),
            daemon: enumerate(app, keys: [])))
    rows.append(
        try enumerations.throughput(
            "enumeration, all keys but image, contacts/s",
            embedded: enumerate(embedded, keys: BenchmarkBook.allKeysButImage),
            daemon: enumerate(app, keys: BenchmarkBook.allKeysButImage)))
    func save(_ store: CNContactStore, side: String) -> (Int) throws -> Void {
        { index in
            let contact = CNMutableContact()
            contact.givenName = "Bench"
            contact.familyName = "Save \(side) \(index)"
            contact.phoneNumbers = [
                CNLabeledValue(
                    label: CNLabelPhoneNumberMobile, value: CNPhoneNumber(stringValue: "+41 79 555 \(index)"))
            ]
            let request = CNSaveRequest()
            request.add(contact, toContainerWithIdentifier: nil)
            try store.execute(request)
        }
    }
    rows.append(
        try interleaved.latency(
            "save of one new contact", perRound: 20, warmup: 5, embedded: save(embedded, side: "e"),
            daemon: save(app, side: "d")))
    // The class method opens its store for each call (a new connection, greeted and identified, in daemon
    // mode): the cost an app pays per connection. Embedded, it finds the app from its Info.plist.
    let plist = directory.appendingPathComponent("Info.plist")
    try PropertyListSerialization.data(
        fromPropertyList: [
            "CFBundleIdentifier": DaemonProcess.bundleIdentifier,
            "NSContactsUsageDescription": DaemonProcess.usageDescription,
        ], format: .xml, options: 0
    ).write(to: plist)
    setenv("CONTACTS_STORE", storeURL.path, 1)
    setenv("CONTACTS_APP_INFO_PLIST", plist.path, 1)
    rows.append(
        try interleaved.latency(
            "connect + authorization status (class method)", perRound: 3, warmup: 2,
            prepare: { isEmbedded in
                if isEmbedded {
                    unsetenv("CONTACTS_DAEMON_SOCKET")
                } else {
                    setenv("CONTACTS_DAEMON_SOCKET", daemon.socketPath, 1)
                }
            },
            embedded: { _ in
                guard CNContactStore.authorizationStatus(for: .contacts) == .authorized else {
                    throw DriverError("embedded: not authorized")
                }
            },
            daemon: { _ in
                guard CNContactStore.authorizationStatus(for: .contacts) == .authorized else {
                    throw DriverError("daemon: not authorized")
                }
            }))
    setenv("CONTACTS_DAEMON_SOCKET", daemon.socketPath, 1)

    let measured = rows.compactMap { $0 }
    report(Comparison.header)
    for row in measured { report(row.row) }
    report("| EDS over D-Bus: Benchmarks/scripts/compare-daemon-eds.sh (DaemonDriver --eds) | – | – | – | – | |")
    report("\n\(measured.filter(\.met).count) of \(measured.count) bounds met (load \(loadAverage())).")

    report("contactsd after the operations: \(daemon.memory).")
    if clients > 0 {
        let test = ConnectedClients(total: clients, querying: min(querying, clients), callsEach: 40, holders: 5)
        var outcome = ConnectedClients.Outcome()
        let took = try clock.measure { outcome = try test.run(daemon: daemon, book: book, storeURL: storeURL) }
        let daemonRate = Int(Double(outcome.daemon.count) / (outcome.daemonWall.microseconds / 1e6))
        let embeddedRate = Int(Double(outcome.embedded.count) / (outcome.embeddedWall.microseconds / 1e6))
        report(
            """

            \(clients) clients: \(outcome.connected) connected and identified (the daemon held \
            \(outcome.daemonSockets - 1) sockets besides its listener), \(outcome.errors) errors; \(querying) querying \
            at once, \(test.callsEach) fetches by identifier each (all keys but image): daemon p50 \
            \(Comparison.micro(outcome.daemon.p50)), p95 \
            \(Comparison.micro(outcome.daemon.p95)), p99 \(Comparison.micro(outcome.daemon.p99)), max \
            \(Comparison.micro(outcome.daemon.maximum)), \(daemonRate) calls/s; the same from \(querying) embedded \
            stores: p50 \(Comparison.micro(outcome.embedded.p50)), p95 \(Comparison.micro(outcome.embedded.p95)), \
            \(embeddedRate) calls/s; afterwards \(outcome.stillWorking) of \(clients - querying) held connections \
            still answered (\(Int(took.microseconds / 1e6)) s in all).
            """)
    }
    report("contactsd after the clients: \(daemon.memory) (bound: peak RSS ≤ 150 MB at 100,000).")
    daemon.stop()
}
