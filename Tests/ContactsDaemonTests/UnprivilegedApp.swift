import Foundation
import Testing

@testable import ContactsDaemon

/// Runs the example app (FindMyFriends) as an unprivileged local user against a daemon, as an attacker would
/// run its own program: its own user, its own environment, whatever files it likes.
///
/// Needs root (CI runs as root): the users are created here when missing (`.ci/run` creates them too).
enum UnprivilegedApp {
    struct Result {
        var status: Int32
        var output: String
    }

    static var isRoot: Bool { geteuid() == 0 }

    /// The uid and gid of a system user, created when missing.
    static func user(_ name: String) throws -> (uid: uid_t, gid: gid_t) {
        if getpwnam(name) == nil {
            let result = try run([
                "/usr/sbin/useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", name,
            ])
            #expect(result.status == 0, "useradd \(name): \(result.output)")
        }
        let entry = try #require(getpwnam(name), "no user \(name)")
        return (entry.pointee.pw_uid, entry.pointee.pw_gid)
    }

    /// The built FindMyFriends executable, next to the test binary.
    static func findMyFriends() throws -> String {
        try product("FindMyFriends")
    }

    /// The real path of the python3 on PATH: the daemon knows a Python app by it.
    static func python3() throws -> String {
        let result = try run([
            "/usr/bin/env", "python3", "-c", "import os, sys; print(os.path.realpath(sys.executable))",
        ])
        try #require(result.status == 0, "python3 is missing: \(result.output)")
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Registers an executable (the built `contacts` tool unless given) as the person's agent in a registry.
    ///
    /// - Returns: The agent's path.
    @discardableResult
    static func registerPersonAgent(in registry: URL, executable: String? = nil) throws -> String {
        let agent = try executable ?? product("contacts")
        try AppRegistry.register(
            executable: agent, bundleIdentifier: "org.swift-contacts.contacts", displayName: "Contacts",
            usageDescription: "Answers for the person.", entitlements: [DaemonConfiguration.personAgentEntitlement],
            in: registry)
        return agent
    }

    /// A built executable of the package, next to the test binary; a copy every user can run when the build
    /// folder is private.
    static func product(_ name: String) throws -> String {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = executable.deletingLastPathComponent()
        for _ in 0..<3 where !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent(name).path)
        {
            directory = directory.deletingLastPathComponent()
        }
        let path = directory.appendingPathComponent(name).path
        try #require(FileManager.default.isExecutableFile(atPath: path), "build the \(name) product first")
        guard !isReachableByEveryone(directory.path) else { return path }
        // The build folder is private (a clone under /root, say): run a copy, with its resource bundles, from a
        // folder every user can reach.
        let copy = URL(fileURLWithPath: "/tmp").appendingPathComponent(
            "contacts-attack-app-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        chmod(copy.path, 0o755)
        for item in try FileManager.default.contentsOfDirectory(atPath: directory.path)
        where item == name || item.hasSuffix(".resources") {
            try FileManager.default.copyItem(
                at: directory.appendingPathComponent(item), to: copy.appendingPathComponent(item))
        }
        _ = try run(["/bin/chmod", "-R", "go+rX", copy.path])
        return copy.appendingPathComponent(name).path
    }

    /// Whether every folder from the root to this one lets others through.
    private static func isReachableByEveryone(_ path: String) -> Bool {
        var current = URL(fileURLWithPath: path)
        while current.path != "/" {
            var status = stat()
            guard stat(current.path, &status) == 0, status.st_mode & S_IXOTH != 0 else { return false }
            current.deleteLastPathComponent()
        }
        return true
    }

    /// Runs a command as a user, with exactly the given environment.
    static func run(
        as user: (uid: uid_t, gid: gid_t), _ arguments: [String], environment: [String: String] = [:]
    ) throws -> Result {
        var command = [
            "/usr/bin/setpriv", "--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups", "--", "/usr/bin/env",
            "-i",
        ]
        command += environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        command += arguments
        return try run(command)
    }

    /// Runs a command and collects its output.
    static func run(_ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
