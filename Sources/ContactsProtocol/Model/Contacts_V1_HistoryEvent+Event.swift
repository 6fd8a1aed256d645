import ContactsModel

extension Contacts_V1_HistoryEvent {
    /// The message for a change-history event; nil for an event class this protocol does not know (a subclass
    /// an app made), which the daemon never produces.
    ///
    /// - Parameter event: An event the store produced.
    package init?(_ event: CNChangeHistoryEvent) {
        self.init()
        switch event {
        case is CNChangeHistoryDropEverythingEvent:
            kind = .dropEverything(Contacts_V1_DropEverything())
        case let event as CNChangeHistoryAddContactEvent:
            var added = Contacts_V1_ContactInContainer()
            added.contact = Contacts_V1_Contact(event.contact.storage)
            if let container = event.containerIdentifier {
                added.hasContainer_p = true
                added.containerIdentifier = container
            }
            kind = .addContact(added)
        case let event as CNChangeHistoryUpdateContactEvent:
            kind = .updateContact(Contacts_V1_Contact(event.contact.storage))
        case let event as CNChangeHistoryDeleteContactEvent:
            kind = .deleteContact(event.contactIdentifier)
        case let event as CNChangeHistoryAddGroupEvent:
            var added = Contacts_V1_GroupInContainer()
            added.group = Contacts_V1_Group(event.group.fields)
            added.hasContainer_p = true
            added.containerIdentifier = event.containerIdentifier
            kind = .addGroup(added)
        case let event as CNChangeHistoryUpdateGroupEvent:
            kind = .updateGroup(Contacts_V1_Group(event.group.fields))
        case let event as CNChangeHistoryDeleteGroupEvent:
            kind = .deleteGroup(event.groupIdentifier)
        case let event as CNChangeHistoryAddMemberToGroupEvent:
            kind = .addMember(Self.member(event.member, event.group))
        case let event as CNChangeHistoryRemoveMemberFromGroupEvent:
            kind = .removeMember(Self.member(event.member, event.group))
        case let event as CNChangeHistoryAddSubgroupToGroupEvent:
            kind = .addSubgroup(Self.subgroup(event.subgroup, event.group))
        case let event as CNChangeHistoryRemoveSubgroupFromGroupEvent:
            kind = .removeSubgroup(Self.subgroup(event.subgroup, event.group))
        default:
            return nil
        }
    }

    private static func member(_ contact: CNContact, _ group: CNGroup) -> Contacts_V1_MemberEvent {
        var message = Contacts_V1_MemberEvent()
        message.member = Contacts_V1_Contact(contact.storage)
        message.group = Contacts_V1_Group(group.fields)
        return message
    }

    private static func subgroup(_ subgroup: CNGroup, _ group: CNGroup) -> Contacts_V1_Subgroup {
        var message = Contacts_V1_Subgroup()
        message.subgroup = Contacts_V1_Group(subgroup.fields)
        message.group = Contacts_V1_Group(group.fields)
        return message
    }
}

extension CNChangeHistoryEvent {
    /// The event a message describes, with mutable contacts and groups when `mutable` (the fetch request's
    /// `mutableObjects`).
    ///
    /// - Throws: `WireError.malformedMessage` for an event without its kind, contact or group; the errors of
    ///   ``ContactStorage/init(wire:)`` for a contact.
    package static func make(wire message: Contacts_V1_HistoryEvent, mutable: Bool) throws(WireError)
        -> CNChangeHistoryEvent
    {
        func contact(_ wire: Contacts_V1_Contact) throws(WireError) -> CNContact {
            let storage = try ContactStorage(wire: wire)
            return mutable ? CNMutableContact(storage: storage) : CNContact(storage: storage)
        }
        func group(_ wire: Contacts_V1_Group) -> CNGroup {
            let fields = CNGroup.Fields(wire: wire)
            return mutable ? CNMutableGroup(fields: fields) : CNGroup(fields: fields)
        }
        func missing(_ part: String) -> WireError {
            WireError(.malformedMessage, "a history event has no \(part)")
        }
        switch message.kind {
        case .dropEverything:
            return CNChangeHistoryDropEverythingEvent()
        case .addContact(let added):
            guard added.hasContact else { throw missing("contact") }
            return CNChangeHistoryAddContactEvent(
                contact: try contact(added.contact),
                containerIdentifier: added.hasContainer_p ? added.containerIdentifier : nil)
        case .updateContact(let updated):
            return CNChangeHistoryUpdateContactEvent(contact: try contact(updated))
        case .deleteContact(let identifier):
            return CNChangeHistoryDeleteContactEvent(contactIdentifier: identifier)
        case .addGroup(let added):
            guard added.hasGroup else { throw missing("group") }
            return CNChangeHistoryAddGroupEvent(
                group: group(added.group), containerIdentifier: added.containerIdentifier)
        case .updateGroup(let updated):
            return CNChangeHistoryUpdateGroupEvent(group: group(updated))
        case .deleteGroup(let identifier):
            return CNChangeHistoryDeleteGroupEvent(groupIdentifier: identifier)
        case .addMember(let event):
            guard event.hasMember, event.hasGroup else { throw missing("member or group") }
            return CNChangeHistoryAddMemberToGroupEvent(member: try contact(event.member), group: group(event.group))
        case .removeMember(let event):
            guard event.hasMember, event.hasGroup else { throw missing("member or group") }
            return CNChangeHistoryRemoveMemberFromGroupEvent(
                member: try contact(event.member), group: group(event.group))
        case .addSubgroup(let event):
            guard event.hasSubgroup, event.hasGroup else { throw missing("subgroup or group") }
            return CNChangeHistoryAddSubgroupToGroupEvent(subgroup: group(event.subgroup), group: group(event.group))
        case .removeSubgroup(let event):
            guard event.hasSubgroup, event.hasGroup else { throw missing("subgroup or group") }
            return CNChangeHistoryRemoveSubgroupFromGroupEvent(
                subgroup: group(event.subgroup), group: group(event.group))
        case nil:
            throw missing("kind")
        }
    }
}
