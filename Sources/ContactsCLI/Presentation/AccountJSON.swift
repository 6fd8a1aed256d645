import ContactsSync
import Foundation

/// An account as `accounts list --json`, `accounts show --json` and `accounts add --json` print it (docs/CLI.md).
///
/// No user name and no password: only where the credentials are kept.
package struct AccountJSON: Codable, Hashable, Sendable {
    /// An address book of the account and what its server offers.
    package struct AddressBook: Codable, Hashable, Sendable {
        package var containerIdentifier: String
        package var name: String
        package var url: String
        package var readOnly: Bool
        /// `apple`, `kind` or `categories`.
        package var groupDialect: String
        /// Whether the person chose the dialect (`--group-dialect`) rather than a sync detecting it.
        package var groupDialectChosen: Bool
        package var syncCollection: Bool
        package var multiget: Bool
        package var vCardVersions: [String]
        /// ISO 8601; absent before the first complete sync.
        package var lastSync: String?

        init(_ book: CardDAVAddressBook) {
            containerIdentifier = book.containerIdentifier
            name = book.name
            url = book.url.absoluteString
            readOnly = book.capabilities.isReadOnly
            groupDialect = book.capabilities.groupDialect.rawValue
            groupDialectChosen = book.capabilities.groupDialectIsChosen
            syncCollection = book.capabilities.supportsSyncCollection
            multiget = book.capabilities.supportsMultiget
            vCardVersions = book.capabilities.vCardVersions
            lastSync = book.lastSync.map { $0.formatted(.iso8601) }
        }
    }

    package var identifier: String
    package var name: String
    package var serverURL: String
    package var principalURL: String?
    /// `secret-service`, `file` or `none`.
    package var credentialStorage: String
    package var pinnedCertificate: Bool
    package var allowsInsecureHTTP: Bool
    /// Seconds a listing of a book may take (`--listing-timeout`).
    package var listingTimeout: Double
    package var createdAt: String
    /// The oldest of the books' last syncs, so every book is at least that fresh; absent until each has synced.
    package var lastSync: String?
    package var addressBooks: [AddressBook]

    package init(_ account: CardDAVAccount) {
        identifier = account.identifier
        name = account.name
        serverURL = account.serverURL.absoluteString
        principalURL = account.principalURL?.absoluteString
        credentialStorage = account.credentialStorage.rawValue
        pinnedCertificate = account.hasPinnedCertificate
        allowsInsecureHTTP = account.settings.allowsInsecureHTTP
        listingTimeout = account.settings.timeouts.listing
        createdAt = account.createdAt.formatted(.iso8601)
        lastSync = Self.lastSync(of: account).map { $0.formatted(.iso8601) }
        addressBooks = account.addressBooks.map(AddressBook.init)
    }

    /// The oldest last sync of the account's books; nil when one has never synced.
    static func lastSync(of account: CardDAVAccount) -> Date? {
        let dates = account.addressBooks.map(\.lastSync)
        guard !dates.isEmpty, !dates.contains(nil) else { return nil }
        return dates.compactMap { $0 }.min()
    }
}
