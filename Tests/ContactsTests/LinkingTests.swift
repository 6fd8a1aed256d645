import Contacts
import ContactsTestSupport
import Foundation
import Testing

@Suite struct LinkingTests {
    private static var allKeys: [any CNKeyDescriptor] {
        [
            CNContactGivenNameKey, CNContactFamilyNameKey, CNContactJobTitleKey, CNContactNoteKey,
            CNContactPhoneNumbersKey, CNContactEmailAddressesKey,
        ] as [NSString]
    }

    /// Two cards in different containers; the work card in an account container.
    private func twoCards(_ temporary: TemporaryStore) throws -> (
        home: CNMutableContact, work: CNMutableContact, account: CNContainer
    ) {
        let account = try temporary.person.addContainer(name: "Work", type: .cardDAV)
        let home = ContactFixtures.person("Ann", "Lee", phones: ["+1 415 555 0100"], emails: ["ann@home.example"])
        let work = ContactFixtures.person(
            "", "Lee", phones: ["+1 (415) 555-0100", "+1 415 555 0199"], emails: ["ann@work.example"])
        work.jobTitle = "Engineer"
        try ContactFixtures.save([home], in: temporary.store)
        try ContactFixtures.save([work], in: temporary.store, container: account.identifier)
        return (home, work, account)
    }

    @Test(arguments: StoreMode.allCases)
    func linkedCardsFetchAsOneUnifiedContactWithThePreferredIdentifier(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let store = temporary.store
        let (home, work, _) = try twoCards(temporary)
        try store.link([home.identifier, work.identifier], preferredIdentifier: home.identifier)
        let all = try store.unifiedContacts(
            matching: CNContact.predicateForContacts(matchingName: "lee"), keysToFetch: Self.allKeys)
        #expect(all.count == 1)
        let unified = try #require(all.first)
        #expect(unified.identifier == home.identifier)
        #expect(unified.givenName == "Ann")
        #expect(unified.jobTitle == "Engineer")
        // The same number written twice is kept once, from the preferred card; other values follow in card order.
        #expect(unified.phoneNumbers.map(\.value.stringValue) == ["+1 415 555 0100", "+1 415 555 0199"])
        #expect(unified.emailAddresses.map { $0.value as String } == ["ann@home.example", "ann@work.example"])
        #expect(unified.isUnifiedWithContact(withIdentifier: work.identifier))
        #expect(unified.isUnifiedWithContact(withIdentifier: home.identifier))
        #expect(!unified.isUnifiedWithContact(withIdentifier: ""))
    }

    @Test(arguments: StoreMode.allCases)
    func everyLinkedIdentifierFindsTheUnifiedContact(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let store = temporary.store
        let (home, work, _) = try twoCards(temporary)
        try store.link([home.identifier, work.identifier], preferredIdentifier: work.identifier)
        let byHome = try store.unifiedContact(withIdentifier: home.identifier, keysToFetch: Self.allKeys)
        let byWork = try store.unifiedContact(withIdentifier: work.identifier, keysToFetch: Self.allKeys)
        #expect(byHome.identifier == work.identifier)
        #expect(byWork.identifier == work.identifier)
        // Preferred card first: its empty given name falls back to the other card's.
        #expect(byWork.givenName == "Ann")
        let predicate = CNContact.predicateForContacts(withIdentifiers: [home.identifier])
        #expect(try store.unifiedContacts(matching: predicate, keysToFetch: []).map(\.identifier) == [work.identifier])
        let byEmail = CNContact.predicateForContacts(matchingEmailAddress: "ANN@home.example")
        #expect(try store.unifiedContacts(matching: byEmail, keysToFetch: []).map(\.identifier) == [work.identifier])
    }

    @Test(arguments: StoreMode.allCases)
    func unifyResultsFalseReturnsEachCardInItsContainer(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let store = temporary.store
        let (home, work, account) = try twoCards(temporary)
        try store.link([home.identifier, work.identifier])
        let request = CNContactFetchRequest(keysToFetch: Self.allKeys)
        request.unifyResults = false
        var cards: [CNContact] = []
        try store.enumerateContacts(with: request) { contact, _ in cards.append(contact) }
        #expect(Set(cards.map(\.identifier)) == [home.identifier, work.identifier])
        #expect(cards.first { $0.identifier == work.identifier }?.givenName == "")
        let inAccount = CNContact.predicateForContactsInContainer(withIdentifier: account.identifier)
        let raw = CNContactFetchRequest(keysToFetch: [])
        raw.predicate = inAccount
        raw.unifyResults = false
        var ids: [String] = []
        try store.enumerateContacts(with: raw) { contact, _ in ids.append(contact.identifier) }
        #expect(ids == [work.identifier])
    }

