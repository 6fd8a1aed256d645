import Contacts
import ContactsTestSupport
import Foundation
import Testing

@Suite struct GroupAndContainerTests {
    private func code(of body: () throws -> Void) -> CNError.Code? {
        do {
            try body()
            return nil
        } catch {
            return (error as? CNError)?.code
        }
    }

    private func group(_ name: String, in store: CNContactStore, container: String? = nil) throws -> CNMutableGroup {
        let group = CNMutableGroup()
        group.name = name
        let request = CNSaveRequest()
        request.add(group, toContainerWithIdentifier: container)
        try store.execute(request)
        return group
    }

    @Test(arguments: StoreMode.allCases)
    func aNewStoreHasOneLocalDefaultContainer(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let containers = try temporary.store.containers(matching: nil)
        #expect(containers.count == 1)
        #expect(containers.first?.type == .local)
        #expect(containers.first?.identifier == temporary.store.defaultContainerIdentifier())
        #expect(try temporary.reopen().defaultContainerIdentifier() == temporary.store.defaultContainerIdentifier())
    }

    @Test(arguments: StoreMode.allCases)
    func containerPredicatesSelectByIdentifierContactAndGroup(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let work = try temporary.person.addContainer(name: "Work", type: .cardDAV)
        let contact = ContactFixtures.person("Ann", "Lee")
        try ContactFixtures.save([contact], in: temporary.store, container: work.identifier)
        let team = try group("Team", in: temporary.store, container: work.identifier)
        #expect(
            try temporary.store.containers(
                matching: CNContainer.predicateForContainers(withIdentifiers: [work.identifier, "x"])) == [work])
        #expect(
            try temporary.store.containers(
                matching: CNContainer.predicateForContainerOfContact(withIdentifier: contact.identifier)) == [work])
        #expect(
            try temporary.store.containers(
                matching: CNContainer.predicateForContainerOfGroup(withIdentifier: team.identifier)) == [work])
        #expect(
            try temporary.store.containers(
                matching: CNContainer.predicateForContainerOfContact(withIdentifier: "unknown")
            ).isEmpty)
    }

    @Test(arguments: StoreMode.allCases)
    func groupsAreListedByPredicate(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let work = try temporary.person.addContainer(name: "Work", type: .cardDAV)
        let friends = try group("Friends", in: temporary.store)
        let team = try group("Team", in: temporary.store, container: work.identifier)
        #expect(try temporary.store.groups(matching: nil).map(\.identifier) == [friends.identifier, team.identifier])
        #expect(
            try temporary.store.groups(matching: CNGroup.predicateForGroupsInContainer(withIdentifier: work.identifier))
                .map(\.name) == ["Team"])
        #expect(
            try temporary.store.groups(matching: CNGroup.predicateForGroups(withIdentifiers: [friends.identifier])).map(
                \.name) == ["Friends"])
    }

    @Test(arguments: StoreMode.allCases)
    func renamingAndDeletingAGroupKeepsItsMembers(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let ann = ContactFixtures.person("Ann", "Lee")
        try ContactFixtures.save([ann], in: temporary.store)
        let friends = try group("Friends", in: temporary.store)
        let add = CNSaveRequest()
        add.addMember(ann, to: friends)
        friends.name = "Close friends"
        add.update(friends)
        try temporary.store.execute(add)
        #expect(try temporary.store.groups(matching: nil).map(\.name) == ["Close friends"])
        let delete = CNSaveRequest()
        delete.delete(friends)
        try temporary.store.execute(delete)
        #expect(try temporary.store.groups(matching: nil).isEmpty)
        #expect(try ContactFixtures.identifiers(in: temporary.store) == [ann.identifier])
    }

    @Test(arguments: StoreMode.allCases)
    func removeMemberAfterAddMemberInOneRequestLeavesNoMembership(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let ann = ContactFixtures.person("Ann", "Lee")
        try ContactFixtures.save([ann], in: temporary.store)
        let friends = try group("Friends", in: temporary.store)
        let request = CNSaveRequest()
        request.addMember(ann, to: friends)
        request.removeMember(ann, from: friends)
        try temporary.store.execute(request)
        let members = try temporary.store.unifiedContacts(
            matching: CNContact.predicateForContactsInGroup(withIdentifier: friends.identifier), keysToFetch: [])
        #expect(members.isEmpty)
    }

    @Test(arguments: StoreMode.allCases)
    func deletingAContactRemovesItsMemberships(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let ann = ContactFixtures.person("Ann", "Lee")
        try ContactFixtures.save([ann], in: temporary.store)
        let friends = try group("Friends", in: temporary.store)
        let add = CNSaveRequest()
        add.addMember(ann, to: friends)
        try temporary.store.execute(add)
        let delete = CNSaveRequest()
        delete.delete(ann)
        try temporary.store.execute(delete)
        let members = try temporary.store.unifiedContacts(
            matching: CNContact.predicateForContactsInGroup(withIdentifier: friends.identifier), keysToFetch: [])
        #expect(members.isEmpty)
    }

    @Test(arguments: StoreMode.allCases)
    func memberFromAnotherContainerThrowsContainmentScope(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let work = try temporary.person.addContainer(name: "Work", type: .cardDAV)
        let ann = ContactFixtures.person("Ann", "Lee")
        try ContactFixtures.save([ann], in: temporary.store, container: work.identifier)
        let friends = try group("Friends", in: temporary.store)
        let request = CNSaveRequest()
        request.addMember(ann, to: friends)
        #expect(code { try temporary.store.execute(request) } == .containmentScope)
    }

    @Test(arguments: StoreMode.allCases)
    func memberOfAMissingGroupThrowsRecordDoesNotExist(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let ann = ContactFixtures.person("Ann", "Lee")
        try ContactFixtures.save([ann], in: temporary.store)
        let request = CNSaveRequest()
        request.addMember(ann, to: CNGroup())
        #expect(code { try temporary.store.execute(request) } == .recordDoesNotExist)
    }

    @Test(arguments: StoreMode.allCases)
    func subgroupsNestAndAreListed(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let parent = try group("Parent", in: temporary.store)
        let child = try group("Child", in: temporary.store)
        let request = CNSaveRequest()
        request.addSubgroup(child, to: parent)
        try temporary.store.execute(request)
        let subgroups = try temporary.store.groups(
            matching: CNGroup.predicateForSubgroupsInGroup(withIdentifier: parent.identifier))
        #expect(subgroups.map(\.identifier) == [child.identifier])
        let remove = CNSaveRequest()
        remove.removeSubgroup(child, from: parent)
        try temporary.store.execute(remove)
        #expect(
            try temporary.store.groups(
                matching: CNGroup.predicateForSubgroupsInGroup(withIdentifier: parent.identifier)
            ).isEmpty)
    }

    @Test(arguments: StoreMode.allCases)
    func subgroupCycleThrowsContainmentCycle(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let first = try group("First", in: temporary.store)
        let second = try group("Second", in: temporary.store)
        let third = try group("Third", in: temporary.store)
        let chain = CNSaveRequest()
        chain.addSubgroup(second, to: first)
        chain.addSubgroup(third, to: second)
        try temporary.store.execute(chain)
        let cycle = CNSaveRequest()
        cycle.addSubgroup(first, to: third)
        #expect(code { try temporary.store.execute(cycle) } == .containmentCycle)
        let selfCycle = CNSaveRequest()
        selfCycle.addSubgroup(first, to: first)
        #expect(code { try temporary.store.execute(selfCycle) } == .containmentCycle)
    }

    @Test(arguments: StoreMode.allCases)
    func exchangeContainersHaveNoGroups(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let exchange = try temporary.person.addContainer(name: "Mail", type: .exchange)
        #expect(code { _ = try group("Team", in: temporary.store, container: exchange.identifier) } == .policyViolation)
    }

    @Test(arguments: StoreMode.allCases)
    func cardDAVContainersDoNotNestGroups(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let dav = try temporary.person.addContainer(name: "Dav", type: .cardDAV)
        let parent = try group("Parent", in: temporary.store, container: dav.identifier)
        let child = try group("Child", in: temporary.store, container: dav.identifier)
        let request = CNSaveRequest()
        request.addSubgroup(child, to: parent)
        #expect(code { try temporary.store.execute(request) } == .policyViolation)
    }

    @Test(arguments: StoreMode.allCases)
    func readOnlyContainerRefusesAddsWith207AndChangesWith206(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let dav = try temporary.person.addContainer(name: "Dav", type: .cardDAV)
        let ann = ContactFixtures.person("Ann", "Lee")
        try ContactFixtures.save([ann], in: temporary.store, container: dav.identifier)
        try temporary.person.setContainer(withIdentifier: dav.identifier, readOnly: true)
        #expect(
            code {
                try ContactFixtures.save(
                    [ContactFixtures.person("Bo", "Ek")], in: temporary.store, container: dav.identifier)
            } == .parentContainerNotWritable)
        let update = CNSaveRequest()
        update.update(ann)
        #expect(code { try temporary.store.execute(update) } == .recordNotWritable)
        let delete = CNSaveRequest()
        delete.delete(ann)
        #expect(code { try temporary.store.execute(delete) } == .recordNotWritable)
    }

    @Test(arguments: StoreMode.allCases)
    func readOnlyDefaultContainerLeavesNoWritableContainer(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        try temporary.person.setContainer(withIdentifier: temporary.store.defaultContainerIdentifier(), readOnly: true)
        #expect(
            code { try ContactFixtures.save([ContactFixtures.person("Ann", "Lee")], in: temporary.store) }
                == .noAccessableWritableContainers)
    }

    @Test(arguments: StoreMode.allCases)
    func unknownContainerThrowsParentRecordDoesNotExist(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        #expect(
            code {
                try ContactFixtures.save(
                    [ContactFixtures.person("Ann", "Lee")], in: temporary.store, container: "nowhere:ABAccount")
            } == .parentRecordDoesNotExist)
    }

    /// The person's call: the same in both modes.
    @Test func onlyAccountContainersCanBeAdded() throws {
        let temporary = try TemporaryStore()
        #expect(code { _ = try temporary.person.addContainer(name: "Second", type: .local) } == .policyViolation)
    }
}
