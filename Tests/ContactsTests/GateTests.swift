import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

@Suite struct GateTests {
    private let nameKeys = [CNContactGivenNameKey as CNKeyDescriptor]

    /// A store with Ann, Bob and Cid; the app has limited access to Ann.
    private func limitedStore(_ mode: StoreMode, notes: Bool = false) throws -> (
        PrivacyFixtures, CNContactStore, [String]
    ) {
        let fixtures = try PrivacyFixtures(mode: mode)
        let identifiers = try fixtures.add(["Ann", "Bob", "Cid"], emails: ["Bob": "bob@example.com"])
        let app = PrivacyFixtures.app(notes: notes)
        try fixtures.accessControls().setAccess(.limited([identifiers[0]]), for: app.bundleIdentifier)
        return (fixtures, try fixtures.store(for: app), identifiers)
    }

    @Test(arguments: StoreMode.allCases, [CNAuthorizationStatus.denied, .restricted])
    func everyDataCallFailsWithAuthorizationDenied(mode: StoreMode, status: CNAuthorizationStatus) throws {
        let fixtures = try PrivacyFixtures(mode: mode)
        let identifiers = try fixtures.add(["Ann"])
        let app = PrivacyFixtures.app()
        if status == .denied {
            try fixtures.accessControls().setAccess(.denied, for: app.bundleIdentifier)
        } else {
            try fixtures.accessControls().restrict(app.bundleIdentifier)
        }
        let store = try fixtures.store(for: app)
        #expect(store.authorizationStatus(for: .contacts) == status)
        let calls: [() throws -> Any] = [
            {
                try store.unifiedContacts(
                    matching: CNContact.predicateForContacts(matchingName: "Ann"), keysToFetch: self.nameKeys)
            },
            { try store.unifiedContact(withIdentifier: identifiers[0], keysToFetch: self.nameKeys) },
            { try PrivacyFixtures.names(in: store) },
            { try store.groups(matching: nil) },
            { try store.containers(matching: nil) },
            { try store.unifiedMeContactWithKeys(toFetch: self.nameKeys) },
            { try ContactFixtures.save([ContactFixtures.person("New", "One")], in: store) },
        ]
        for call in calls {
            #expect(PrivacyFixtures.code(call) == .authorizationDenied)
        }
        #expect(store.defaultContainerIdentifier() == "")
        #expect(store.currentHistoryToken == nil)
    }

    @Test(arguments: StoreMode.allCases)
    func limitedAppSeesOnlySharedAndCreatedContacts(mode: StoreMode) throws {
        let (fixtures, store, _) = try limitedStore(mode)
        defer { withExtendedLifetime(fixtures) {} }
        #expect(try PrivacyFixtures.names(in: store) == ["Ann"])
        let created = ContactFixtures.person("Dan", "Test")
        try ContactFixtures.save([created], in: store)
        #expect(try PrivacyFixtures.names(in: store) == ["Ann", "Dan"])
        #expect(try store.unifiedContact(withIdentifier: created.identifier, keysToFetch: nameKeys).givenName == "Dan")
    }