    @Test(arguments: StoreMode.allCases)
    func containerOfAUnifiedContactIsEmptyAndEachOtherCardHasItsOwn(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let store = temporary.store
        let (home, work, account) = try twoCards(temporary)
        try store.link([home.identifier, work.identifier], preferredIdentifier: home.identifier)
        #expect(
            try store.containers(matching: CNContainer.predicateForContainerOfContact(withIdentifier: home.identifier))
                .isEmpty)
        let workContainer = try store.containers(
            matching: CNContainer.predicateForContainerOfContact(withIdentifier: work.identifier))
        #expect(workContainer.map(\.identifier) == [account.identifier])
    }

    @Test(arguments: StoreMode.allCases)
    func unlinkSplitsTheCardsAndKeepsThemSeparate(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let store = temporary.store
        let (home, work, _) = try twoCards(temporary)
        try store.link([home.identifier, work.identifier])
        #expect(try store.linkReason(forContactWithIdentifier: work.identifier)?.rule == .manual)
        try store.unlink([work.identifier])
        #expect(try store.linkReason(forContactWithIdentifier: work.identifier) == nil)
        #expect(try store.linkedContactIdentifiers(ofContactWithIdentifier: home.identifier) == [home.identifier])
        #expect(try ContactFixtures.identifiers(in: store) == [home.identifier, work.identifier].sorted())
        // The person's choice holds against automatic linking: saving again does not link them.
        work.givenName = "Ann"
        try store.save { $0.update(work) }
        #expect(try store.linkReason(forContactWithIdentifier: work.identifier) == nil)
    }

    @Test(arguments: StoreMode.allCases)
    func linkingUnknownContactThrowsRecordDoesNotExist(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let ann = try ContactFixtures.save([ContactFixtures.person("Ann", "Lee")], in: temporary.store)[0]
        #expect(
            throws: CNError(.recordDoesNotExist, userInfo: [CNErrorUserInfoAffectedRecordIdentifiersKey: ["missing"]])
        ) {
            try temporary.store.link([ann.identifier, "missing"])
        }
    }

    @Test(arguments: StoreMode.allCases)
    func preferredIdentifierOutsideTheLinkThrowsRecordIdentifierInvalid(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let cards = try ContactFixtures.save(
            [
                ContactFixtures.person("Ann", "Lee"), ContactFixtures.person("Bo", "Ek"),
                ContactFixtures.person("Cy", "Oh"),
            ], in: temporary.store)
        #expect(throws: CNError.self) {
            try temporary.store.link(
                [cards[0].identifier, cards[1].identifier], preferredIdentifier: cards[2].identifier)
        }
        #expect(try temporary.store.linkReason(forContactWithIdentifier: cards[0].identifier) == nil)
    }

    @Test(arguments: StoreMode.allCases)
    func deletingThePreferredCardLeavesTheOtherAsItsOwnContact(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let store = temporary.store
        let (home, work, _) = try twoCards(temporary)
        try store.link([home.identifier, work.identifier], preferredIdentifier: home.identifier)
        let token = store.currentHistoryToken
        try store.save { $0.delete(home) }
        let remaining = try store.unifiedContact(withIdentifier: work.identifier, keysToFetch: Self.allKeys)
        #expect(remaining.identifier == work.identifier)
        #expect(remaining.givenName == "")
        #expect(try store.historyLines(after: token).lines == ["add \(work.identifier)", "delete \(home.identifier)"])
        #expect(try store.historyLines(after: token, unify: false).lines == ["delete \(home.identifier)"])
    }

    @Test(arguments: StoreMode.allCases)
    func unifiedHistoryFollowsLinksAndPerContainerHistoryShowsCards(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let store = temporary.store
        let (home, work, _) = try twoCards(temporary)
        let token = store.currentHistoryToken
        try store.link([home.identifier, work.identifier], preferredIdentifier: home.identifier)
        work.jobTitle = "Manager"
        try store.save { $0.update(work) }
        #expect(
            try store.historyLines(after: token).lines == ["delete \(work.identifier)", "update \(home.identifier)"])
        #expect(try store.historyLines(after: token, unify: false).lines == ["update \(work.identifier)"])
        let full = try store.historyLines(after: nil).lines
        #expect(full == ["drop", "add \(home.identifier)"])
        #expect(try store.historyLines(after: nil, unify: false).lines.count == 3)
    }

    @Test(arguments: StoreMode.allCases)
    func savingAUnifiedContactKeepsOtherCardsValuesOnTheirCards(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let store = temporary.store
        let (home, work, _) = try twoCards(temporary)
        try store.link([home.identifier, work.identifier], preferredIdentifier: home.identifier)
        let unified = try #require(
            try store.unifiedContact(withIdentifier: home.identifier, keysToFetch: Self.allKeys).mutableCopy()
                as? CNMutableContact)
        unified.note = "Met at work"
        unified.emailAddresses.append(CNLabeledValue(label: CNLabelOther, value: "ann@new.example"))
        try store.save { $0.update(unified) }
        let request = CNContactFetchRequest(keysToFetch: Self.allKeys)
        request.unifyResults = false
        request.predicate = CNContact.predicateForContacts(withIdentifiers: [home.identifier])
        var cards: [String: CNContact] = [:]
        try store.enumerateContacts(with: request) { contact, _ in cards[contact.identifier] = contact }
        #expect(
            cards[home.identifier]?.emailAddresses.map { $0.value as String } == [
                "ann@home.example", "ann@new.example",
            ])
        #expect(cards[home.identifier]?.phoneNumbers.count == 1)
        #expect(cards[work.identifier]?.emailAddresses.map { $0.value as String } == ["ann@work.example"])
        #expect(
            try store.unifiedContact(withIdentifier: work.identifier, keysToFetch: Self.allKeys).note == "Met at work")
    }

    @Test(arguments: StoreMode.allCases)
    func lazyContactFetchReturnsEachUnifiedContactOnce(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let store = temporary.store
        let (home, work, _) = try twoCards(temporary)
        let other = try ContactFixtures.save([ContactFixtures.person("Bo", "Ek")], in: store)[0]
        try store.link([home.identifier, work.identifier], preferredIdentifier: work.identifier)
        let unified = try store.contacts(for: CNContactFetchRequest(keysToFetch: Self.allKeys))
        #expect(Set(unified.value.map(\.identifier)) == [work.identifier, other.identifier])
        let request = CNContactFetchRequest(keysToFetch: [])
        request.unifyResults = false
        #expect(Array(try store.contacts(for: request).value).count == 3)
    }

    // MARK: Automatic linking

    @Test(arguments: StoreMode.allCases)
    func sameNameAndPhoneNumberInAnotherContainerLinksWithItsReason(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let store = temporary.store
        let account = try temporary.person.addContainer(name: "Work", type: .cardDAV)
        let home = ContactFixtures.person("Zoë", "Lee", phones: ["+64 3 331 6005"])
        try ContactFixtures.save([home], in: store)
        let work = ContactFixtures.person("ZOE", "lee", phones: ["+64 03 331 6005"])
        try ContactFixtures.save([work], in: store, container: account.identifier)
        let reason = try #require(try store.linkReason(forContactWithIdentifier: work.identifier))
        #expect(reason.rule == .sameNameAndPhoneNumber)
        #expect(reason.matchedContactIdentifier == home.identifier)
        #expect(reason.matchedValueIdentifiers == [work.phoneNumbers[0].identifier, home.phoneNumbers[0].identifier])
        #expect(
            try store.linkReason(forContactWithIdentifier: home.identifier)?.matchedContactIdentifier == work.identifier
        )
        // The card in the default container is preferred.
        #expect(
            try store.linkedContactIdentifiers(ofContactWithIdentifier: work.identifier) == [
                home.identifier, work.identifier,
            ])
    }

    @Test(arguments: StoreMode.allCases)
    func sameNameAndEmailAddressIgnoringCaseLinks(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let store = temporary.store
        let account = try temporary.person.addContainer(name: "Work", type: .exchange)
        let home = ContactFixtures.person("Ann", "Lee", emails: ["Ann.Lee@Example.com"])
        try ContactFixtures.save([home], in: store)
        let work = ContactFixtures.person("Ann", "Lee", emails: ["ann.lee@example.com"])
        try ContactFixtures.save([work], in: store, container: account.identifier)
        let reason = try store.linkReason(forContactWithIdentifier: work.identifier)
        #expect(reason?.rule == .sameNameAndEmailAddress)
        #expect(
            reason?.matchedValueIdentifiers == [work.emailAddresses[0].identifier, home.emailAddresses[0].identifier])
        #expect(
            try store.unifiedContacts(matching: CNContact.predicateForContacts(matchingName: "ann"), keysToFetch: [])
                .count == 1)
    }

    @Test(
        arguments: StoreMode.allCases,
        [
            ("same container", "Ann", "+1 415 555 0100", true),
            ("other name", "Anne", "+1 415 555 0100", false),
            ("other number", "Ann", "+1 415 555 0111", false),
            ("short number only", "Ann", "555 0100", false),
        ])
    func automaticLinkingNeedsSameNameSharedValueAndAnotherContainer(
        mode: StoreMode, example: (String, String, String, Bool)
    ) throws {
        let (_, givenName, phone, sameContainer) = example
        let temporary = try TemporaryStore(mode: mode)
        let store = temporary.store
        let account = try temporary.person.addContainer(name: "Work", type: .cardDAV)
        let home = ContactFixtures.person("Ann", "Lee", phones: ["+1 415 555 0100"])
        try ContactFixtures.save([home], in: store)
        let other = ContactFixtures.person(givenName, "Lee", phones: [phone])
        try ContactFixtures.save([other], in: store, container: sameContainer ? nil : account.identifier)
        #expect(try store.linkReason(forContactWithIdentifier: other.identifier) == nil)
    }

    @Test(arguments: StoreMode.allCases)
    func keepSeparateIsRememberedByAutomaticLinking(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let store = temporary.store
        let account = try temporary.person.addContainer(name: "Work", type: .cardDAV)
        let home = ContactFixtures.person("Ann", "Lee", emails: ["ann@example.com"])
        let work = ContactFixtures.person("Ann", "Lee")
        try ContactFixtures.save([home], in: store)
        try ContactFixtures.save([work], in: store, container: account.identifier)
        try store.keepSeparate(home.identifier, work.identifier)
        work.emailAddresses = [CNLabeledValue(label: CNLabelWork, value: "ann@example.com")]
        try store.save { $0.update(work) }
        #expect(try store.linkReason(forContactWithIdentifier: work.identifier) == nil)
    }

    @Test(arguments: StoreMode.allCases)
    func aCardIsNotLinkedToAUnifiedContactThatAlreadyHasACardInItsContainer(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let store = temporary.store
        let account = try temporary.person.addContainer(name: "Work", type: .cardDAV)
        let home = ContactFixtures.person("Ann", "Lee", emails: ["ann@example.com"])
        try ContactFixtures.save([home], in: store)
        let work = ContactFixtures.person("Ann", "Lee", emails: ["ann@example.com"])
        try ContactFixtures.save([work], in: store, container: account.identifier)
        #expect(try store.linkReason(forContactWithIdentifier: work.identifier)?.rule == .sameNameAndEmailAddress)
        let duplicate = ContactFixtures.person("Ann", "Lee", emails: ["ann@example.com"])
        try ContactFixtures.save([duplicate], in: store, container: account.identifier)
        #expect(try store.linkReason(forContactWithIdentifier: duplicate.identifier) == nil)
    }

    @Test(arguments: StoreMode.allCases)
    func keepSeparateDetachesLinkedCards(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let store = temporary.store
        let (home, work, _) = try twoCards(temporary)
        try store.link([home.identifier, work.identifier])
        try store.keepSeparate(home.identifier, work.identifier)
        #expect(try store.linkedContactIdentifiers(ofContactWithIdentifier: home.identifier) == [home.identifier])
    }
}
