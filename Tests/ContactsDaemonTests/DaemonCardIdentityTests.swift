import ContactsClient
import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsDaemon

/// A card's identity over contactsd: the same answers and the same rules as the embedded store.
@Suite struct DaemonCardIdentityTests {
    private let keys = [CNContactGivenNameKey as CNKeyDescriptor]

    private func card(_ uid: String, _ given: String) -> Data {
        Data("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nN:Test;\(given);;;\r\nFN:\(given) Test\r\nEND:VCARD\r\n".utf8)
    }

    @Test func anAppFindsAContactByItsCardUIDAndTheUIDOfAContact() throws {
        let fixture = try DaemonFixture()
        try fixture.person.importVCards(data: card("urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1", "Ann"))
        try fixture.setAccess(.full)
        let app = fixture.appStore()
        let found = try app.contacts(withCardUID: "4fbe8971-0bc3-424c-9c26-36c3e1eff6b1", keysToFetch: keys)
        #expect(found.map(\.givenName) == ["Ann"])
        let ann = try #require(found.first)
        #expect(
            try app.cardUID(ofContactWithIdentifier: ann.identifier) == "urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1")
        #expect(try app.contacts(withCardUID: "other", keysToFetch: keys).isEmpty)
        let plain = try ContactFixtures.save([ContactFixtures.person("Bob", "Test")], in: fixture.person)
        #expect(try app.cardUID(ofContactWithIdentifier: plain[0].identifier) == nil)
    }

    @Test func aLimitedAppFindsOnlyTheCardsItMaySeeAndLearnsNoHiddenUID() throws {
        let fixture = try DaemonFixture()
        try fixture.person.importVCards(data: card("ann-uid", "Ann") + card("bob-uid", "Bob"))
        let ann = try #require(try fixture.person.contacts(withCardUID: "ann-uid", keysToFetch: keys).first)
        let bob = try #require(try fixture.person.contacts(withCardUID: "bob-uid", keysToFetch: keys).first)
        try fixture.setAccess(.limited([ann.identifier]))
        let app = fixture.appStore()
        #expect(try app.contacts(withCardUID: "ann-uid", keysToFetch: keys).map(\.givenName) == ["Ann"])
        #expect(try app.contacts(withCardUID: "bob-uid", keysToFetch: keys).isEmpty)
        #expect(try app.cardUID(ofContactWithIdentifier: bob.identifier) == nil)
        #expect(try app.cardUID(ofContactWithIdentifier: ann.identifier) == "ann-uid")
    }

    @Test func aDeniedAppGetsAuthorizationDenied() throws {
        let fixture = try DaemonFixture()
        try fixture.person.importVCards(data: card("ann-uid", "Ann"))
        let ann = try #require(try fixture.person.contacts(withCardUID: "ann-uid", keysToFetch: keys).first)
        try fixture.setAccess(.denied)
        let app = fixture.appStore()
        #expect(ErrorCode.of { try app.contacts(withCardUID: "ann-uid", keysToFetch: keys) } == .authorizationDenied)
        #expect(ErrorCode.of { try app.cardUID(ofContactWithIdentifier: ann.identifier) } == .authorizationDenied)
    }
}
