import ContactsPrivacy
import Foundation
import Testing

@Suite struct AppIdentityTests {
    static let formats: [PropertyListSerialization.PropertyListFormat] = [.xml, .binary]

    private func plist(_ dictionary: [String: Any], _ format: PropertyListSerialization.PropertyListFormat) throws
        -> Data
    {
        try PropertyListSerialization.data(fromPropertyList: dictionary, format: format, options: 0)
    }

    private let complete: [String: Any] = [
        "CFBundleIdentifier": "com.example.app",
        "CFBundleDisplayName": "Example",
        "CFBundleName": "ExampleName",
        "CFBundleExecutable": "example",
        "NSContactsUsageDescription": "Finds your friends.",
    ]

    @Test(arguments: formats)
    func parsesEveryKeyFromInfoPlist(format: PropertyListSerialization.PropertyListFormat) throws {
        let entitlements = try plist([AppEntitlements.contactsNotesKey: true], format)
        let app = try AppIdentity.parse(infoPlist: try plist(complete, format), entitlements: entitlements)
        #expect(app.bundleIdentifier == "com.example.app")
        #expect(app.displayName == "Example")
        #expect(app.usageDescription == "Finds your friends.")
        #expect(app.entitlements.allowsNotes)
    }

    @Test(arguments: formats)
    func displayNameFallsBackToBundleNameThenIdentifier(format: PropertyListSerialization.PropertyListFormat) throws {
        let named = try AppIdentity.parse(
            infoPlist: try plist(["CFBundleIdentifier": "com.example.app", "CFBundleName": "Named"], format))
        #expect(named.displayName == "Named")
        let bare = try AppIdentity.parse(infoPlist: try plist(["CFBundleIdentifier": "com.example.app"], format))
        #expect(bare.displayName == "com.example.app")
    }

    @Test(arguments: ["", "   \n"])
    func blankUsageDescriptionCountsAsMissing(text: String) throws {
        let data = try plist(["CFBundleIdentifier": "com.example.app", "NSContactsUsageDescription": text], .xml)
        #expect(try AppIdentity.parse(infoPlist: data).usageDescription == nil)
    }

    @Test(
        arguments: [
            ("true", true), ("integer one", false), ("string", false), ("false", false),
        ] as [(String, Bool)])
    func onlyBooleanTrueGrantsAnEntitlement(kind: String, granted: Bool) throws {
        let value: Any =
            switch kind {
            case "true": true
            case "integer one": 1
            case "string": "YES"
            default: false
            }
        let data = try plist([AppEntitlements.contactsNotesKey: value], .xml)
        let app = try AppIdentity.parse(
            infoPlist: try plist(["CFBundleIdentifier": "com.example.app"], .xml), entitlements: data)
        #expect(app.entitlements.allowsNotes == granted)
    }

