import Foundation
import GRDB

/// A CardDAV account as the store keeps it: where the server is and how to reach it, never its credentials.
package struct SyncAccountRow: Sendable, Hashable {
    package var identifier: String
    package var name: String
    /// The URL the person gave, without user name or password.
    package var serverURL: String
    /// The `current-user-principal` discovery found, when it found one.
    package var principalURL: String?
    /// Where the credentials are: a value of the sync module's credential storage (Secret Service or file).
    package var credentialStorage: String
    /// A certificate (PEM) the person trusts for this server although no authority signed it.
    package var pinnedCertificate: String?
    /// The sync module's settings for the account, as JSON; the engine does not read them.
    package var settings: String
    package var createdAt: Date

    package init(
        identifier: String, name: String, serverURL: String, principalURL: String?, credentialStorage: String,
        pinnedCertificate: String?, settings: String, createdAt: Date
    ) {
        self.identifier = identifier
        self.name = name
        self.serverURL = serverURL
        self.principalURL = principalURL
        self.credentialStorage = credentialStorage
        self.pinnedCertificate = pinnedCertificate
        self.settings = settings
        self.createdAt = createdAt
    }

    static let columns =
        "identifier, name, server_url, principal_url, credential_storage, pinned_certificate, settings, created_at"

    init(row: Row) {
        identifier = row[0]
        name = row[1]
        serverURL = row[2]
        principalURL = row[3]
        credentialStorage = row[4]
        pinnedCertificate = row[5]
        settings = row[6]
        createdAt = Date(timeIntervalSince1970: row[7])
    }
}
