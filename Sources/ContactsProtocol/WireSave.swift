import ContactsModel
import Foundation

/// Save requests on the wire: each operation with the records it names.
package enum WireSave {
    package static func message(_ operations: [SaveOperation]) -> [Contacts_V1_SaveOperation] {
        operations.map { operation in
            var message = Contacts_V1_SaveOperation()
            switch operation {
            case .addContact(let contact, let container):
                var add = Contacts_V1_ContactInContainer()
                add.contact = Contacts_V1_Contact(contact.storage)
                add.hasContainer_p = container != nil
                add.containerIdentifier = container ?? ""
                message.kind = .addContact(add)
            case .updateContact(let contact): message.kind = .updateContact(Contacts_V1_Contact(contact.storage))
            case .deleteContact(let contact): message.kind = .deleteContact(Contacts_V1_Contact(contact.storage))
            case .addGroup(let group, let container):
                var add = Contacts_V1_GroupInContainer()
                add.group = Contacts_V1_Group(group.fields)
                add.hasContainer_p = container != nil
                add.containerIdentifier = container ?? ""
                message.kind = .addGroup(add)
            case .updateGroup(let group): message.kind = .updateGroup(Contacts_V1_Group(group.fields))
            case .deleteGroup(let group): message.kind = .deleteGroup(Contacts_V1_Group(group.fields))
            case .addMember(let contact, let group): message.kind = .addMember(membership(contact, group))
            case .removeMember(let contact, let group): message.kind = .removeMember(membership(contact, group))
            case .addSubgroup(let subgroup, let group): message.kind = .addSubgroup(nesting(subgroup, group))
            case .removeSubgroup(let subgroup, let group): message.kind = .removeSubgroup(nesting(subgroup, group))
            }
            return message
        }
    }

    /// The operations of a wire save request, with new objects for the records they name.
    ///
    /// - Throws: ``WireError`` for an operation without a kind or a contact with an unknown key.
    package static func operations(_ messages: [Contacts_V1_SaveOperation]) throws(WireError) -> [SaveOperation] {
        var operations: [SaveOperation] = []
        operations.reserveCapacity(messages.count)
        for message in messages {
            switch message.kind {
            case .addContact(let add):
                operations.append(.addContact(
                    CNMutableContact(storage: try ContactStorage(wire: add.contact)),
                    containerIdentifier: add.hasContainer_p ? add.containerIdentifier : nil))
            case .updateContact(let contact):
                operations.append(.updateContact(CNMutableContact(storage: try ContactStorage(wire: contact))))
            case .deleteContact(let contact):
                operations.append(.deleteContact(CNMutableContact(storage: try ContactStorage(wire: contact))))
            case .addGroup(let add):
                operations.append(.addGroup(
                    CNMutableGroup(fields: CNGroup.Fields(wire: add.group)),
                    containerIdentifier: add.hasContainer_p ? add.containerIdentifier : nil))
            case .updateGroup(let group): operations.append(.updateGroup(CNMutableGroup(fields: CNGroup.Fields(wire: group))))
            case .deleteGroup(let group): operations.append(.deleteGroup(CNMutableGroup(fields: CNGroup.Fields(wire: group))))
            case .addMember(let member):
                operations.append(.addMember(contact(member.contactIdentifier), group: CNGroup(fields: CNGroup.Fields(wire: member.group))))
            case .removeMember(let member):
                operations.append(.removeMember(contact(member.contactIdentifier), group: CNGroup(fields: CNGroup.Fields(wire: member.group))))
            case .addSubgroup(let nesting):
                operations.append(.addSubgroup(
                    CNGroup(fields: CNGroup.Fields(wire: nesting.subgroup)), group: CNGroup(fields: CNGroup.Fields(wire: nesting.group))))
            case .removeSubgroup(let nesting):
                operations.append(.removeSubgroup(
                    CNGroup(fields: CNGroup.Fields(wire: nesting.subgroup)), group: CNGroup(fields: CNGroup.Fields(wire: nesting.group))))
            case nil:
                throw WireError(.malformedMessage, "a save operation without a kind")
            }
        }
        return operations
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

    /// A member named by identifier: memberships need nothing else of the contact.
    private static func contact(_ identifier: String) -> CNContact {
        CNContact(storage: ContactStorage(identifier: identifier, fetchedKeys: []))
    }
}
