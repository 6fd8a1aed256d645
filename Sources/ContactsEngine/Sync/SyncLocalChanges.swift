/// What changed locally in a synced container since its last sync.
package struct SyncLocalChanges: Sendable {
    /// Contacts of the container added or changed (fields or group memberships), oldest first.
    package var contacts: [String]
    /// Groups of the container added, renamed, or whose members changed.
    package var groups: [String]
    /// Cards whose contact or group was deleted locally.
    package var removedCards: [SyncCardRow]
    /// False when the change log no longer reached back: `contacts` and `groups` then hold every one of the
    /// container, to compare with what the server last had.
    package var isComplete: Bool
    /// The change-log sequence these changes run up to: the next sync starts after it.
    package var sequence: Int64

    package init(contacts: [String], groups: [String], removedCards: [SyncCardRow], isComplete: Bool, sequence: Int64) {
        self.contacts = contacts
        self.groups = groups
        self.removedCards = removedCards
        self.isComplete = isComplete
        self.sequence = sequence
    }
}
