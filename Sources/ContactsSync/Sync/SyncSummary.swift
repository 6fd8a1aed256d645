/// What a sync did, per address book and in total.
public struct SyncSummary: Codable, Hashable, Sendable {
    /// The address book's container; empty for a total over several books.
    public var containerIdentifier: String = ""
    /// Cards downloaded and applied (added or changed locally).
    public var downloaded = 0
    /// Cards uploaded (created or changed on the server).
    public var uploaded = 0
    /// Contacts and groups deleted locally because the server deleted them.
    public var deletedLocally = 0
    /// Cards deleted on the server because they were deleted locally.
    public var deletedOnServer = 0
    /// Conflicts: both sides changed the same card. `merged` of them were merged field by field; the rest kept
    /// the server's version and saved the local one as a recoverable copy.
    public var conflicts = 0
    public var merged = 0
    /// Cards left as they are, with reasons.
    public var skipped: [SkippedCard] = []
    /// Whether the sync compared every card (first sync, expired token, server without sync-collection).
    public var usedFullComparison = false

    public init() {}

    /// Adds another book's figures to a total.
    public mutating func add(_ other: SyncSummary) {
        downloaded += other.downloaded
        uploaded += other.uploaded
        deletedLocally += other.deletedLocally
        deletedOnServer += other.deletedOnServer
        conflicts += other.conflicts
        merged += other.merged
        skipped += other.skipped
        usedFullComparison = usedFullComparison || other.usedFullComparison
    }

    /// Whether the sync changed nothing on either side.
    public var isEmpty: Bool {
        downloaded + uploaded + deletedLocally + deletedOnServer + conflicts == 0 && skipped.isEmpty
    }
}
