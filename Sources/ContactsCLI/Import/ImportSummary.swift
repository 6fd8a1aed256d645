import ContactsSystem

/// What an import did: counts, and why cards were skipped.
package struct ImportSummary: Codable, Hashable, Sendable {
    /// Why a card was not imported: the store-side reasons, listed in this order.
    package typealias SkipReason = ContactImportSummary.SkipReason

    package var files = 0
    package var cards = 0
    package var added = 0
    package var updated = 0
    package var skipped: [String: Int] = [:]
    package var groupsCreated = 0
    package var membersAdded = 0
    /// Files `--skip-invalid` set aside, with their first error.
    package var skippedFiles: [SkippedFile] = []

    package init() {}

    /// The tool's summary of a store-side import; skip reasons keep their documented spellings.
    package init(_ summary: ContactImportSummary) {
        files = summary.files
        cards = summary.cards
        added = summary.added
        updated = summary.updated
        skipped = Dictionary(uniqueKeysWithValues: summary.skipped.map { ($0.key.rawValue, $0.value) })
        groupsCreated = summary.groupsCreated
        membersAdded = summary.membersAdded
    }

    /// The summary for people, a few lines.
    package var text: String {
        let skippedCount = skipped.values.reduce(0, +)
        var lines = [
            "Read \(cards) card\(cards == 1 ? "" : "s") from \(files) file\(files == 1 ? "" : "s"): "
                + "\(added) added, \(updated) updated, \(skippedCount) skipped."
        ]
        for reason in SkipReason.allCases {
            if let count = skipped[reason.rawValue] { lines.append("  skipped, \(reason.rawValue): \(count)") }
        }
        if !skippedFiles.isEmpty {
            lines.append("Skipped \(skippedFiles.count) file\(skippedFiles.count == 1 ? "" : "s") that did not read:")
            for file in skippedFiles {
                lines.append("  \(file.path)\(file.line.map { ", line \($0)" } ?? ""): \(file.reason)")
            }
        }
        if groupsCreated > 0 || membersAdded > 0 {
            lines.append(
                "Groups: \(groupsCreated) created, \(membersAdded) member\(membersAdded == 1 ? "" : "s") added.")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
