import Foundation

/// A CardDAV account: a server, the person's credentials for it (kept outside the database), and its address
/// books, each a container.
public struct CardDAVAccount: Codable, Hashable, Sendable {
    public var identifier: String
    public var name: String
    /// The URL the person gave, without user name or password.
    public var serverURL: URL
    /// The principal discovery found.
    public var principalURL: URL?
    /// Where the credentials are kept.
    public var credentialStorage: CredentialStorageKind
    /// Whether the person pinned a certificate for this server.
    public var hasPinnedCertificate: Bool
    public var addressBooks: [CardDAVAddressBook]
    public var createdAt: Date
    public var settings: AccountSettings
}
