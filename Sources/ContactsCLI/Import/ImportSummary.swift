/// What an import did: counts, and why cards were skipped.
package struct ImportSummary: Codable, Hashable, Sendable {
    /// Why a card was not imported.
    package enum SkipReason: String, Codable, Hashable, Sendable, CaseIterable {
        /// The store already holds the same contact with the same values.
        case unchanged
        /// An earlier card of the same import has the same name and first e-mail address or phone number.
        case duplicateInInput = "duplicate in input"
        /// The card has no name, organization, e-mail address or phone number.
        case empty = "empty card"
        /// A group card without a name.
        case unnamedGroup = "group without a name"
    }

    package var files = 0
    package var cards = 0
    package var added = 0
    package var updated = 0
    package var skipped: [String: Int] = [:]
    package var groupsCreated = 0
    package var membersAdded = 0

    package init() {}

    package mutating func skip(_ reason: SkipReason) {
        skipped[reason.rawValue, default: 0] += 1
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
        if groupsCreated > 0 || membersAdded > 0 {
            lines.append("Groups: \(groupsCreated) created, \(membersAdded) member\(membersAdded == 1 ? "" : "s") added.")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
