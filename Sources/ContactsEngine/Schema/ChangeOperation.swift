/// The kinds of change the change log records, one row per changed object.
///
/// The raw values are stored: never renumber a case.
package enum ChangeOperation: Int, Sendable, CaseIterable {
    case addContact = 1
    case updateContact = 2
    case deleteContact = 3
    case addGroup = 4
    case updateGroup = 5
    case deleteGroup = 6
    case addMember = 7
    case removeMember = 8
    case addSubgroup = 9
    case removeSubgroup = 10
}
