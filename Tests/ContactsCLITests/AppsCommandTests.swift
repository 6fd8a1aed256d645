import Foundation
import Testing

/// `contacts apps register/list/remove`: the daemon's app registry, through the built binary, as root.
@Suite struct AppsCommandTests {
    /// A harness with an executable (a copy of `true`), a link to it, and a registry folder.
    struct World {
        let harness: CommandLineHarness
        let executable: String
        let link: String
        let registry: String

        init() throws {
            try AdministrationSupport.requireRoot()
            harness = try CommandLineHarness()
            let folder = harness.realDirectory
            executable = folder.appendingPathComponent("friends").path
            try FileManager.default.copyItem(atPath: "/usr/bin/true", toPath: executable)
            link = folder.appendingPathComponent("friends-link").path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: executable)
            registry = folder.appendingPathComponent("apps").path
        }

        func contacts(_ arguments: [String]) throws -> CommandLineHarness.Result {
            try harness.contacts(arguments + ["--registry", registry], store: false)
        }

        func register(_ path: String? = nil, _ bundle: String = "org.example.friends", _ extra: [String] = [])
            throws -> CommandLineHarness.Result
        {
            try contacts(["apps", "register", path ?? link, "--bundle-id", bundle] + extra)
        }

        func list() throws -> [[String: Any]] {
            let result = try contacts(["apps", "list", "--json"])
            #expect(result.status == 0, "\(result.standardError)")
            return try #require(
                try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        }
    }

    @Test func registerWritesTheRealPathAndTheHashOfTheExecutable() throws {
        let world = try World()
        let result = try world.register(
            nil, "org.example.friends",
            [
                "--name", "Friends", "--usage", "Finds your friends.", "--entitlement",
                "com.apple.developer.contacts.notes",
            ])
        #expect(result.status == 0, "\(result.standardError)")
        let file = world.registry + "/org.example.friends.json"
        let digest = try AdministrationSupport.sha256(world.executable)
        #expect(result.standardOutput.hasPrefix("Registered org.example.friends in \(file):\n"))
        #expect(result.standardOutput.contains(world.executable))
        #expect(result.standardOutput.contains(digest))
        #expect(!result.standardOutput.contains("Note:"), "root's file is trusted")
        let entry = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        #expect(entry["executable"] as? String == world.executable, "the link resolved, as /proc/PID/exe shows it")
        #expect(entry["sha256"] as? String == digest)
        #expect(entry["displayName"] as? String == "Friends")
        #expect(entry["usageDescription"] as? String == "Finds your friends.")
        #expect(entry["entitlements"] as? [String] == ["com.apple.developer.contacts.notes"])
        let status = try AdministrationSupport.status(file)
        #expect(status.uid == 0 && status.mode == 0o644)
        let again = try world.register()
        #expect(again.status == 0)
        #expect(again.standardOutput.hasPrefix("Updated org.example.friends"))
    }

    @Test func listShowsTrustAndWhetherTheHashStillMatches() throws {
        let world = try World()
        #expect(
            try world.contacts(["apps", "list"]).standardOutput == "No apps are registered in \(world.registry).\n")
        #expect(try world.register().status == 0)
        var app = try #require(try world.list().first)
        #expect(app["bundleIdentifier"] as? String == "org.example.friends")
        #expect(app["executable"] as? String == world.executable)
        #expect(app["trusted"] as? Bool == true)
        #expect(app["hashMatches"] as? Bool == true)
        let table = try world.contacts(["apps"]).standardOutput
        #expect(table.hasPrefix("BUNDLE ID"))
        #expect(table.contains("yes      matches"))

        // The app was updated (or tampered with) after it was registered.
        let handle = try #require(FileHandle(forWritingAtPath: world.executable))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0]))
        try handle.close()
        app = try #require(try world.list().first)
        #expect(app["hashMatches"] as? Bool == false)
        #expect(try world.contacts(["apps"]).standardOutput.contains("changed"))
        try FileManager.default.removeItem(atPath: world.executable)
        #expect(try world.contacts(["apps"]).standardOutput.contains("missing"))

        // A file another user owns is not read by the daemon, unless the daemon runs as that user.
        let userA = try AdministrationSupport.user("contacts-test-a")
        chown(world.registry + "/org.example.friends.json", userA.uid, userA.gid)
        app = try #require(try world.list().first)
        #expect(app["trusted"] as? Bool == false)
        #expect(app["owner"] as? Int == Int(userA.uid))
        #expect(try world.contacts(["apps"]).standardOutput.contains("no (owner uid \(userA.uid))"))
        let asDaemonUser = try world.contacts(["apps", "list", "--json", "--daemon-user", "contacts-test-a"])
        #expect(asDaemonUser.standardOutput.contains("\"trusted\" : true"))
    }

    @Test func aFileAnyoneMayWriteIsNotTrusted() throws {
        let world = try World()
        #expect(try world.register().status == 0)
        chmod(world.registry + "/org.example.friends.json", 0o666)
        #expect(try world.list().first?["trusted"] as? Bool == false)
    }

    @Test func removeDeletesTheEntryAndAnUnknownAppExits67() throws {
        let world = try World()
        #expect(try world.register().status == 0)
        let removed = try world.contacts(["apps", "remove", "org.example.friends"])
        #expect(removed.status == 0, "\(removed.standardError)")
        #expect(removed.standardOutput == "Removed org.example.friends (\(world.registry)/org.example.friends.json).\n")
        #expect(try world.list().isEmpty)
        let unknown = try world.contacts(["apps", "remove", "org.example.friends"])
        #expect(unknown.status == 67)
        #expect(unknown.standardError.contains("no app with the bundle identifier org.example.friends"))
    }

    @Test(arguments: ["missing", "apps-folder", "plain-file"])
    func onlyARegularExecutableFileCanBeRegistered(kind: String) throws {
        let world = try World()
        let path = world.harness.realDirectory.appendingPathComponent(kind).path
        switch kind {
        case "apps-folder": try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        case "plain-file":
            FileManager.default.createFile(
                atPath: path, contents: Data("x".utf8), attributes: [.posixPermissions: 0o644])
        default: break
        }
        let result = try world.register(path)
        #expect(result.status == 66, "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: world.registry + "/org.example.friends.json"))
    }

    @Test(arguments: ["../escape", ".hidden", "a/b", ""])
    func aBundleIdentifierThatCannotNameAFileIsAUsageError(bundle: String) throws {
        let world = try World()
        let result = try world.register(nil, bundle)
        #expect(result.status == 64)
        #expect(!FileManager.default.fileExists(atPath: world.registry))
    }

    @Test func registeringWithoutAPurposeStringSaysContactsdWillRefuseTheApp() throws {
        let world = try World()
        let result = try world.register()
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("Note: without --usage contactsd refuses the app"))
    }

    @Test func oneExecutableIsOneApp() throws {
        let world = try World()
        #expect(try world.register().status == 0)
        let other = try world.register(world.executable, "org.example.other")
        #expect(other.status == 73)
        #expect(other.standardError.contains("already registered as org.example.friends"))
    }
}

