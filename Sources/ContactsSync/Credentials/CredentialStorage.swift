/// Where an account's credentials are kept, outside the contacts database.
public protocol CredentialStorage: Sendable {
    /// The name recorded with the account, so its credentials are looked up where they were saved.
    var kind: CredentialStorageKind { get }

    /// Saves an account's credentials, replacing earlier ones.
    ///
    /// - Throws: ``SyncError`` `credentialStorageFailed`.
    func save(_ credentials: CardDAVCredentials, account: String) throws

    /// An account's credentials, or nil when none are saved.
    ///
    /// - Throws: ``SyncError`` `credentialStorageFailed` when the storage cannot be read or is not private.
    func credentials(account: String) throws -> CardDAVCredentials?

    /// Removes an account's credentials; nothing when there are none.
    func remove(account: String) throws
}

/// The kinds of credential storage.
public struct CredentialStorageKind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// The session's Secret Service (GNOME Keyring, KeePassXC, KWallet...) through libsecret's `secret-tool`.
    public static let secretService = CredentialStorageKind(rawValue: "secret-service")
    /// A file in the person's configuration folder that only they can read (mode 0600 in a 0700 folder).
    public static let file = CredentialStorageKind(rawValue: "file")
    /// No credentials: a server that asks for none.
    public static let none = CredentialStorageKind(rawValue: "none")
}
