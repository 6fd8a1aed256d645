/// One coalesced change of the history, by identifiers; events are built from it with current data.
package enum HistoryChange: Hashable, Sendable {
    case addContact(String)
    case updateContact(String)
    case deleteContact(String)
    case addGroup(String)
    case updateGroup(String)
    case deleteGroup(String)
    case addMember(contact: String, group: String)
    case removeMember(contact: String, group: String)
    case addSubgroup(String, group: String)
    case removeSubgroup(String, group: String)
}

/// A change-log row as the reader sees it.
package struct HistoryRow: Sendable {
    package var operation: ChangeOperation
    package var identifier: String
    package var related: String?
}
