import Foundation

/// One change queued in a `CNSaveRequest`, in the order it was queued.
package enum SaveOperation {
    case addContact(CNMutableContact, containerIdentifier: String?)
    case updateContact(CNMutableContact)
    case deleteContact(CNMutableContact)
    case addGroup(CNMutableGroup, containerIdentifier: String?)
    case updateGroup(CNMutableGroup)
    case deleteGroup(CNMutableGroup)
    case addMember(CNContact, group: CNGroup)
    case removeMember(CNContact, group: CNGroup)
    case addSubgroup(CNGroup, group: CNGroup)
    case removeSubgroup(CNGroup, group: CNGroup)
}