    @Test func malformedInfoPlistThrows() {
        #expect(throws: AuthorizationError.self) { try AppIdentity.parse(infoPlist: Data("not a plist".utf8)) }
        let error = #expect(throws: AuthorizationError.self) {
            try AppIdentity.parse(infoPlist: try plist(["NSContactsUsageDescription": "x"], .xml))
        }
        #expect(error?.code == .bundleIdentifierMissing)
    }

    @Test func loadsInfoPlistBesideTheExecutableWithSiblingEntitlements() throws {
        let environment = PrivacyEnvironment.testing(
            files: [
                "/apps/example/Info.plist": try plist(complete, .binary),
                "/apps/example/example.entitlements": try plist([AppEntitlements.contactsNotesKey: true], .xml),
            ],
            executable: URL(fileURLWithPath: "/apps/example/example")
        )
        let app = try AppIdentity.load(environment: environment)
        #expect(app.bundleIdentifier == "com.example.app")
        #expect(app.entitlements.allowsNotes)
    }

    @Test func environmentVariablesOverrideTheLocations() throws {
        let environment = PrivacyEnvironment.testing(
            variables: [
                AppIdentity.infoPlistVariable: "/config/App.plist",
                AppIdentity.entitlementsVariable: "/config/App.entitlements",
            ],
            files: [
                "/config/App.plist": try plist(["CFBundleIdentifier": "com.example.other"], .xml),
                "/config/App.entitlements": try plist([AppEntitlements.contactsNotesKey: true], .xml),
                "/apps/example/Info.plist": try plist(complete, .xml),
            ],
            executable: URL(fileURLWithPath: "/apps/example/example")
        )
        let app = try AppIdentity.load(environment: environment)
        #expect(app.bundleIdentifier == "com.example.other")
        #expect(app.entitlements.allowsNotes)
    }

    @Test func missingEntitlementsFileMeansNoEntitlements() throws {
        let environment = PrivacyEnvironment.testing(
            files: ["/apps/example/Info.plist": try plist(complete, .xml)],
            executable: URL(fileURLWithPath: "/apps/example/example")
        )
        #expect(try AppIdentity.load(environment: environment).entitlements == .none)
    }

    @Test func loadFailuresCarryTheirCodes() throws {
        let missing = #expect(throws: AuthorizationError.self) {
            try AppIdentity.load(environment: .testing(executable: URL(fileURLWithPath: "/apps/example/example")))
        }
        #expect(missing?.code == .infoPlistMissing)
        let unknownExecutable = #expect(throws: AuthorizationError.self) {
            try AppIdentity.load(environment: .testing())
        }
        #expect(unknownExecutable?.code == .infoPlistMissing)
        let unreadable = #expect(throws: AuthorizationError.self) {
            try AppIdentity.load(
                environment: .testing(
                    unreadable: ["/apps/example/Info.plist"],
                    executable: URL(fileURLWithPath: "/apps/example/example")))
        }
        #expect(unreadable?.code == .infoPlistMalformed)
        let badEntitlements = #expect(throws: AuthorizationError.self) {
            try AppIdentity.load(
                environment: .testing(
                    files: [
                        "/apps/example/Info.plist": try plist(complete, .xml),
                        "/apps/example/example.entitlements": Data("[".utf8),
                    ],
                    executable: URL(fileURLWithPath: "/apps/example/example")))
        }
        #expect(badEntitlements?.code == .entitlementsMalformed)
    }

    @Test func readsRealFilesWithTheLiveFileReader() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("Info.plist")
        try plist(complete, .binary).write(to: url)
        var environment = PrivacyEnvironment.live
        environment.variable = { $0 == AppIdentity.infoPlistVariable ? url.path : nil }
        #expect(try AppIdentity.load(environment: environment).usageDescription == "Finds your friends.")
    }

    @Test func accessorIdentityNamesTheAppOrNobody() {
        #expect(AccessorIdentity.person.bundleIdentifier == nil)
        #expect(AccessorIdentity.app(testApp()).bundleIdentifier == "com.example.app")
        #expect(AccessorIdentity.app(testApp()).app == testApp())
    }

    @Test func missingUsageDescriptionMessageNamesTheKey() {
        let message = AppIdentity.missingUsageDescriptionMessage(bundleIdentifier: "com.example.app")
        #expect(message.contains("NSContactsUsageDescription"))
        #expect(message.contains("com.example.app"))
    }

    @Test func presentUsageDescriptionIsReturned() {
        #expect(testApp().requireUsageDescription() == "Finds your friends.")
    }

    @Test func missingUsageDescriptionStopsTheProcessNamingTheKey() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let app = AppIdentity(bundleIdentifier: "com.example.app")
            _ = app.requireUsageDescription()
        }
        let output = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(output.contains("NSContactsUsageDescription"))
    }

    @Test func missingInfoPlistStopsTheProcessOnFirstAccess() async {
        await #expect(processExitsWith: .failure) {
            var environment = PrivacyEnvironment.live
            environment.variable = { $0 == AppIdentity.infoPlistVariable ? "/nonexistent/Info.plist" : nil }
            _ = AppIdentity.requireForContactsAccess(environment: environment)
        }
    }
}
