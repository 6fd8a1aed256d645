import Contacts
import ContactsTestSupport
import Foundation
import Testing

/// Implements only the four required methods, as many apps do.
private final class ContactsOnlyVisitor: NSObject, CNChangeHistoryEventVisitor {
    var visits = 0
    func visit(_ event: CNChangeHistoryDropEverythingEvent) { visits += 1 }
    func visit(_ event: CNChangeHistoryAddContactEvent) { visits += 1 }
    func visit(_ event: CNChangeHistoryUpdateContactEvent) { visits += 1 }
    func visit(_ event: CNChangeHistoryDeleteContactEvent) { visits += 1 }
}

@Suite struct HistoryVisitorTests {
    @Test(arguments: StoreMode.allCases)
    func visitorWithoutGroupMethodsSkipsGroupEvents(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let store = temporary.store
        let token = store.currentHistoryToken
        let ann = ContactFixtures.person("Ann", "Lee")
        let group = CNMutableGroup()
        group.name = "Family"
        try store.save {
            $0.add(ann, toContainerWithIdentifier: nil)
            $0.add(group, toContainerWithIdentifier: nil)
            $0.addMember(ann, to: group)
        }
        let request = CNChangeHistoryFetchRequest()
        request.startingToken = token
        request.includeGroupChanges = true
        let events = Array(try store.changeHistory(for: request).value)
        #expect(events.count == 3)
        let visitor = ContactsOnlyVisitor()
        for event in events { event.accept(visitor) }
        #expect(visitor.visits == 1)
    }

    @Test(arguments: StoreMode.allCases)
    func subgroupRemovalIsReported(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let store = temporary.store
        let parent = CNMutableGroup()
        parent.name = "Family"
        let child = CNMutableGroup()
        child.name = "Cousins"
        try store.save {
            $0.add(parent, toContainerWithIdentifier: nil)
            $0.add(child, toContainerWithIdentifier: nil)
            $0.addSubgroup(child, to: parent)
        }
        let token = store.currentHistoryToken
        try store.save { $0.removeSubgroup(child, from: parent) }
        #expect(
            try store.historyLines(after: token, groups: true).lines == [
                "remove subgroup \(child.identifier) from \(parent.identifier)"
            ])
    }

    @Test(arguments: StoreMode.allCases)
    func memberEventsCarryTheUnifiedContactWhenUnified(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let store = temporary.store
        let account = try temporary.person.addContainer(name: "Work", type: .cardDAV)
        let home = ContactFixtures.person("Ann", "Lee")
        let work = ContactFixtures.person("Ann", "Lee")
        try ContactFixtures.save([home], in: store)
        try ContactFixtures.save([work], in: store, container: account.identifier)
        try store.link([home.identifier, work.identifier], preferredIdentifier: home.identifier)
        let group = CNMutableGroup()
        group.name = "Team"
        try store.save { $0.add(group, toContainerWithIdentifier: account.identifier) }
        let token = store.currentHistoryToken
        try store.save { $0.addMember(work, to: group) }
        #expect(
            try store.historyLines(after: token, groups: true).lines == [
                "add member \(home.identifier) to \(group.identifier)"
            ])
        #expect(
            try store.historyLines(after: token, groups: true, unify: false).lines == [
                "add member \(work.identifier) to \(group.identifier)"
            ])
    }
}
