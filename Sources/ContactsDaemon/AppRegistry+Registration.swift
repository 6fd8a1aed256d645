import Foundation

extension AppRegistry {
    /// One file of the registry directory, as the administrator's `contacts apps list` shows it.
    package struct File: Sendable {
        /// The file.
        package var url: URL
        /// Its entry; nil when the file is not a host app's entry (not JSON, missing a field, or a sandboxed app's).
        package var entry: Entry?
        /// Its sandboxed app's entry (`--flatpak`, `--snap`), when it is one.
        package var sandboxedEntry: SandboxedEntry?
        /// The uid that owns the file.
        package var owner: uid_t
        /// Whether the daemon reads it: owned by root or the daemon's user, writable by no one else.
        package var isTrusted: Bool
    }

    /// Writes a registry entry for an executable, with the SHA-256 of its bytes now; mode 0644.
    ///
    /// The administrator's `contacts apps register PATH` and tests call this; the file must end up owned by root
    /// (or by the daemon's user) for the daemon to trust it. The file is replaced, not rewritten in place, so it
    /// belongs to whoever registered the app, never to the owner of an older file of the same name.
    ///
    /// - Returns: The entry's file.
    @discardableResult
    package static func register(
        executable: String, bundleIdentifier: String, displayName: String? = nil, usageDescription: String?,
        entitlements: [String] = [], webOrigin: String? = nil, in directory: URL
    ) throws -> URL {
        let entry = Entry(
            bundleIdentifier: bundleIdentifier, displayName: displayName, executable: executable,
            sha256: try sha256(ofFileAt: executable), usageDescription: usageDescription, entitlements: entitlements,
            webOrigin: webOrigin)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = fileURL(bundleIdentifier: bundleIdentifier, in: directory)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(entry).write(to: url, options: .atomic)
        chmod(url.path, 0o644)
        return url
    }

    /// The file that holds an app's entry.
    package static func fileURL(bundleIdentifier: String, in directory: URL) -> URL {
        directory.appendingPathComponent("\(bundleIdentifier).json")
    }

    /// Every `.json` file of the directory, trusted or not, sorted by name.
    package func files() -> [File] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().filter { $0.hasSuffix(".json") }.map { name in
            let url = directory.appendingPathComponent(name)
            var status = stat()
            let owner = lstat(url.path, &status) == 0 ? status.st_uid : uid_t.max
            let data = FileManager.default.contents(atPath: url.path)
            let entry = data.flatMap { try? JSONDecoder().decode(Entry.self, from: $0) }
            let sandboxed = data.flatMap { try? JSONDecoder().decode(SandboxedEntry.self, from: $0) }
            return File(url: url, entry: entry, sandboxedEntry: sandboxed, owner: owner, isTrusted: isTrusted(url.path))
        }
    }
}
