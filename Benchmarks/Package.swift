// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so `swift test` never builds them. Run from this folder:
//   swift package benchmark --target StoreBenchmarks   (or HistoryBenchmarks, VCardBenchmarks, ImportBenchmarks,
//   GateBenchmarks, FloorBenchmarks: ours beside the raw-SQLite floor on the realistic address book)
//   swift run -c release ImportDriver 100000 both      (the import driver, for /usr/bin/time -v)
//   swift run -c release SyncBenchmarkDriver            (CardDAV sync, ours beside vdirsyncer, same Radicale)
//   scripts/compare-eds.sh 10000                        (ours beside Evolution Data Server, same cards, one run)
//   scripts/compare-eds-vcard.sh                        (vCard parse and serialize beside EDS's C library)
//   swift run -c release DaemonDriver 10000,100000     (contactsd beside embedded; as root; docs/Daemon.md)
let package = Package(
    name: "swift-contacts-benchmarks",
    dependencies: [
        // The name keeps the product reference stable whatever the checkout folder is called.
        .package(name: "swift-contacts", path: "../"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [] + ["StoreBenchmarks", "HistoryBenchmarks", "VCardBenchmarks", "GateBenchmarks"].map { name in
        .executableTarget(
            name: name,
            dependencies: [
                .product(name: "ContactsSystem", package: "swift-contacts"),
                .product(name: "ContactsSampleData", package: "swift-contacts"),
                .product(name: "Benchmark", package: "package-benchmark"),
                "BenchmarkSampling",
            ],
            path: "Benchmarks/\(name)",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "package-benchmark"),
                .plugin(name: "SourcesStamp"),
            ]
        )
    } + [
        // Each sample of a benchmark takes the next query of its list, not the first again.
        .target(
            name: "BenchmarkSampling",
            dependencies: [.product(name: "Benchmark", package: "package-benchmark")],
            path: "Benchmarks/BenchmarkSampling"
        ),
        // The raw-SQLite floor (GRDB only for its SQLite access): a minimal schema and hand-written SQL.
        .target(
            name: "FloorSupport",
            dependencies: [
                .product(name: "ContactsSystem", package: "swift-contacts"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Benchmarks/FloorSupport",
            plugins: [.plugin(name: "SourcesStamp")]
        ),
        // Ours beside the floor on the realistic address book.
        .executableTarget(
            name: "FloorBenchmarks",
            dependencies: [
                "FloorSupport", "BenchmarkSampling",
                .product(name: "ContactsSystem", package: "swift-contacts"),
                .product(name: "ContactsSampleData", package: "swift-contacts"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Benchmark", package: "package-benchmark"),
            ],
            path: "Benchmarks/FloorBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "package-benchmark"),
                .plugin(name: "SourcesStamp"),
            ]
        ),
        .target(
            name: "ImportBenchmarkSupport",
            dependencies: [.product(name: "ContactsSystem", package: "swift-contacts")],
            path: "Benchmarks/ImportBenchmarks/Support",
            plugins: [.plugin(name: "SourcesStamp")]
        ),
        .executableTarget(
            name: "ImportBenchmarks",
            dependencies: [
                "ImportBenchmarkSupport",
                .product(name: "ContactsSystem", package: "swift-contacts"),
                .product(name: "Benchmark", package: "package-benchmark"),
            ],
            path: "Benchmarks/ImportBenchmarks",
            exclude: ["Support", "Driver"],
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "package-benchmark"),
                .plugin(name: "SourcesStamp"),
            ]
        ),
        // Save cost as the store grows (issue 17): swift run -c release FillDriver [total] [batch].
        .executableTarget(
            name: "FillDriver",
            dependencies: [
                .product(name: "ContactsSystem", package: "swift-contacts"),
                .product(name: "ContactsSampleData", package: "swift-contacts"),
            ],
            path: "Benchmarks/FillDriver",
            plugins: [.plugin(name: "SourcesStamp")]
        ),
        // The reads the save's index layout serves (issue 17, item 3): swift run -c release ReadDriver DIRECTORY.
        .executableTarget(
            name: "ReadDriver",
            dependencies: [
                .product(name: "ContactsSystem", package: "swift-contacts"),
                .product(name: "ContactsSampleData", package: "swift-contacts"),
            ],
            path: "Benchmarks/ReadDriver",
            plugins: [.plugin(name: "SourcesStamp")]
        ),
        // Search against enumeration, per contact (issue 17): swift run -c release SearchDriver [contacts] [rounds].
        .executableTarget(
            name: "SearchDriver",
            dependencies: [
                .product(name: "ContactsSystem", package: "swift-contacts"),
                .product(name: "ContactsSampleData", package: "swift-contacts"),
            ],
            path: "Benchmarks/SearchDriver",
            plugins: [.plugin(name: "SourcesStamp")]
        ),
        // Ours beside Evolution Data Server (issue 17 item 5): Benchmarks/scripts/compare-eds.sh runs it, then
        // Benchmarks/EDS/eds_bench.py on the same cards, and prints one table.
        .executableTarget(
            name: "EDSCompareDriver",
            dependencies: [
                .product(name: "ContactsSystem", package: "swift-contacts"),
                .product(name: "ContactsSampleData", package: "swift-contacts"),
            ],
            path: "Benchmarks/EDSCompareDriver",
            plugins: [.plugin(name: "SourcesStamp")]
        ),
        // Ours beside Evolution Data Server's vCard parse and serialize (issue 17 item 7):
        // Benchmarks/scripts/compare-eds-vcard.sh runs it, then Benchmarks/EDS/vcard_bench.c on the same file.
        .executableTarget(
            name: "VCardCompareDriver",
            dependencies: [
                .product(name: "Contacts", package: "swift-contacts"),
                .product(name: "ContactsSampleData", package: "swift-contacts"),
            ],
            path: "Benchmarks/VCardCompareDriver",
            plugins: [.plugin(name: "SourcesStamp")]
        ),
        // Daemon beside embedded (issue 13, item 9): swift run -c release DaemonDriver [sizes] (docs/Daemon.md).
        .executableTarget(
            name: "DaemonDriver",
            dependencies: [
                .product(name: "ContactsSystem", package: "swift-contacts"),
                .product(name: "ContactsSampleData", package: "swift-contacts"),
                .product(name: "contactsd", package: "swift-contacts"),
            ],
            path: "Benchmarks/DaemonDriver",
            plugins: [.plugin(name: "SourcesStamp")]
        ),
        // The import of the realistic address book beside the floor's inserts of the same rows, in Swift and in
        // Python's sqlite3 (issue 17's floor), in one run: swift run -c release ImportFloorDriver [count] [rounds].
        .executableTarget(
            name: "ImportFloorDriver",
            dependencies: [
                "FloorSupport",
                .product(name: "ContactsSystem", package: "swift-contacts"),
                .product(name: "ContactsSampleData", package: "swift-contacts"),
            ],
            path: "Benchmarks/ImportFloorDriver",
            plugins: [.plugin(name: "SourcesStamp")]
        ),
        .executableTarget(
            name: "ImportDriver",
            dependencies: ["ImportBenchmarkSupport", .product(name: "ContactsSystem", package: "swift-contacts")],
            path: "Benchmarks/ImportBenchmarks/Driver",
            plugins: [.plugin(name: "SourcesStamp")]
        ),
        // Ours beside vdirsyncer, syncing the same Radicale server, in one run: a plain release driver, since
        // both sides run as child processes whose wall time and peak memory it reads (wait4).
        .executableTarget(
            name: "SyncBenchmarkDriver",
            dependencies: [
                .product(name: "ContactsSync", package: "swift-contacts"),
                .product(name: "ContactsSystem", package: "swift-contacts"),
                .product(name: "ContactsSampleData", package: "swift-contacts"),
            ],
            path: "Benchmarks/SyncBenchmarks/Driver",
            plugins: [.plugin(name: "SourcesStamp")]
        ),
        // Every target above: compiled again when swift-contacts' Sources change (the plugin says why).
        .plugin(name: "SourcesStamp", capability: .buildTool(), path: "Plugins/SourcesStamp"),
    ],
    swiftLanguageModes: [.v6]
)
