import ContactsModel
import Foundation

/// The operations of a save request after "the last operation on an object wins", in execution order.
///
/// Per contact or group: an add followed by a delete cancels both; otherwise the last operation stays, and
/// an add followed by updates stays an add of the latest object. Per member or subgroup pair: the last of
/// add and remove stays. The plan runs group adds and updates, then contact adds and updates, then member
/// and subgroup changes, then contact deletes, then group deletes, so a request may add a contact and put
/// it in a new group, or empty a group and delete it.
package struct SavePlan {
    package enum RecordAction<Record> {
        case add(Record, containerIdentifier: String?)
        case update(Record)
        case delete(Record)
    }

    package private(set) var contacts: [RecordAction<CNMutableContact>] = []
    package private(set) var groups: [RecordAction<CNMutableGroup>] = []
    package private(set) var members: [(contact: CNContact, group: CNGroup, isAdd: Bool)] = []
    package private(set) var subgroups: [(subgroup: CNGroup, group: CNGroup, isAdd: Bool)] = []

    package init(_ operations: [SaveOperation]) {
        var contactActions = Coalescer<CNMutableContact>()
        var groupActions = Coalescer<CNMutableGroup>()
        var memberActions = PairCoalescer<CNContact>()
        var subgroupActions = PairCoalescer<CNGroup>()
        for operation in operations {
            switch operation {
            case .addContact(let contact, let container):
                contactActions.apply(.add(contact, containerIdentifier: container), identifier: contact.identifier)
            case .updateContact(let contact):
                contactActions.apply(.update(contact), identifier: contact.identifier)
            case .deleteContact(let contact):
                contactActions.apply(.delete(contact), identifier: contact.identifier)
            case .addGroup(let group, let container):
                groupActions.apply(.add(group, containerIdentifier: container), identifier: group.identifier)
            case .updateGroup(let group):
                groupActions.apply(.update(group), identifier: group.identifier)
            case .deleteGroup(let group):
                groupActions.apply(.delete(group), identifier: group.identifier)
            case .addMember(let contact, let group):
                memberActions.apply(contact, identifier: contact.identifier, group: group, isAdd: true)
            case .removeMember(let contact, let group):
                memberActions.apply(contact, identifier: contact.identifier, group: group, isAdd: false)
            case .addSubgroup(let subgroup, let group):
                subgroupActions.apply(subgroup, identifier: subgroup.identifier, group: group, isAdd: true)
            case .removeSubgroup(let subgroup, let group):
                subgroupActions.apply(subgroup, identifier: subgroup.identifier, group: group, isAdd: false)
            }
        }
        contacts = contactActions.actions
        groups = groupActions.actions
        members = memberActions.entries.map { ($0.record, $0.group, $0.isAdd) }
        subgroups = subgroupActions.entries.map { ($0.record, $0.group, $0.isAdd) }
    }

    /// Keeps the winning action per identifier, in the order identifiers first appeared.
    private struct Coalescer<Record> {
        private var order: [String] = []
        private var seen: Set<String> = []
        private var winners: [String: RecordAction<Record>] = [:]

        mutating func apply(_ action: RecordAction<Record>, identifier: String) {
            guard let previous = winners[identifier] else {
                if seen.insert(identifier).inserted { order.append(identifier) }
                winners[identifier] = action
                return
            }
            switch (previous, action) {
            case (.add, .delete):
                winners[identifier] = nil
            case (.add(_, let container), .update(let record)):
                winners[identifier] = .add(record, containerIdentifier: container)
            default:
                winners[identifier] = action
            }
        }

        var actions: [RecordAction<Record>] {
            order.compactMap { winners[$0] }
        }
    }

    private struct PairCoalescer<Record> {
        struct Entry {
            var record: Record
            var group: CNGroup
            var isAdd: Bool
        }

        private var order: [String] = []
        private var winners: [String: Entry] = [:]

        mutating func apply(_ record: Record, identifier: String, group: CNGroup, isAdd: Bool) {
            let key = identifier + "\u{0}" + group.identifier
            if winners[key] == nil { order.append(key) }
            winners[key] = Entry(record: record, group: group, isAdd: isAdd)
        }

        var entries: [Entry] {
            order.compactMap { winners[$0] }
        }
    }
}
