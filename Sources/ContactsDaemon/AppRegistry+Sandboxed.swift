import ContactsPrivacy
import Foundation

extension AppRegistry {
    /// The sandbox technologies whose apps the daemon identifies by their sandbox.
    package enum Sandbox: String, Codable, Sendable, Hashable {
        case flatpak
        case snap
    }

    /// An administrator's entry for a sandboxed app: keyed by the sandbox's own identity (the Flatpak app id, or
    /// the snap's name), with the app's name, purpose string and entitlements. No executable path or hash: the
    /// daemon checks the running code against the system's installation of that app instead. Nothing of it comes
    /// from files inside the sandbox.
    ///
    /// ```json
    /// { "bundleIdentifier": "org.example.Friends", "sandbox": "flatpak", "sandboxID": "org.example.Friends",
    ///   "displayName": "Friends", "usageDescription": "Finds your friends.", "entitlements": [],
    ///   "webOrigin": "https://friends.example" }
    /// ```
    package struct SandboxedEntry: Codable, Hashable, Sendable {
        package var bundleIdentifier: String
        package var sandbox: Sandbox
        /// The Flatpak app id, or the snap's name.
        package var sandboxID: String
        package var displayName: String?
        package var usageDescription: String?
        package var entitlements: [String]?
        /// The web origin whose pages may frame the app's contact access button, as for a host app's entry.
        package var webOrigin: String? = nil

        var identity: AppIdentity {
            AppIdentity(
                bundleIdentifier: bundleIdentifier,
                displayName: displayName ?? bundleIdentifier,
                usageDescription: usageDescription,
                entitlements: AppEntitlements(granted: Set(entitlements ?? []))
            )
        }
    }

    /// Whether a text is a Flatpak app id (`org.example.Friends`), as Flatpak requires one.
    package static func isValidFlatpakID(_ id: String) -> Bool { FlatpakInfo.isValidApplicationID(id) }

    /// Whether a text is a snap name (`friends`, or `friends_key` for a parallel install), as snapd requires one.
    package static func isValidSnapName(_ name: String) -> Bool { AppArmorLabel.isValidSnapName(name) }

    /// The safely owned entry for a sandboxed app, if the administrator registered it.
    func sandboxedEntry(_ sandbox: Sandbox, id: String) -> SandboxedEntry? {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in files.sorted() where name.hasSuffix(".json") {
            let path = directory.appendingPathComponent(name).path
            guard isTrusted(path), let data = FileManager.default.contents(atPath: path),
                let entry = try? JSONDecoder().decode(SandboxedEntry.self, from: data),
                entry.sandbox == sandbox, entry.sandboxID == id
            else { continue }
            return entry
        }
        return nil
    }

    /// Writes a registry entry for a sandboxed app (`contacts apps register --flatpak ID` or `--snap NAME`), mode
    /// 0644, replacing any file of the same bundle identifier.
    ///
    /// - Returns: The entry's file.
    @discardableResult
    package static func register(
        sandbox: Sandbox, id: String, bundleIdentifier: String? = nil, displayName: String? = nil,
        usageDescription: String?, entitlements: [String] = [], webOrigin: String? = nil, in directory: URL
    ) throws -> URL {
        let entry = SandboxedEntry(
            bundleIdentifier: bundleIdentifier ?? id, sandbox: sandbox, sandboxID: id, displayName: displayName,
            usageDescription: usageDescription, entitlements: entitlements, webOrigin: webOrigin)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = fileURL(bundleIdentifier: entry.bundleIdentifier, in: directory)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(entry).write(to: url, options: .atomic)
        chmod(url.path, 0o644)
        return url
    }
}