    @Test(arguments: StoreMode.allCases)
    func nameEmailAndIdentifierSearchesNeverMatchAHiddenContact(mode: StoreMode) throws {
        let (fixtures, store, identifiers) = try limitedStore(mode)
        defer { withExtendedLifetime(fixtures) {} }
        #expect(
            try store.unifiedContacts(
                matching: CNContact.predicateForContacts(matchingName: "Bob"), keysToFetch: nameKeys
            ).isEmpty)
        #expect(
            try store.unifiedContacts(
                matching: CNContact.predicateForContacts(matchingName: "Test"), keysToFetch: nameKeys
            ).map(\.givenName) == ["Ann"])
        #expect(
            try store.unifiedContacts(
                matching: CNContact.predicateForContacts(matchingEmailAddress: "bob@example.com"), keysToFetch: nameKeys
            ).isEmpty)
        #expect(
            try store.unifiedContacts(
                matching: CNContact.predicateForContacts(withIdentifiers: identifiers), keysToFetch: nameKeys
            ).map(\.identifier) == [identifiers[0]])
    }

    @Test(arguments: StoreMode.allCases)
    func hiddenContactReadsExactlyLikeAMissingOne(mode: StoreMode) throws {
        let (fixtures, store, identifiers) = try limitedStore(mode)
        defer { withExtendedLifetime(fixtures) {} }
        let hidden = #expect(throws: CNError.self) {
            try store.unifiedContact(withIdentifier: identifiers[1], keysToFetch: self.nameKeys)
        }
        let missing = #expect(throws: CNError.self) {
            try store.unifiedContact(withIdentifier: "Missing:ABPerson", keysToFetch: self.nameKeys)
        }
        #expect(hidden?.code == .recordDoesNotExist)
        #expect(missing?.code == .recordDoesNotExist)
        #expect(hidden?.affectedRecordIdentifiers == [identifiers[1]])
    }

    @Test(arguments: StoreMode.allCases)
    func updatingOrDeletingAHiddenContactIsRecordDoesNotExist(mode: StoreMode) throws {
        let (fixtures, store, identifiers) = try limitedStore(mode)
        let hidden = try #require(
            fixtures.person.unifiedContact(withIdentifier: identifiers[1], keysToFetch: nameKeys).mutableCopy()
                as? CNMutableContact)
        hidden.givenName = "Changed"
        let update = CNSaveRequest()
        update.update(hidden)
        #expect(PrivacyFixtures.code { try store.execute(update) } == .recordDoesNotExist)
        let delete = CNSaveRequest()
        delete.delete(hidden)
        #expect(PrivacyFixtures.code { try store.execute(delete) } == .recordDoesNotExist)
        #expect(try PrivacyFixtures.names(in: fixtures.person) == ["Ann", "Bob", "Cid"])
    }

    @Test(arguments: StoreMode.allCases)
    func groupsAreVisibleButTheirMembersAreFiltered(mode: StoreMode) throws {
        let (fixtures, store, identifiers) = try limitedStore(mode)
        let group = CNMutableGroup()
        group.name = "Friends"
        let request = CNSaveRequest()
        request.add(group, toContainerWithIdentifier: nil)
        for identifier in identifiers {
            let member = try fixtures.person.unifiedContact(withIdentifier: identifier, keysToFetch: nameKeys)
            request.addMember(member, to: group)
        }
        try fixtures.person.execute(request)
        #expect(try store.groups(matching: nil).map(\.name) == ["Friends"])
        let members = try store.unifiedContacts(
            matching: CNContact.predicateForContactsInGroup(withIdentifier: group.identifier), keysToFetch: nameKeys)
        #expect(members.map(\.givenName) == ["Ann"])
    }

    @Test(arguments: StoreMode.allCases)
    func containerOfAHiddenContactIsNotFound(mode: StoreMode) throws {
        let (fixtures, store, identifiers) = try limitedStore(mode)
        defer { withExtendedLifetime(fixtures) {} }
        #expect(
            try store.containers(matching: CNContainer.predicateForContainerOfContact(withIdentifier: identifiers[0]))
                .count == 1)
        #expect(
            try store.containers(matching: CNContainer.predicateForContainerOfContact(withIdentifier: identifiers[1]))
                .isEmpty)
        #expect(try store.containers(matching: nil).count == 1)
        #expect(!store.defaultContainerIdentifier().isEmpty)
    }

    @Test(arguments: StoreMode.allCases)
    func fetchingTheNoteWithoutTheEntitlementFailsAsAWhole(mode: StoreMode) throws {
        let (fixtures, store, identifiers) = try limitedStore(mode)
        defer { withExtendedLifetime(fixtures) {} }
        let keys = [CNContactGivenNameKey, CNContactNoteKey] as [CNKeyDescriptor]
        let error = #expect(throws: CNError.self) {
            try store.unifiedContact(withIdentifier: identifiers[0], keysToFetch: keys)
        }
        #expect(error?.code == .unauthorizedKeys)
        #expect(error?.keyPaths == [CNContactNoteKey])
        #expect(
            PrivacyFixtures.code {
                try store.unifiedContacts(
                    matching: CNContact.predicateForContacts(matchingName: "Ann"), keysToFetch: keys)
            } == .unauthorizedKeys)
    }

    @Test(arguments: StoreMode.allCases)
    func fetchingTheNoteWithTheEntitlementWorks(mode: StoreMode) throws {
        let (fixtures, store, identifiers) = try limitedStore(mode, notes: true)
        defer { withExtendedLifetime(fixtures) {} }
        let keys = [CNContactGivenNameKey, CNContactNoteKey] as [CNKeyDescriptor]
        #expect(try store.unifiedContact(withIdentifier: identifiers[0], keysToFetch: keys).note == "")
    }

    @Test(arguments: StoreMode.allCases)
    func savingANoteWithoutTheEntitlementIsUnauthorizedKeys(mode: StoreMode) throws {
        let (fixtures, store, _) = try limitedStore(mode)
        let contact = ContactFixtures.person("Eve", "Test")
        contact.note = "secret"
        #expect(PrivacyFixtures.code { try ContactFixtures.save([contact], in: store) } == .unauthorizedKeys)
        #expect(try PrivacyFixtures.names(in: fixtures.person) == ["Ann", "Bob", "Cid"])
        let plain = ContactFixtures.person("Eve", "Test")
        try ContactFixtures.save([plain], in: store)
        #expect(try PrivacyFixtures.names(in: store) == ["Ann", "Eve"])
    }

    @Test(arguments: StoreMode.allCases)
    func reducingAccessStopsOpenStoresUntilReopened(mode: StoreMode) throws {
        let (fixtures, store, identifiers) = try limitedStore(mode)
        let app = PrivacyFixtures.app()
        #expect(try PrivacyFixtures.names(in: store) == ["Ann"])
        try fixtures.accessControls().share([identifiers[1]], with: app.bundleIdentifier)
        #expect(try PrivacyFixtures.names(in: store) == ["Ann", "Bob"])
        try fixtures.accessControls().unshare([identifiers[0]], from: app.bundleIdentifier)
        #expect(PrivacyFixtures.code { try PrivacyFixtures.names(in: store) } == .authorizationDenied)
        #expect(PrivacyFixtures.code { try store.groups(matching: nil) } == .authorizationDenied)
        let reopened = try fixtures.store(for: app)
        #expect(try PrivacyFixtures.names(in: reopened) == ["Bob"])
    }

    @Test(arguments: StoreMode.allCases)
    func fullAccessSeesEverythingAndStillRecordsWhatItCreated(mode: StoreMode) throws {
        let fixtures = try PrivacyFixtures(mode: mode)
        try fixtures.add(["Ann", "Bob"])
        let app = PrivacyFixtures.app()
        try fixtures.accessControls().setAccess(.full, for: app.bundleIdentifier)
        let store = try fixtures.store(for: app)
        #expect(try PrivacyFixtures.names(in: store) == ["Ann", "Bob"])
        try ContactFixtures.save([ContactFixtures.person("Cid", "Test")], in: store)
        try fixtures.accessControls().setAccess(.limited([]), for: app.bundleIdentifier)
        #expect(try PrivacyFixtures.names(in: fixtures.store(for: app)) == ["Cid"])
    }

    @Test(arguments: StoreMode.allCases)
    func limitedEnumerationStreamsEveryBatchInNameOrder(mode: StoreMode) throws {
        let fixtures = try PrivacyFixtures(mode: mode)
        let contacts = (0..<1_200).map { ContactFixtures.person(String(format: "P%04d", $0), "Test") }
        try ContactFixtures.save(contacts, in: fixtures.person)
        let shared = contacts.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        let app = PrivacyFixtures.app()
        try fixtures.accessControls().setAccess(.limited(Set(shared.map(\.identifier))), for: app.bundleIdentifier)
        var names: [String] = []
        let request = CNContactFetchRequest(keysToFetch: nameKeys)
        request.sortOrder = .givenName
        try fixtures.store(for: app).enumerateContacts(with: request) { contact, _ in names.append(contact.givenName) }
        #expect(names == shared.map(\.givenName))
    }

    @Test(arguments: StoreMode.allCases)
    func addingAHiddenContactToAGroupIsRecordDoesNotExist(mode: StoreMode) throws {
        let (fixtures, store, identifiers) = try limitedStore(mode)
        let group = CNMutableGroup()
        group.name = "Team"
        let add = CNSaveRequest()
        add.add(group, toContainerWithIdentifier: nil)
        try store.execute(add)
        let hidden = try fixtures.person.unifiedContact(withIdentifier: identifiers[1], keysToFetch: nameKeys)
        let membership = CNSaveRequest()
        membership.addMember(hidden, to: group)
        let error = #expect(throws: CNError.self) { try store.execute(membership) }
        #expect(error?.code == .recordDoesNotExist)
        #expect(error?.affectedRecordIdentifiers == [identifiers[1]])
        let visible = try store.unifiedContact(withIdentifier: identifiers[0], keysToFetch: nameKeys)
        let allowed = CNSaveRequest()
        allowed.addMember(visible, to: group)
        try store.execute(allowed)
        let members = try fixtures.person.unifiedContacts(
            matching: CNContact.predicateForContactsInGroup(withIdentifier: group.identifier), keysToFetch: nameKeys)
        #expect(members.map(\.identifier) == [identifiers[0]])
    }
}
