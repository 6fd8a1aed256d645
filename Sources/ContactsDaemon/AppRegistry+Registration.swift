import Foundation

extension AppRegistry {
    /// Writes a registry entry for an executable, with the SHA-256 of its bytes now; mode 0644.
    ///
    /// The administrator's `contacts apps register PATH` and tests call this; the file must end up owned by root
    /// (or by the daemon's user) for the daemon to trust it.
    ///
    /// - Returns: The entry's file.
    @discardableResult
    package static func register(
        executable: String, bundleIdentifier: String, displayName: String? = nil, usageDescription: String?,
        entitlements: [String] = [], in directory: URL
    ) throws -> URL {
        let entry = Entry(
            bundleIdentifier: bundleIdentifier, displayName: displayName, executable: executable,
            sha256: try sha256(ofFileAt: executable), usageDescription: usageDescription, entitlements: entitlements)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("\(bundleIdentifier).json")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(entry).write(to: url)
        chmod(url.path, 0o644)
        return url
    }
}
