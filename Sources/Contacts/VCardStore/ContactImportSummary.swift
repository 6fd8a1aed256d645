/// What an import did: cards read, contacts added and updated, cards skipped by reason, groups.
///
/// ```swift
/// let summary = try store.importVCards(from: url)
/// print("\(summary.added) added, \(summary.updated) updated, \(summary.skippedCount) skipped")
/// ```
///
/// Parity: our addition.
public struct ContactImportSummary: Hashable, Sendable, Codable {
    /// Why a card was not written.
    public enum SkipReason: String, Hashable, Sendable, Codable, CodingKeyRepresentable, CaseIterable {
        /// The store holds the card's contact with the same values and unknown properties.
        case unchanged
        /// An earlier card of the same import has the same UID (or, without UIDs, the same match key).
        case duplicateInInput = "duplicate in input"
        /// The card has no name part, nickname, organization, e-mail address or phone number.
        case empty = "empty card"
        /// A group card without a name.
        case unnamedGroup = "group without a name"
    }

    /// Files read.
    public var files = 0
    /// Cards read, group cards included.
    public var cards = 0
    /// Contacts added.
    public var added = 0
    /// Contacts updated.
    public var updated = 0
    /// Cards skipped, by reason.
    public var skipped: [SkipReason: Int] = [:]
    /// Groups created (from group cards and `CATEGORIES`).
    public var groupsCreated = 0
    /// Memberships added.
    public var membersAdded = 0

    public init() {}

    /// All skipped cards.
    public var skippedCount: Int { skipped.values.reduce(0, +) }

    mutating func skip(_ reason: SkipReason) {
        skipped[reason, default: 0] += 1
    }
}
