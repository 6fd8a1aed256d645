import ContactsModel

extension WireSave {
    /// The operations messages describe, in request order.
    ///
    /// - Parameter messages: A `SaveRequest`'s operations.
    /// - Returns: Operations for the engine: contacts as `CNMutableContact` with the storage the message
    ///   holds, members as contacts holding only their identifier, groups with their fields.
    /// - Throws: `WireError.malformedMessage` for an operation without a kind or without the contact or group
    ///   it needs; the errors of ``ContactStorage/init(wire:)`` for a contact.
    package static func operations(_ messages: [Contacts_V1_SaveOperation]) throws(WireError) -> [SaveOperation] {
        var operations: [SaveOperation] = []
        operations.reserveCapacity(messages.count)
        for (index, message) in messages.enumerated() {
            operations.append(try operation(message, index: index))
        }
        return operations
    }

    private static func operation(_ message: Contacts_V1_SaveOperation, index: Int) throws(WireError) -> SaveOperation {
        func missing(_ part: String) -> WireError {
            WireError(.malformedMessage, "SaveOperation[\(index)] has no \(part)")
        }
        switch message.kind {
        case .addContact(let added):
            guard added.hasContact else { throw missing("contact") }
            let container = added.hasContainer_p ? added.containerIdentifier : nil
            return .addContact(try contact(added.contact), containerIdentifier: container)
        case .updateContact(let updated):
            return .updateContact(try contact(updated))
        case .deleteContact(let deleted):
            return .deleteContact(try contact(deleted))
        case .addGroup(let added):
            guard added.hasGroup else { throw missing("group") }
            let container = added.hasContainer_p ? added.containerIdentifier : nil
            return .addGroup(CNMutableGroup(fields: CNGroup.Fields(wire: added.group)), containerIdentifier: container)
        case .updateGroup(let group):
            return .updateGroup(CNMutableGroup(fields: CNGroup.Fields(wire: group)))
        case .deleteGroup(let group):
            return .deleteGroup(CNMutableGroup(fields: CNGroup.Fields(wire: group)))
        case .addMember(let membership):
            guard membership.hasGroup else { throw missing("group") }
            return .addMember(member(membership.contactIdentifier), group: group(membership.group))
        case .removeMember(let membership):
            guard membership.hasGroup else { throw missing("group") }
            return .removeMember(member(membership.contactIdentifier), group: group(membership.group))
        case .addSubgroup(let nesting):
            guard nesting.hasSubgroup, nesting.hasGroup else { throw missing("subgroup or group") }
            return .addSubgroup(group(nesting.subgroup), group: group(nesting.group))
        case .removeSubgroup(let nesting):
            guard nesting.hasSubgroup, nesting.hasGroup else { throw missing("subgroup or group") }
            return .removeSubgroup(group(nesting.subgroup), group: group(nesting.group))
        case nil:
            throw missing("kind")
        }
    }

    private static func contact(_ message: Contacts_V1_Contact) throws(WireError) -> CNMutableContact {
        CNMutableContact(storage: try ContactStorage(wire: message))
    }

    /// A contact that holds only its identifier: all the engine reads of a member.
    private static func member(_ identifier: String) -> CNMutableContact {
        CNMutableContact(storage: ContactStorage(identifier: identifier, fetchedKeys: []))
    }

    private static func group(_ message: Contacts_V1_Group) -> CNGroup {
        CNGroup(fields: CNGroup.Fields(wire: message))
    }
}
