import ContactsModel

/// Converts a save request's operations to messages and back.
///
/// The daemon rebuilds what the engine's save plan reads: added and updated contacts with their storage
/// (linked identifiers included, which decide what a unified contact writes), groups with their fields, and
/// for deletes, members and subgroups only identifiers, since the engine looks those records up by
/// identifier. A deleted contact therefore crosses as its identifier alone, not as the data the app holds.
///
/// ```swift
/// request.operations = WireSave.message(saveRequest.operations)
/// // in the daemon:
/// try connection.execute(try WireSave.operations(request.operations), ...)
/// ```
package enum WireSave {
    /// The messages of a save request's operations, in queue order.
    package static func message(_ operations: [SaveOperation]) -> [Contacts_V1_SaveOperation] {
        operations.map { operation in
            var message = Contacts_V1_SaveOperation()
            message.kind = kind(of: operation)
            return message
        }
    }

    private static func kind(of operation: SaveOperation) -> Contacts_V1_SaveOperation.OneOf_Kind {
        switch operation {
        case .addContact(let contact, let container):
            var added = Contacts_V1_ContactInContainer()
            added.contact = Contacts_V1_Contact(contact.storage)
            if let container {
                added.hasContainer_p = true
                added.containerIdentifier = container
            }
            return .addContact(added)
        case .updateContact(let contact):
            return .updateContact(Contacts_V1_Contact(contact.storage))
        case .deleteContact(let contact):
            return .deleteContact(Contacts_V1_Contact(ContactStorage(identifier: contact.identifier, fetchedKeys: [])))
        case .addGroup(let group, let container):
            var added = Contacts_V1_GroupInContainer()
            added.group = Contacts_V1_Group(group.fields)
            if let container {
                added.hasContainer_p = true
                added.containerIdentifier = container
            }
            return .addGroup(added)
        case .updateGroup(let group):
            return .updateGroup(Contacts_V1_Group(group.fields))
        case .deleteGroup(let group):
            return .deleteGroup(Contacts_V1_Group(group.fields))
        case .addMember(let contact, let group):
            return .addMember(membership(contact, group))
        case .removeMember(let contact, let group):
            return .removeMember(membership(contact, group))
        case .addSubgroup(let subgroup, let group):
            return .addSubgroup(nesting(subgroup, group))
        case .removeSubgroup(let subgroup, let group):
            return .removeSubgroup(nesting(subgroup, group))
        }
    }

    private static func membership(_ contact: CNContact, _ group: CNGroup) -> Contacts_V1_Membership {
        var message = Contacts_V1_Membership()
        message.contactIdentifier = contact.identifier
        message.group = Contacts_V1_Group(group.fields)
        return message
    }

    private static func nesting(_ subgroup: CNGroup, _ group: CNGroup) -> Contacts_V1_Subgroup {
        var message = Contacts_V1_Subgroup()
        message.subgroup = Contacts_V1_Group(subgroup.fields)
        message.group = Contacts_V1_Group(group.fields)
        return message
    }
}
