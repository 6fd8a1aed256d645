import Foundation
import Testing

/// `contacts apps register --flatpak APP_ID` and `--snap NAME`: registry entries keyed by the sandbox's identity,
/// listed and removed as the others are.
@Suite struct AppsSandboxedCommandTests {
    struct World {
        let harness: CommandLineHarness
        let registry: String

        init() throws {
            try AdministrationSupport.requireRoot()
            harness = try CommandLineHarness()
            registry = harness.realDirectory.appendingPathComponent("apps").path
        }

        func contacts(_ arguments: [String]) throws -> CommandLineHarness.Result {
            try harness.contacts(arguments + ["--registry", registry], store: false)
        }

        func entry(_ bundle: String) throws -> [String: Any] {
            let data = try Data(contentsOf: URL(fileURLWithPath: "\(registry)/\(bundle).json"))
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }
    }

    @Test func aFlatpakAppIsRegisteredByItsAppIDWithNoExecutable() throws {
        let world = try World()
        let result = try world.contacts([
            "apps", "register", "--flatpak", "org.example.Friends", "--name", "Friends", "--usage",
            "Finds your friends.",
            "--entitlement", "com.apple.developer.contacts.notes",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput.hasPrefix(
                "Registered org.example.Friends in \(world.registry)/org.example.Friends.json:\n"))
        #expect(result.standardOutput.contains("flatpak"))
        let entry = try world.entry("org.example.Friends")
        #expect(entry["sandbox"] as? String == "flatpak")
        #expect(entry["sandboxID"] as? String == "org.example.Friends")
        #expect(entry["bundleIdentifier"] as? String == "org.example.Friends")
        #expect(entry["usageDescription"] as? String == "Finds your friends.")
        #expect(entry["entitlements"] as? [String] == ["com.apple.developer.contacts.notes"])
        #expect(entry["executable"] == nil && entry["sha256"] == nil)
        let status = try AdministrationSupport.status("\(world.registry)/org.example.Friends.json")
        #expect(status.uid == 0 && status.mode == 0o644)

        let list = try world.contacts(["apps", "list", "--json"])
        #expect(list.status == 0)
        #expect(!list.standardError.contains("not a registry entry"))
        let apps = try #require(
            try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: Any]])
        #expect(apps.first?["sandbox"] as? String == "flatpak")
        #expect(apps.first?["sandboxID"] as? String == "org.example.Friends")
        #expect(apps.first?["trusted"] as? Bool == true)
        #expect(try world.contacts(["apps"]).standardOutput.contains("flatpak org.example.Friends"))

        let removed = try world.contacts(["apps", "remove", "org.example.Friends"])
        #expect(removed.status == 0, "\(removed.standardError)")
        #expect(!FileManager.default.fileExists(atPath: "\(world.registry)/org.example.Friends.json"))
    }

    @Test func aSnapIsRegisteredByItsNameUnderABundleIdentifier() throws {
        let world = try World()
        let missingBundle = try world.contacts(["apps", "register", "--snap", "friends", "--usage", "Friends."])
        #expect(missingBundle.status == 64, "a snap name is no bundle identifier")
        let result = try world.contacts([
            "apps", "register", "--snap", "friends", "--bundle-id", "org.example.friends", "--usage", "Friends.",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let entry = try world.entry("org.example.friends")
        #expect(entry["sandbox"] as? String == "snap")
        #expect(entry["sandboxID"] as? String == "friends")
        let again = try world.contacts(["apps", "register", "--snap", "friends", "--bundle-id", "org.example.other"])
        #expect(again.status == 73)
        #expect(again.standardError.contains("already registered as org.example.friends"))
    }

    @Test(arguments: [
        ["--flatpak", "friends"], ["--flatpak", "org.example/../x.y"], ["--snap", "Friends"], ["--snap", "a/b"],
        ["/usr/bin/true", "--flatpak", "org.example.Friends"], ["--flatpak", "org.example.A", "--snap", "a"], [],
    ])
    func aBadSandboxIDOrNotExactlyOneKindOfAppIsAUsageError(arguments: [String]) throws {
        let world = try World()
        let result = try world.contacts(["apps", "register", "--bundle-id", "org.example.x"] + arguments)
        #expect(result.status == 64, "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: world.registry))
    }
}
