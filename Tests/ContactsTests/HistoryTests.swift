import Contacts
import ContactsTestSupport
import Foundation
import Testing

@Suite struct HistoryTests {
    @Test(arguments: StoreMode.allCases)
    func currentTokenIsOpaqueDataThatChangesWithEachSave(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let store = temporary.store
        let first = try #require(store.currentHistoryToken)
        #expect(store.currentHistoryToken == first)
        try ContactFixtures.save([ContactFixtures.person("Ann", "Lee")], in: store)
        let second = try #require(store.currentHistoryToken)
        #expect(second != first)
        #expect(try temporary.reopen().currentHistoryToken == second)
    }

    @Test(arguments: StoreMode.allCases)
    func nilTokenGivesDropEverythingThenAnAddForEveryContact(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let contacts = try ContactFixtures.save(
            [ContactFixtures.person("Ann", "Lee"), ContactFixtures.person("Bo", "Ek")], in: temporary.store)
        let (lines, token) = try temporary.store.historyLines(after: nil)
        #expect(lines.first == "drop")
        #expect(Set(lines.dropFirst()) == Set(contacts.map { "add \($0.identifier)" }))
        #expect(lines.count == 3)
        #expect(token == temporary.store.currentHistoryToken)
    }

    @Test(arguments: StoreMode.allCases, ["malformed", "foreign", "future"])
    func unusableTokenStartsOver(mode: StoreMode, kind: String) throws {
        let temporary = try TemporaryStore(mode: mode)
        let ann = ContactFixtures.person("Ann", "Lee")
        try ContactFixtures.save([ann], in: temporary.store)
        let token: Data
        switch kind {
        case "malformed":
            token = Data("not a token".utf8)
        case "foreign":
            let other = try TemporaryStore(mode: mode)
            token = try #require(other.store.currentHistoryToken)
        default:
            var bytes = [UInt8](try #require(temporary.store.currentHistoryToken))
            bytes[bytes.count - 2] = 0x7F
            token = Data(bytes)
        }
        let (lines, _) = try temporary.store.historyLines(after: token)
        #expect(lines == ["drop", "add \(ann.identifier)"])
    }

    @Test(arguments: StoreMode.allCases)
    func validTokenGivesOnlyLaterChanges(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let store = temporary.store
        let ann = ContactFixtures.person("Ann", "Lee")
        try ContactFixtures.save([ann], in: store)
        let token = store.currentHistoryToken
        let bo = ContactFixtures.person("Bo", "Ek")
        try ContactFixtures.save([bo], in: store)
        ann.givenName = "Anna"
        try store.save { $0.update(ann) }
        let (lines, next) = try store.historyLines(after: token)
        #expect(lines == ["add \(bo.identifier)", "update \(ann.identifier)"])
        #expect(try store.historyLines(after: next).lines.isEmpty)
    }

    @Test(arguments: StoreMode.allCases)
    func addThenUpdatesCoalesceIntoOneAddWithTheLatestData(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let store = temporary.store
        let token = store.currentHistoryToken
        let ann = ContactFixtures.person("Ann", "Lee")
        try ContactFixtures.save([ann], in: store)
        ann.givenName = "Anna"
        try store.save { $0.update(ann) }
        ann.givenName = "Annie"
        try store.save { $0.update(ann) }
        let request = CNChangeHistoryFetchRequest()
        request.startingToken = token
        request.additionalContactKeyDescriptors = [CNContactGivenNameKey as CNKeyDescriptor]
        let events = Array(try store.changeHistory(for: request).value)
        #expect(events.count == 1)
        let add = try #require(events.first as? CNChangeHistoryAddContactEvent)
        #expect(add.contact.givenName == "Annie")
        #expect(add.containerIdentifier == store.defaultContainerIdentifier())
        #expect(add.contact.isKeyAvailable(CNContactGivenNameKey))
        #expect(!add.contact.isKeyAvailable(CNContactFamilyNameKey))
    }

    @Test(arguments: StoreMode.allCases)
    func addThenDeleteGivesNothing(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let store = temporary.store
        let token = store.currentHistoryToken
        let ann = ContactFixtures.person("Ann", "Lee")
        try ContactFixtures.save([ann], in: store)
        try store.save { $0.delete(ann) }
        #expect(try store.historyLines(after: token).lines.isEmpty)
    }

    @Test(arguments: StoreMode.allCases)
    func updatesCoalesceIntoOneUpdateAndUpdateThenDeleteIsADelete(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let store = temporary.store
        let ann = ContactFixtures.person("Ann", "Lee")
        let bo = ContactFixtures.person("Bo", "Ek")
        try ContactFixtures.save([ann, bo], in: store)
        let token = store.currentHistoryToken
        for name in ["A", "B", "C"] {
            ann.givenName = name
            bo.givenName = name
            try store.save {
                $0.update(ann)
                $0.update(bo)
            }
        }
        try store.save { $0.delete(bo) }
        #expect(try store.historyLines(after: token).lines == ["update \(ann.identifier)", "delete \(bo.identifier)"])
    }

    @Test(arguments: StoreMode.allCases)
    func excludedAuthorsTransactionsAreLeftOut(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let store = temporary.store
        let token = store.currentHistoryToken
        let mine = ContactFixtures.person("Ann", "Lee")
        let theirs = ContactFixtures.person("Bo", "Ek")
        try store.save(author: "com.example.mine") { $0.add(mine, toContainerWithIdentifier: nil) }
        try store.save(author: "com.example.sync") { $0.add(theirs, toContainerWithIdentifier: nil) }
        #expect(
            try store.historyLines(after: token, excluding: ["com.example.mine"]).lines == ["add \(theirs.identifier)"])
        #expect(try store.historyLines(after: token).lines.count == 2)
    }

