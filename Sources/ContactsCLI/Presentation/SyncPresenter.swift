import ContactsSync

/// The text of `accounts sync`: per account, a table of what happened to each address book, the total, and
/// each skipped card with its reason.
package enum SyncPresenter {
    /// One account's sync; the account names its books.
    package static func text(_ result: SyncResultJSON, account: CardDAVAccount) -> String {
        if result.error != nil {
            // The error line went to standard error as it happened.
            return "Account \(result.identifier) (\(account.name)): the sync failed.\n"
        }
        let names = Dictionary(account.addressBooks.map { ($0.containerIdentifier, $0.name) }) { first, _ in first }
        var table = TextTable(header: [
            "BOOK", "DOWNLOADED", "UPLOADED", "DELETED HERE", "DELETED ON SERVER", "CONFLICTS", "SKIPPED",
        ])
        for book in result.addressBooks {
            table.append(row(names[book.containerIdentifier ?? ""] ?? book.containerIdentifier ?? "", book))
        }
        if result.addressBooks.count > 1 { table.append(row("Total", result.total)) }
        var text = "Account \(result.identifier) (\(account.name)): synced.\n" + table.rendered
        for book in result.addressBooks {
            let name = names[book.containerIdentifier ?? ""] ?? ""
            for card in book.skipped {
                text += "Skipped \(card.href) in \(name): \(card.reason).\n"
            }
        }
        let copies = result.total.conflicts - result.total.merged
        if copies > 0 {
            text +=
                "\(copies) conflict\(copies == 1 ? "" : "s") kept the server's version; "
                + "the local versions were saved as copies.\n"
        }
        return text
    }

    static func row(_ name: String, _ summary: SyncResultJSON.Summary) -> [String] {
        let conflicts =
            summary.merged > 0 ? "\(summary.conflicts) (\(summary.merged) merged)" : String(summary.conflicts)
        return [
            name, String(summary.downloaded), String(summary.uploaded), String(summary.deletedLocally),
            String(summary.deletedOnServer), conflicts, String(summary.skipped.count),
        ]
    }
}
