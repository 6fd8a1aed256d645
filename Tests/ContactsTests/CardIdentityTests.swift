import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

@Suite struct CardIdentityTests {
    private let keys = [CNContactGivenNameKey as CNKeyDescriptor]

    private func card(_ uid: String, _ given: String) -> Data {
        Data("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nN:Test;\(given);;;\r\nFN:\(given) Test\r\nEND:VCARD\r\n".utf8)
    }

    @Test(
        arguments: StoreMode.allCases,
        ["urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1", "4fbe8971-0bc3-424c-9c26-36c3e1eff6b1"])
    func aContactIsFoundByItsCardUIDWithOrWithoutTheURNPrefix(mode: StoreMode, written: String) throws {
        let temporary = try TemporaryStore(mode: mode)
        try temporary.store.importVCards(data: card(written, "Ann"))
        for asked in ["urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1", "4fbe8971-0bc3-424c-9c26-36c3e1eff6b1"] {
            #expect(try temporary.store.contacts(withCardUID: asked, keysToFetch: keys).map(\.givenName) == ["Ann"])
        }
        let ann = try #require(try temporary.store.contacts(withCardUID: written, keysToFetch: keys).first)
        #expect(try temporary.store.cardUID(ofContactWithIdentifier: ann.identifier) == written)
        #expect(try temporary.store.contacts(withCardUID: "other", keysToFetch: keys).isEmpty)
    }

    @Test(arguments: StoreMode.allCases)
    func theSameCardInTwoContainersGivesTwoContactsOldestFirst(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let account = try temporary.person.addContainer(name: "Work", type: .cardDAV)
        try temporary.store.importVCards(data: card("same", "Local"))
        try temporary.store.importVCards(
            data: card("same", "Synced"), options: ContactImportOptions(containerIdentifier: account.identifier))
        #expect(
            try temporary.store.contacts(withCardUID: "same", keysToFetch: keys).map(\.givenName) == [
                "Local", "Synced",
            ])
    }

    @Test(arguments: StoreMode.allCases)
    func aContactWithoutACardHasNoUID(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let saved = try ContactFixtures.save([ContactFixtures.person("Bob", "Test")], in: temporary.store)
        #expect(try temporary.store.cardUID(ofContactWithIdentifier: saved[0].identifier) == nil)
    }

    @Test(arguments: StoreMode.allCases)
    func aLimitedAppFindsOnlyTheCardsItMaySee(mode: StoreMode) throws {
        let fixtures = try PrivacyFixtures(mode: mode)
        try fixtures.person.importVCards(data: card("ann-uid", "Ann") + card("bob-uid", "Bob"))
        let ann = try #require(try fixtures.person.contacts(withCardUID: "ann-uid", keysToFetch: keys).first)
        let bob = try #require(try fixtures.person.contacts(withCardUID: "bob-uid", keysToFetch: keys).first)
        let app = PrivacyFixtures.app()
        try fixtures.accessControls().setAccess(.limited([ann.identifier]), for: app.bundleIdentifier)
        let store = try fixtures.store(for: app)
        #expect(try store.contacts(withCardUID: "ann-uid", keysToFetch: keys).map(\.givenName) == ["Ann"])
        #expect(try store.contacts(withCardUID: "bob-uid", keysToFetch: keys).isEmpty)
        #expect(try store.cardUID(ofContactWithIdentifier: bob.identifier) == nil)
        #expect(try store.cardUID(ofContactWithIdentifier: ann.identifier) == "ann-uid")
    }

    @Test(arguments: StoreMode.allCases)
    func aDeniedAppGetsAuthorizationDenied(mode: StoreMode) throws {
        let fixtures = try PrivacyFixtures(mode: mode)
        let app = PrivacyFixtures.app()
        try fixtures.accessControls().setAccess(.denied, for: app.bundleIdentifier)
        let store = try fixtures.store(for: app)
        #expect(
            PrivacyFixtures.code { try store.contacts(withCardUID: "x", keysToFetch: keys) } == .authorizationDenied)
    }
}