/// The administration commands as a user other than root.
@Suite struct AdministrationPermissionTests {
    @Test(arguments: [
        ["apps", "register", "/usr/bin/true", "--bundle-id", "org.example.true"],
        ["apps", "remove", "org.example.true"],
        ["daemon", "install"],
        ["daemon", "adopt", "--uid", "0"],
    ])
    func aUserOtherThanRootCannotChangeTheSystem(arguments: [String]) throws {
        try AdministrationSupport.requireRoot()
        let harness = try CommandLineHarness()
        let userA = try AdministrationSupport.user("contacts-test-a")
        let result = try harness.contacts(as: userA, arguments)
        #expect(result.status == 77, "\(result.standardError)")
        #expect(result.standardError.contains("root"))
        #expect(result.standardError.contains("hint: run it with sudo"))
    }

    @Test func aUserMayWriteARegistryOfTheirOwnButTheSystemDaemonDoesNotTrustIt() throws {
        try AdministrationSupport.requireRoot()
        let harness = try CommandLineHarness()
        let userA = try AdministrationSupport.user("contacts-test-a")
        let registry = harness.realDirectory.appendingPathComponent("my-apps").path
        try FileManager.default.createDirectory(atPath: registry, withIntermediateDirectories: true)
        chown(registry, userA.uid, userA.gid)
        let result = try harness.contacts(
            as: userA, ["apps", "register", "/usr/bin/true", "--bundle-id", "org.example.true", "--registry", registry])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("belongs to you (uid \(userA.uid)), not root"))
        #expect(result.standardOutput.contains("the system's contactsd ignores it"))
        let file = try AdministrationSupport.status(registry + "/org.example.true.json")
        #expect(file.uid == userA.uid)
        let list = try harness.contacts(["apps", "list", "--registry", registry], store: false)
        #expect(list.standardOutput.contains("no (owner uid \(userA.uid))"))
    }
}
