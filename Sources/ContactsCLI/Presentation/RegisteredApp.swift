import ContactsDaemon
import Foundation

/// A row of `contacts apps list`: a registry entry, whether contactsd trusts its file, and whether the
/// executable still hashes to the registered SHA-256.
struct RegisteredApp: Encodable {
    var bundleIdentifier: String
    var displayName: String?
    var executable: String
    var file: String
    var owner: UInt32
    var trusted: Bool
    var executableExists: Bool
    var hashMatches: Bool

    init?(_ file: AppRegistry.File) {
        guard let entry = file.entry else { return nil }
        bundleIdentifier = entry.bundleIdentifier
        displayName = entry.displayName
        executable = entry.executable
        self.file = file.url.path
        owner = file.owner
        trusted = file.isTrusted
        executableExists = FileManager.default.fileExists(atPath: entry.executable)
        let digest = try? AppRegistry.sha256(ofFileAt: entry.executable)
        hashMatches = digest == entry.sha256.lowercased()
    }

    /// The table people read: one row per app.
    static func table(_ apps: [RegisteredApp]) -> String {
        var table = TextTable(header: ["BUNDLE ID", "NAME", "EXECUTABLE", "TRUSTED", "HASH"])
        for app in apps {
            table.append([
                app.bundleIdentifier, app.displayName ?? "",
                app.executable,
                app.trusted ? "yes" : "no (owner uid \(app.owner))",
                app.hashMatches ? "matches" : app.executableExists ? "changed" : "missing",
            ])
        }
        return table.rendered
    }
}
