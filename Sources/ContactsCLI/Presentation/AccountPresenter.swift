import ContactsSync
import Foundation

/// The text of `contacts accounts`: tables for people. Never a user name or a password.
package enum AccountPresenter {
    /// `accounts list`: one row per account.
    package static func list(_ accounts: [CardDAVAccount]) -> String {
        guard !accounts.isEmpty else { return "No accounts.\n" }
        var table = TextTable(header: ["NAME", "SERVER", "BOOKS", "LAST SYNC", "IDENTIFIER"])
        for account in accounts {
            table.append([
                account.name, account.serverURL.absoluteString, String(account.addressBooks.count),
                AccountJSON.lastSync(of: account).map { $0.formatted(.iso8601) } ?? "never", account.identifier,
            ])
        }
        return table.rendered
    }

    /// `accounts show`: the account, then a row per address book with what its server offers.
    package static func detail(_ account: CardDAVAccount) -> String {
        var table = TextTable()
        table.append(["Account", account.name])
        table.append(["Identifier", account.identifier])
        table.append(["Server", account.serverURL.absoluteString])
        table.append(["Principal", account.principalURL?.absoluteString ?? "(none found)"])
        table.append(["Credentials", credentialsLabel(account.credentialStorage)])
        table.append(["Certificate", account.hasPinnedCertificate ? "pinned" : "the system's authorities"])
        if account.settings.allowsInsecureHTTP { table.append(["Plain http", "allowed to other hosts"]) }
        table.append(["Listing timeout", seconds(account.settings.timeouts.listing)])
        table.append(["Added", account.createdAt.formatted(.iso8601)])
        table.append(["Last sync", AccountJSON.lastSync(of: account).map { $0.formatted(.iso8601) } ?? "never"])
        return table.rendered + "\n" + books(account.addressBooks)
    }

    /// Whole seconds without a fraction ("900 s"), others as they are ("2.5 s").
    static func seconds(_ value: Double) -> String {
        let whole = value.rounded()
        return (whole == value && abs(value) < 1e15 ? String(Int(whole)) : String(value)) + " s"
    }

    /// The address books of an account with their capabilities.
    package static func books(_ books: [CardDAVAddressBook]) -> String {
        guard !books.isEmpty else { return "No address books.\n" }
        var table = TextTable(header: ["BOOK", "ACCESS", "GROUPS", "VCARD", "SYNC", "LAST SYNC", "CONTAINER"])
        for book in books {
            let capabilities = book.capabilities
            table.append([
                book.name, capabilities.isReadOnly ? "read-only" : "read-write",
                capabilities.groupDialect.rawValue + (capabilities.groupDialectIsChosen ? " (chosen)" : ""),
                capabilities.vCardVersions.joined(separator: ","),
                capabilities.supportsSyncCollection ? "sync-collection" : "etags",
                book.lastSync.map { $0.formatted(.iso8601) } ?? "never", book.containerIdentifier,
            ])
        }
        return table.rendered
    }

    /// `accounts add`: the new identifier, then the books discovery found.
    package static func added(_ account: CardDAVAccount) -> String {
        let count = account.addressBooks.count
        return "Added account \(account.identifier) with \(count) address book\(count == 1 ? "" : "s").\n"
            + books(account.addressBooks)
            + "Sync it with 'contacts accounts sync \(account.identifier)'.\n"
    }

    static func credentialsLabel(_ kind: CredentialStorageKind) -> String {
        switch kind {
        case .secretService: "in the Secret Service"
        case .file: "in a private file (mode 0600)"
        case .none: "none"
        default: kind.rawValue
        }
    }
}
