import Foundation

/// Credentials in the session's Secret Service (org.freedesktop.secrets: GNOME Keyring, KWallet, KeePassXC),
/// through libsecret's `secret-tool`.
///
/// Items carry two attributes, `service` (`org.swift-contacts.carddav`) and `account` (the account's
/// identifier); the secret is the JSON of user name and password, passed on standard input, never on the
/// command line where other users could read it.
public struct SecretServiceCredentialStorage: CredentialStorage {
    /// The `secret-tool` executable.
    public let executable: URL
    /// The environment `secret-tool` runs with (it needs the session bus address).
    public let environment: [String: String]

    static let service = "org.swift-contacts.carddav"

    public var kind: CredentialStorageKind { .secretService }

    public init(executable: URL, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.executable = executable
        self.environment = environment
    }

    /// The storage when the session has a bus and `secret-tool` is installed, else nil.
    public static func available(environment: [String: String] = ProcessInfo.processInfo.environment) -> Self? {
        guard let bus = environment["DBUS_SESSION_BUS_ADDRESS"], !bus.isEmpty else { return nil }
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for directory in directories {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("secret-tool")
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return SecretServiceCredentialStorage(executable: candidate, environment: environment)
            }
        }
        return nil
    }

    public func save(_ credentials: CardDAVCredentials, account: String) throws {
        let result = try run(
            ["store", "--label", "Contacts: CardDAV account \(account)", "service", Self.service, "account", account],
            input: try credentials.encoded()
        )
        guard result.status == 0 else {
            throw SyncError(
                .credentialStorageFailed, "the Secret Service did not save the credentials of account \(account)")
        }
    }

    public func credentials(account: String) throws -> CardDAVCredentials? {
        let result = try run(["lookup", "service", Self.service, "account", account], input: nil)
        // secret-tool exits with 1 and prints nothing when no item matches.
        guard result.status == 0, !result.output.isEmpty else { return nil }
        guard let credentials = CardDAVCredentials.decoded(result.output) else {
            throw SyncError(.credentialStorageFailed, "the Secret Service item of account \(account) is not ours")
        }
        return credentials
    }

    public func remove(account: String) throws {
        _ = try run(["clear", "service", Self.service, "account", account], input: nil)
    }

    private func run(_ arguments: [String], input: Data?) throws -> (status: Int32, output: Data) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let standardInput = Pipe()
        let standardOutput = Pipe()
        process.standardInput = standardInput
        process.standardOutput = standardOutput
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw SyncError(.credentialStorageFailed, "secret-tool could not be started")
        }
        if let input { standardInput.fileHandleForWriting.write(input) }
        try? standardInput.fileHandleForWriting.close()
        let output = standardOutput.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
