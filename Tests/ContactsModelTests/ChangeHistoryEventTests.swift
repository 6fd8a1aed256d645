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
            case .removeSubgroup:
                CNChangeHistoryRemoveSubgroupFromGroupEvent(subgroup: Self.subgroup, group: Self.group)
            }
        }
    }

    @Test(arguments: Sample.allCases)
    func eventRoundTripsThroughSecureCoding(sample: Sample) {
        #expect(LawChecks.secureCodingViolations(of: sample.make()) == [])
    }

    @Test(arguments: Sample.allCases)
    func eventsObeyTheEqualityLaws(sample: Sample) {
        let others = Sample.allCases.filter { $0 != sample }.map { $0.make() as NSObject }
        #expect(LawChecks.equalityViolations(equal: [sample.make(), sample.make()], different: others) == [])
        #expect(LawChecks.copyViolations(of: sample.make()) == [])
    }

    @Test func eventsWithDifferentPropertiesDiffer() {
        let contact = ModelSamples.fullImmutableContact()
        #expect(
            LawChecks.equalityViolations(
                equal: [CNChangeHistoryAddContactEvent(contact: contact, containerIdentifier: "C")],
                different: [
                    CNChangeHistoryAddContactEvent(contact: contact, containerIdentifier: nil),
                    CNChangeHistoryAddContactEvent(contact: CNContact(), containerIdentifier: "C"),
                    CNChangeHistoryUpdateContactEvent(contact: contact),
                ]
            ) == []
        )
        #expect(
            !CNChangeHistoryDeleteContactEvent(contactIdentifier: "A").isEqual(
                CNChangeHistoryDeleteContactEvent(contactIdentifier: "B")))
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
