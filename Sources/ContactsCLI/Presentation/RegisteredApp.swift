import ContactsDaemon
import Foundation

/// A row of `contacts apps list`: a registry entry, whether contactsd trusts its file, and whether the
/// executable still hashes to the registered SHA-256 (a sandboxed app has no executable in its entry: contactsd
/// checks its code against the system's installation of it instead).
struct RegisteredApp: Encodable {
    var bundleIdentifier: String
    var displayName: String?
    var executable: String?
    /// `flatpak` or `snap`, for a sandboxed app.
    var sandbox: String?
    /// The Flatpak app id or the snap's name.
    var sandboxID: String?
    /// The web origin allowed to frame the app's contact access button, as the daemon reads it; nil: no button.
    var webOrigin: String?
    var file: String
    var owner: UInt32
    var trusted: Bool
    var executableExists: Bool?
    var hashMatches: Bool?

    init?(_ file: AppRegistry.File) {
        self.file = file.url.path
        owner = file.owner
        trusted = file.isTrusted
        if let entry = file.entry {
            bundleIdentifier = entry.bundleIdentifier
            displayName = entry.displayName
            executable = entry.executable
            webOrigin = entry.webOrigin.flatMap(AppRegistry.webOrigin)
            executableExists = FileManager.default.fileExists(atPath: entry.executable)
            let digest = try? AppRegistry.sha256(ofFileAt: entry.executable)
            hashMatches = digest == entry.sha256.lowercased()
        } else if let entry = file.sandboxedEntry {
            bundleIdentifier = entry.bundleIdentifier
            displayName = entry.displayName
            sandbox = entry.sandbox.rawValue
            sandboxID = entry.sandboxID
            webOrigin = entry.webOrigin.flatMap(AppRegistry.webOrigin)
        } else {
            return nil
        }
    }

    /// The table people read: one row per app.
    static func table(_ apps: [RegisteredApp]) -> String {
        var table = TextTable(header: ["BUNDLE ID", "NAME", "EXECUTABLE", "WEB ORIGIN", "TRUSTED", "HASH"])
        for app in apps {
            let hash: String =
                switch (app.hashMatches, app.executableExists) {
                case (true, _): "matches"
                case (false, true): "changed"
                case (false, _): "missing"
                case (nil, _): "-"
                }
            table.append([
                app.bundleIdentifier, app.displayName ?? "",
                app.executable ?? "\(app.sandbox ?? "") \(app.sandboxID ?? "")", app.webOrigin ?? "-",
                app.trusted ? "yes" : "no (owner uid \(app.owner))",
                hash,
            ])
        }
        return table.rendered
    }
}
