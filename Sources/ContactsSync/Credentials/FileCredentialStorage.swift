import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Credentials in files only the person can read: one JSON file per account, mode 0600, in a folder of mode
/// 0700 (by default `$XDG_CONFIG_HOME/contacts/credentials`, else `~/.config/contacts/credentials`).
///
/// A file or folder that others can read is refused rather than used, so a copied or loosened file is noticed.
public struct FileCredentialStorage: CredentialStorage {
    public let directory: URL

    public var kind: CredentialStorageKind { .file }

    public init(directory: URL) {
        self.directory = directory
    }

    /// The default folder for an environment.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let config =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".config")
        return config.appendingPathComponent("contacts/credentials", isDirectory: true)
    }

    public func save(_ credentials: CardDAVCredentials, account: String) throws {
        let path = try file(for: account)
        try makeDirectory()
        let data = try credentials.encoded()
        let temporary = directory.appendingPathComponent(".\(account).\(UUID().uuidString).tmp").path
        // Created with mode 0600 in one call, so the password is never in a file others could open.
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw failure("cannot create a credentials file for account \(account)") }
        let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor)
        close(descriptor)
        guard written == data.count, synced == 0, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw failure("cannot write the credentials file of account \(account)")
        }
    }

    public func credentials(account: String) throws -> CardDAVCredentials? {
        let path = try file(for: account)
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        guard status.st_uid == getuid(), status.st_mode & 0o077 == 0 else {
            throw failure("the credentials file of account \(account) is readable by others; make it mode 0600")
        }
        guard let data = FileManager.default.contents(atPath: path), let credentials = CardDAVCredentials.decoded(data)
        else {
            throw failure("the credentials file of account \(account) cannot be read")
        }
        return credentials
    }

    public func remove(account: String) throws {
        let path = try file(for: account)
        guard unlink(path) == 0 || errno == ENOENT else {
            throw failure("cannot remove the credentials of account \(account)")
        }
    }

    private func file(for account: String) throws -> String {
        guard Self.isSafeName(account) else { throw failure("invalid account identifier") }
        return directory.appendingPathComponent(account + ".json").path
    }

    private func makeDirectory() throws {
        try? FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var status = stat()
        guard stat(directory.path, &status) == 0 else { throw failure("cannot create the credentials folder") }
        if status.st_mode & 0o077 != 0 {
            guard chmod(directory.path, 0o700) == 0 else {
                throw failure("the credentials folder is readable by others")
            }
        }
    }

    /// Account identifiers become file names: letters, digits and `-_.:` only, no leading dot.
    static func isSafeName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.:".unicodeScalars.contains($0))
            }
    }

    private func failure(_ message: String) -> SyncError {
        SyncError(.credentialStorageFailed, message)
    }
}