    @Test(arguments: StoreMode.allCases)
    func groupEventsAppearOnlyWhenAsked(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let store = temporary.store
        let ann = ContactFixtures.person("Ann", "Lee")
        let bo = ContactFixtures.person("Bo", "Ek")
        try ContactFixtures.save([ann, bo], in: store)
        let token = store.currentHistoryToken
        let friends = CNMutableGroup()
        friends.name = "Friends"
        let family = CNMutableGroup()
        family.name = "Family"
        let old = CNMutableGroup()
        old.name = "Old"
        try store.save {
            $0.add(friends, toContainerWithIdentifier: nil)
            $0.add(family, toContainerWithIdentifier: nil)
            $0.add(old, toContainerWithIdentifier: nil)
            $0.addMember(ann, to: family)
            $0.addSubgroup(old, to: friends)
        }
        let middle = store.currentHistoryToken
        friends.name = "Close friends"
        try store.save {
            $0.update(friends)
            $0.addMember(bo, to: family)
            $0.removeMember(ann, from: family)
            $0.removeSubgroup(old, from: friends)
        }
        try store.save { $0.delete(old) }
        #expect(try store.historyLines(after: token).lines.isEmpty)
        #expect(
            try store.historyLines(after: token, groups: true).lines == [
                "add group \(friends.identifier)", "add group \(family.identifier)",
                "add member \(bo.identifier) to \(family.identifier)",
            ])
        #expect(
            try store.historyLines(after: middle, groups: true).lines == [
                "update group \(friends.identifier)", "add member \(bo.identifier) to \(family.identifier)",
                "remove member \(ann.identifier) from \(family.identifier)",
                // The subgroup's removal is not reported: the subgroup itself is gone, which its delete says.
                "delete group \(old.identifier)",
            ])
    }

    @Test(arguments: StoreMode.allCases)
    func fullSyncWithGroupsAddsGroupsMembersAndSubgroups(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let store = temporary.store
        let ann = ContactFixtures.person("Ann", "Lee")
        let family = CNMutableGroup()
        family.name = "Family"
        let cousins = CNMutableGroup()
        cousins.name = "Cousins"
        try store.save {
            $0.add(ann, toContainerWithIdentifier: nil)
            $0.add(family, toContainerWithIdentifier: nil)
            $0.add(cousins, toContainerWithIdentifier: nil)
            $0.addMember(ann, to: family)
            $0.addSubgroup(cousins, to: family)
        }
        #expect(
            try store.historyLines(after: nil, groups: true).lines == [
                "drop", "add \(ann.identifier)", "add group \(family.identifier)", "add group \(cousins.identifier)",
                "add member \(ann.identifier) to \(family.identifier)",
                "add subgroup \(cousins.identifier) to \(family.identifier)",
            ])
    }

    @Test(arguments: StoreMode.allCases)
    func mutableObjectsGivesMutableContactsAndGroups(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let store = temporary.store
        let group = CNMutableGroup()
        group.name = "Family"
        try store.save {
            $0.add(ContactFixtures.person("Ann", "Lee"), toContainerWithIdentifier: nil)
            $0.add(group, toContainerWithIdentifier: nil)
        }
        let request = CNChangeHistoryFetchRequest()
        request.mutableObjects = true
        request.includeGroupChanges = true
        let events = Array(try store.changeHistory(for: request).value)
        #expect(
            events.compactMap { $0 as? CNChangeHistoryAddContactEvent }.allSatisfy { $0.contact is CNMutableContact })
        #expect(events.compactMap { $0 as? CNChangeHistoryAddGroupEvent }.allSatisfy { $0.group is CNMutableGroup })
        #expect(events.count == 3)
    }

    @Test(arguments: StoreMode.allCases)
    func eventsAreReadLazilyInPagesAndIterateAgain(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let store = temporary.store
        let token = store.currentHistoryToken
        try ContactFixtures.save((0..<600).map { ContactFixtures.person("Given\($0)", "Family\($0 % 7)") }, in: store)
        let result = try store.changeHistory(
            for: {
                let r = CNChangeHistoryFetchRequest()
                r.startingToken = token
                return r
            }())
        #expect(Array(result.value).count == 600)
        #expect(Array(result.value).count == 600)
        #expect(result.value.error == nil)
    }

    @Test(arguments: StoreMode.allCases)
    func contactFetchResultIsLazyAndCarriesTheToken(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let store = temporary.store
        try ContactFixtures.save(
            (0..<1_200).map { ContactFixtures.person("Given\($0)", "Family\($0 % 97)") }, in: store)
        let request = CNContactFetchRequest(keysToFetch: [CNContactFamilyNameKey as CNKeyDescriptor])
        request.sortOrder = .familyName
        request.mutableObjects = true
        let result = try store.contacts(for: request)
        #expect(result.currentHistoryToken == store.currentHistoryToken)
        let contacts = Array(result.value)
        #expect(contacts.count == 1_200)
        #expect(contacts.allSatisfy { $0 is CNMutableContact })
        var expected: [String] = []
        try store.enumerateContacts(with: request) { contact, _ in expected.append(contact.identifier) }
        #expect(contacts.map(\.identifier) == expected)
    }

    @Test(arguments: StoreMode.allCases)
    func contactFetchWithForeignPredicateThrowsPredicateInvalid(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let request = CNContactFetchRequest(keysToFetch: [])
        request.predicate = CNGroup.predicateForGroups(withIdentifiers: ["x"])
        #expect(throws: CNError(.predicateInvalid)) { try temporary.store.contacts(for: request) }
    }
}
