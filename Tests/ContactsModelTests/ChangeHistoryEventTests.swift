import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsModel

@Suite struct ChangeHistoryEventTests {
    /// One event of each class, built the way the store builds them.
    enum Sample: String, CaseIterable, Sendable {
        case dropEverything, addContact, updateContact, deleteContact, addGroup, updateGroup, deleteGroup
        case addMember, removeMember, addSubgroup, removeSubgroup

        static let contact = ModelSamples.partialContact(keys: [CNContactGivenNameKey])
        static let group = CNGroup(fields: .init(identifier: "G:ABGroup", name: "Family"))
        static let subgroup = CNGroup(fields: .init(identifier: "S:ABGroup", name: "Cousins"))

        func make() -> CNChangeHistoryEvent {
            switch self {
            case .dropEverything: CNChangeHistoryDropEverythingEvent()
            case .addContact: CNChangeHistoryAddContactEvent(contact: Self.contact, containerIdentifier: "C")
            case .updateContact: CNChangeHistoryUpdateContactEvent(contact: Self.contact)
            case .deleteContact: CNChangeHistoryDeleteContactEvent(contactIdentifier: "A:ABPerson")
            case .addGroup: CNChangeHistoryAddGroupEvent(group: Self.group, containerIdentifier: "C")
            case .updateGroup: CNChangeHistoryUpdateGroupEvent(group: Self.group)
            case .deleteGroup: CNChangeHistoryDeleteGroupEvent(groupIdentifier: "G:ABGroup")
            case .addMember: CNChangeHistoryAddMemberToGroupEvent(member: Self.contact, group: Self.group)
            case .removeMember: CNChangeHistoryRemoveMemberFromGroupEvent(member: Self.contact, group: Self.group)
            case .addSubgroup: CNChangeHistoryAddSubgroupToGroupEvent(subgroup: Self.subgroup, group: Self.group)
            case .removeSubgroup: CNChangeHistoryRemoveSubgroupFromGroupEvent(subgroup: Self.subgroup, group: Self.group)
            }
        }
    }

    @Test(arguments: Sample.allCases)
    func eventRoundTripsThroughSecureCoding(sample: Sample) throws {
        let event = sample.make()
        let decoded = try SecureCodingRoundTrip.roundTrip(event, extraClasses: [type(of: event)])
        #expect(type(of: decoded) == type(of: event))
        #expect(EventSummary(decoded) == EventSummary(event))
    }

    @Test func eventWithMutableContactRoundTrips() throws {
        let contact = ModelSamples.fullContact()
        let event = CNChangeHistoryAddContactEvent(contact: contact, containerIdentifier: nil)
        let decoded = try SecureCodingRoundTrip.roundTrip(event)
        #expect(decoded.contact.isEqual(contact))
        #expect(decoded.contact is CNMutableContact)
        #expect(decoded.containerIdentifier == nil)
    }

    @Test(arguments: Sample.allCases)
    func acceptCallsTheVisitorMethodOfTheEventsClass(sample: Sample) {
        let visitor = RecordingVisitor()
        sample.make().accept(visitor)
        #expect(visitor.visits == [sample.rawValue])
    }

    @Test(arguments: Sample.allCases)
    func visitorWithoutOptionalMethodsSkipsGroupEvents(sample: Sample) {
        let visitor = ContactsOnlyVisitor()
        sample.make().accept(visitor)
        let contactEvents: [Sample] = [.dropEverything, .addContact, .updateContact, .deleteContact]
        #expect(visitor.visits == (contactEvents.contains(sample) ? 1 : 0))
    }

    @Test(arguments: Sample.allCases)
    func copyReturnsAnEqualEvent(sample: Sample) throws {
        let event = sample.make()
        let copy = try #require(event.copy() as? CNChangeHistoryEvent)
        #expect(EventSummary(copy) == EventSummary(event))
    }
}

/// The observable content of an event, for comparing decoded events.
private struct EventSummary: Equatable {
    var kind: String
    var contact: CNContact?
    var group: CNGroup?
    var otherGroup: CNGroup?
    var identifier: String?

    init(_ event: CNChangeHistoryEvent) {
        kind = String(describing: type(of: event))
        switch event {
        case let event as CNChangeHistoryAddContactEvent:
            (contact, identifier) = (event.contact, event.containerIdentifier)
        case let event as CNChangeHistoryUpdateContactEvent:
            contact = event.contact
        case let event as CNChangeHistoryDeleteContactEvent:
            identifier = event.contactIdentifier
        case let event as CNChangeHistoryAddGroupEvent:
            (group, identifier) = (event.group, event.containerIdentifier)
        case let event as CNChangeHistoryUpdateGroupEvent:
            group = event.group
        case let event as CNChangeHistoryDeleteGroupEvent:
            identifier = event.groupIdentifier
        case let event as CNChangeHistoryAddMemberToGroupEvent:
            (contact, group) = (event.member, event.group)
        case let event as CNChangeHistoryRemoveMemberFromGroupEvent:
            (contact, group) = (event.member, event.group)
        case let event as CNChangeHistoryAddSubgroupToGroupEvent:
            (otherGroup, group) = (event.subgroup, event.group)
        case let event as CNChangeHistoryRemoveSubgroupFromGroupEvent:
            (otherGroup, group) = (event.subgroup, event.group)
        default:
            break
        }
    }

    static func == (left: EventSummary, right: EventSummary) -> Bool {
        left.kind == right.kind && left.identifier == right.identifier
            && ContactStorage.isEqual(left.contact, right.contact) && ContactStorage.isEqual(left.group, right.group)
            && ContactStorage.isEqual(left.otherGroup, right.otherGroup)
    }
}

/// A visitor that implements every method and records which one ran.
private final class RecordingVisitor: CNChangeHistoryEventVisitor {
    var visits: [String] = []
    func visit(_ event: CNChangeHistoryDropEverythingEvent) { visits.append("dropEverything") }
    func visit(_ event: CNChangeHistoryAddContactEvent) { visits.append("addContact") }
    func visit(_ event: CNChangeHistoryUpdateContactEvent) { visits.append("updateContact") }
    func visit(_ event: CNChangeHistoryDeleteContactEvent) { visits.append("deleteContact") }
    func visit(_ event: CNChangeHistoryAddGroupEvent) { visits.append("addGroup") }
    func visit(_ event: CNChangeHistoryUpdateGroupEvent) { visits.append("updateGroup") }
    func visit(_ event: CNChangeHistoryDeleteGroupEvent) { visits.append("deleteGroup") }
    func visitAddMember(_ event: CNChangeHistoryAddMemberToGroupEvent) { visits.append("addMember") }
    func visitRemoveMember(_ event: CNChangeHistoryRemoveMemberFromGroupEvent) { visits.append("removeMember") }
    func visitAddSubgroup(_ event: CNChangeHistoryAddSubgroupToGroupEvent) { visits.append("addSubgroup") }
    func visitRemoveSubgroup(_ event: CNChangeHistoryRemoveSubgroupFromGroupEvent) { visits.append("removeSubgroup") }
}

/// A visitor that implements only the four required methods, as TN3149's example does.
private final class ContactsOnlyVisitor: CNChangeHistoryEventVisitor {
    var visits = 0
    func visit(_ event: CNChangeHistoryDropEverythingEvent) { visits += 1 }
    func visit(_ event: CNChangeHistoryAddContactEvent) { visits += 1 }
    func visit(_ event: CNChangeHistoryUpdateContactEvent) { visits += 1 }
    func visit(_ event: CNChangeHistoryDeleteContactEvent) { visits += 1 }
}
