// swift-tools-version: 6.1
import PackageDescription

// Module boundaries follow docs in ../shared/DESIGN.md: GRDB is imported only by ContactsEngine and
// ArgumentParser only by the command-line targets. ContactsModel depends on nothing of ours.
let package = Package(
    name: "swift-contacts",
    products: [
        .library(name: "Contacts", targets: ["Contacts"]),
        // The system side: acting as the person, consent and trusted agents, access controls, policy.
        // The `contacts` tool and the daemon use it; apps import `Contacts` only.
        .library(name: "ContactsSystem", targets: ["ContactsSystem"]),
        .executable(name: "contacts", targets: ["contacts"]),
        // Seeded realistic contacts, shared by the tests and the Benchmarks package.
        .library(name: "ContactsSampleData", targets: ["ContactsSampleData"]),
        // CardDAV accounts and sync, for the person's tool and the Benchmarks package; apps never link it.
        .library(name: "ContactsSync", targets: ["ContactsSync"]),
        // The daemon that owns the store in daemon mode (docs/Daemon.md).
        .executable(name: "contactsd", targets: ["contactsd"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-protobuf", from: "1.39.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // CardDAV sync (ContactsSync) only: never a dependency of the app-facing modules.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // The person's screens (ContactsWebUI) only: the daemon's loopback HTTP server and its templates. No
        // traits: swift-configuration is not used, and leaving it out saves build time.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // Hummingbird's logging and HTTP field types, which it uses without re-exporting them.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        .target(name: "ContactsModel", resources: [.copy("Resources")]),
        .target(name: "ContactsFormatting", dependencies: ["ContactsModel"]),
        .target(name: "ContactsVCard", dependencies: ["ContactsModel", "ContactsFormatting"]),
        .target(name: "ContactsPrivacy", dependencies: ["ContactsModel"]),
        .systemLibrary(
            name: "CJPEG",
            path: "Sources/CJPEG",
            providers: [.apt(["libjpeg62-turbo-dev"])]
        ),
        .systemLibrary(
            name: "CPNG",
            path: "Sources/CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        .target(
            name: "ContactsEngine",
            dependencies: [
                "ContactsModel",
                "ContactsPrivacy",
                "ContactsFormatting",
                "CJPEG",
                "CPNG",
                .product(name: "GRDB", package: "GRDB.swift"),
                // The save path binds values with sqlite3_bind_* on GRDB's cached statements.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        .target(
            name: "Contacts",
            dependencies: [
                "ContactsModel", "ContactsFormatting", "ContactsVCard", "ContactsPrivacy", "ContactsEngine", "ContactsClient",
                // The vCard messages of daemon mode are converted here, for the app's client and for contactsd.
                "ContactsProtocol",
            ]
        ),
        .target(name: "ContactsSystem", dependencies: ["Contacts", "ContactsEngine", "ContactsPrivacy"]),
        // The daemon's wire messages: generated from Protocol/contacts/v1/contacts.proto by
        // scripts/generate-protocol.sh (the generated code is committed), plus their conversions to the model.
        .target(
            name: "ContactsProtocol",
            dependencies: ["ContactsModel", .product(name: "SwiftProtobuf", package: "swift-protobuf")]
        ),
        // CardDAV accounts: discovery, credentials and two-way sync of address books (docs/Sync.md).
        .target(
            name: "ContactsSync",
            dependencies: [
                "ContactsSystem", "ContactsEngine", "ContactsVCard",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        .target(
            name: "ContactsCLI",
            dependencies: [
                "ContactsSystem", "ContactsSync", "ContactsClient",
                // `contacts apps` writes the daemon's registry entries; `contacts daemon` installs and feeds it.
                "ContactsDaemon",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "contacts", dependencies: ["ContactsCLI"]),
        // The example app of the README; its Info.plist names the app and its purpose string.
        .executableTarget(
            name: "FindMyFriends",
            // The app's own files import Contacts only; SystemAccessButton.swift plays the system's side of the
            // contact access button, which needs ContactsSystem.
            dependencies: ["Contacts", "ContactsSystem"],
            path: "Examples/FindMyFriends",
            exclude: ["Info.plist"]
        ),
        .target(name: "ContactsSampleData", dependencies: ["ContactsModel"]),
        // ContactsDaemon and ContactsClient: TemporaryStore runs the store under test over a daemon's socket too.
        .target(name: "ContactsTestSupport", dependencies: ["ContactsSystem", "ContactsDaemon", "ContactsClient"]),
        .testTarget(
            name: "ContactsModelTests",
            dependencies: ["ContactsModel", "ContactsTestSupport"]
        ),
        .testTarget(
            name: "ContactsFormattingTests",
            dependencies: ["ContactsFormatting", "ContactsTestSupport"]
        ),
        .testTarget(
            name: "ContactsVCardTests",
            dependencies: [
                "ContactsVCard", "ContactsTestSupport", "ContactsSampleData",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "ContactsPrivacyTests",
            dependencies: [
                "ContactsPrivacy", "ContactsTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(name: "ContactsEngineTests", dependencies: ["ContactsEngine", "ContactsTestSupport"]),
        // An app's side of daemon mode: plain blocking sockets, so apps link neither NIO nor the daemon.
        .target(name: "ContactsClient", dependencies: ["ContactsEngine", "ContactsModel", "ContactsPrivacy", "ContactsProtocol"]),
        // For the daemon: pidfd_send_signal (Swift cannot call the variadic syscall(2)), fstatfs (Glibc's module
        // does not export it), and sqlite3_config (variadic too).
        .target(name: "CDaemonSupport", linkerSettings: [.linkedLibrary("sqlite3")]),
        .target(
            name: "ContactsDaemon",
            dependencies: [
                "ContactsSystem", "ContactsProtocol", "CDaemonSupport", "ContactsWebUI",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The person's screens, served by contactsd on loopback (docs/WebUI.md): linked into the daemon only.
        .target(
            name: "ContactsWebUI",
            dependencies: [
                "ContactsSystem",
                .product(name: "Hummingbird", package: "hummingbird"),
                // URI: the query parser, reused for posted forms.
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            resources: [.copy("Resources")]
        ),
        .executableTarget(
            name: "contactsd",
            dependencies: [
                "ContactsDaemon", "ContactsWebUI", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "ContactsDaemonTests",
            // FindMyFriends is the app the attack tests run as an unprivileged user.
            // FindMyFriends plays the app, the contacts tool the person's agent; the installation test runs
            // contacts and contactsd as an administrator would.
            dependencies: [
                "ContactsDaemon", "ContactsClient", "ContactsTestSupport", "FindMyFriends", "contacts", "contactsd",
                "ContactsSampleData",
            ],
            // The Python client of the protocol test and the browser scripts of the screens' tests are run from
            // the source tree, not bundled.
            exclude: ["Python", "Browser"]
        ),
        .testTarget(
            name: "ContactsProtocolTests",
            dependencies: [
                "ContactsProtocol", "ContactsTestSupport", "ContactsSampleData", "ContactsVCard",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "ContactsTests",
            dependencies: [
                "Contacts", "ContactsSystem", "ContactsTestSupport", "ContactsSampleData",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "ContactsSyncTests",
            dependencies: [
                "ContactsSync", "ContactsVCard", "ContactsTestSupport", "ContactsSampleData",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            // Fixtures (corpus cards, server configurations) are read at run time from the source tree.
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "ContactsCLITests",
            // contactsd: `contacts daemon install` finds it beside `contacts`.
            dependencies: ["ContactsCLI", "contacts", "contactsd", "FindMyFriends", "ContactsTestSupport"],
            // Golden outputs are read at run time from the source tree, not bundled as resources.
            exclude: ["Golden"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The daemon's fuzzer (docs/Daemon.md, "Fuzzing"): only when asked for, since it builds only with libFuzzer
// (`-sanitize=fuzzer`) and CI does not run it. Fuzz/run.sh builds and runs it.
if Context.environment["CONTACTS_FUZZ"] != nil {
    package.targets += [
        .target(name: "CFuzzerDriver", path: "Fuzz/CFuzzerDriver"),
        .executableTarget(
            name: "DaemonFuzzer",
            dependencies: ["CFuzzerDriver", "ContactsDaemon", "ContactsSystem", "ContactsProtocol"],
            path: "Fuzz/DaemonFuzzer",
            // libFuzzer provides main(); the fuzzer's entry points are @_cdecl functions.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ]
}
