import ContactsPrivacy
import Crypto
import Foundation

/// The administrator's list of host apps: which executable is which app, with its purpose string and
/// entitlements. The daemon knows an unsandboxed app only from here, never from the app.
///
/// One JSON file per app in the registry directory, owned by root (or by the daemon's own user, for a daemon
/// a developer runs for themself) and not writable by anyone else; other files are ignored and logged:
///
/// ```json
/// { "bundleIdentifier": "org.example.friends", "displayName": "Friends",
///   "executable": "/usr/bin/friends", "sha256": "<64 hex digits>",
///   "usageDescription": "Finds your friends.", "entitlements": ["com.apple.developer.contacts.notes"],
///   "webOrigin": "https://friends.example" }
/// ```
///
/// `contacts apps register PATH` writes one (docs/Daemon.md). Sandboxed apps have entries of their own kind,
/// keyed by the sandbox's identity (``SandboxedEntry``, AppRegistry+Sandboxed.swift).
package struct AppRegistry: Sendable {
    package struct Entry: Codable, Hashable, Sendable {
        package var bundleIdentifier: String
        package var displayName: String?
        package var executable: String
        package var sha256: String
        package var usageDescription: String?
        package var entitlements: [String]?
        /// The web origin whose pages may frame the app's contact access button (`https://app.example`); nil:
        /// the app has no button (docs/WebUI.md).
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

    package let directory: URL
    /// The uid besides root that may own registry files: the daemon's own.
    package let trustedOwner: uid_t

    package init(directory: URL, trustedOwner: uid_t) {
        self.directory = directory
        self.trustedOwner = trustedOwner
    }

    /// The entries whose files are safely owned, by executable path.
    func entries() -> [String: Entry] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var result: [String: Entry] = [:]
        for name in files.sorted() where name.hasSuffix(".json") {
            let path = directory.appendingPathComponent(name).path
            guard isTrusted(path), let data = FileManager.default.contents(atPath: path),
                let entry = try? JSONDecoder().decode(Entry.self, from: data)
            else { continue }
            result[entry.executable] = entry
        }
        return result
    }

    /// The name (the bundle identifier when none) and purpose string the administrator registered for each host
    /// app, by bundle identifier, read once: the person's settings and app list show them (the first file's when
    /// two name one app).
    func registeredApps() -> [String: (displayName: String, purpose: String?)] {
        var result: [String: (displayName: String, purpose: String?)] = [:]
        for entry in entries().values where result[entry.bundleIdentifier] == nil {
            result[entry.bundleIdentifier] = (entry.displayName ?? entry.bundleIdentifier, entry.usageDescription)
        }
        return result
    }

    /// Whether a registry file is owned by root or the daemon's user and writable by no one else.
    package func isTrusted(_ path: String) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return false }
        guard status.st_uid == 0 || status.st_uid == trustedOwner else { return false }
        return status.st_mode & (S_IWGRP | S_IWOTH) == 0
    }

    /// The SHA-256 of a file, in lowercase hex; a file unchanged since it was last hashed is not read again
    /// (``DigestCache``).
    package static func sha256(ofFileAt path: String) throws -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw DaemonError(.peerUnknown, "cannot read \(path)")
        }
        defer { try? handle.close() }
        return try DigestCache.shared.digest(of: handle.fileDescriptor) {
            var hasher = SHA256()
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                hasher.update(data: chunk)
            }
            return hasher.finalize().map { String(format: "%02x", $0) }.joined()
        }
    }
}
