import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsDaemon

/// Linking over contactsd: link, unlink, keep separate and the reasons behave as in the embedded store, hidden
/// cards read as missing for a limited app.
@Suite struct DaemonLinkingTests {
    private static var keys: [NSString] {
        [CNContactGivenNameKey, CNContactFamilyNameKey, CNContactJobTitleKey, CNContactPhoneNumbersKey]
            .map { $0 as NSString }
    }

    /// Two cards of the same person, the work card in an account container.
    private func twoCards(_ fixture: DaemonFixture) throws -> (home: CNMutableContact, work: CNMutableContact) {
        let account = try fixture.person.addContainer(name: "Work", type: .cardDAV)
        let home = ContactFixtures.person("Ann", "Lee", phones: ["+1 415 555 0100"])
        let work = ContactFixtures.person("", "Lee", phones: ["+1 415 555 0199"])
        work.jobTitle = "Engineer"
        try ContactFixtures.save([home], in: fixture.person)
        try ContactFixtures.save([work], in: fixture.person, container: account.identifier)
        return (home, work)
    }

    @Test func anAppLinksUnlinksAndKeepsCardsApartThroughTheDaemon() throws {
        let fixture = try DaemonFixture()
        try fixture.setAccess(.full)
        let (home, work) = try twoCards(fixture)
        let app = fixture.appStore()
        try app.link([home.identifier, work.identifier], preferredIdentifier: work.identifier)
        let unified = try app.unifiedContact(withIdentifier: home.identifier, keysToFetch: Self.keys)
        #expect(unified.identifier == work.identifier)
        #expect(unified.givenName == "Ann")
        #expect(unified.jobTitle == "Engineer")
        #expect(
            try app.linkedContactIdentifiers(ofContactWithIdentifier: home.identifier) == [
                work.identifier, home.identifier,
            ])
        #expect(
            try app.linkedContactIdentifiers(ofContactWithIdentifier: home.identifier)
                == (try fixture.person.linkedContactIdentifiers(ofContactWithIdentifier: home.identifier)))
        let reason = try #require(try app.linkReason(forContactWithIdentifier: home.identifier))
        #expect(
            reason == (try fixture.person.linkReason(forContactWithIdentifier: home.identifier)),
            "the same reason, date included")
        #expect(reason.rule == .manual)
        #expect(reason.matchedContactIdentifier == nil)

        try app.unlink([home.identifier])
        #expect(try app.linkReason(forContactWithIdentifier: home.identifier) == nil)
        #expect(try app.linkedContactIdentifiers(ofContactWithIdentifier: home.identifier) == [home.identifier])
        #expect(
            try fixture.person.unifiedContacts(
                matching: CNContact.predicateForContacts(matchingName: "lee"), keysToFetch: []
            ).count == 2)

        try app.link([home.identifier, work.identifier])
        try app.keepSeparate(home.identifier, work.identifier)
        #expect(try app.linkedContactIdentifiers(ofContactWithIdentifier: work.identifier) == [work.identifier])
    }

    @Test func automaticLinksComeWithTheirRuleAndMatchedValues() throws {
        let fixture = try DaemonFixture()
        try fixture.setAccess(.full)
        let account = try fixture.person.addContainer(name: "Work", type: .cardDAV)
        let home = ContactFixtures.person("Ann", "Lee", phones: ["+1 415 555 0100"])
        let work = ContactFixtures.person("Ann", "Lee", phones: ["+1 (415) 555-0100"])
        try ContactFixtures.save([home], in: fixture.person)
        try ContactFixtures.save([work], in: fixture.person, container: account.identifier)
        let app = fixture.appStore()
        let linked = try #require(try app.linkReason(forContactWithIdentifier: work.identifier))
        #expect(linked.rule == .sameNameAndPhoneNumber)
        #expect(linked == (try fixture.person.linkReason(forContactWithIdentifier: work.identifier)))
        #expect(!linked.matchedValueIdentifiers.isEmpty)
    }

    @Test func errorsAreTheEmbeddedStoresCodes() throws {
        let fixture = try DaemonFixture()
        try fixture.setAccess(.full)
        let (home, work) = try twoCards(fixture)
        let app = fixture.appStore()
        #expect(ErrorCode.of { try app.link([home.identifier, "missing"]) } == .recordDoesNotExist)
        #expect(
            ErrorCode.of { try app.link([home.identifier, work.identifier], preferredIdentifier: "elsewhere") } != nil)
        #expect(
            ErrorCode.of { try app.link([home.identifier, work.identifier], preferredIdentifier: "elsewhere") }
                == ErrorCode.of {
                    try fixture.person.link([home.identifier, work.identifier], preferredIdentifier: "elsewhere")
                })
        #expect(ErrorCode.of { try app.unlink(["missing"]) } == .recordDoesNotExist)
        #expect(ErrorCode.of { try app.linkReason(forContactWithIdentifier: "missing") } == .recordDoesNotExist)
    }

    @Test func aLimitedAppCannotLinkOrExplainHiddenCards() throws {
        let fixture = try DaemonFixture()
        let (home, work) = try twoCards(fixture)
        try fixture.setAccess(.limited([home.identifier]))
        let app = fixture.appStore()
        #expect(ErrorCode.of { try app.link([home.identifier, work.identifier]) } == .recordDoesNotExist)
        #expect(ErrorCode.of { try app.linkReason(forContactWithIdentifier: work.identifier) } == .recordDoesNotExist)
        #expect(ErrorCode.of { try app.keepSeparate(home.identifier, work.identifier) } == .recordDoesNotExist)
        try fixture.person.link([home.identifier, work.identifier], preferredIdentifier: home.identifier)
        #expect(
            try app.linkedContactIdentifiers(ofContactWithIdentifier: home.identifier) == [home.identifier],
            "the hidden card is left out")
        #expect(
            try app.unifiedContact(withIdentifier: home.identifier, keysToFetch: Self.keys).jobTitle == "",
            "nothing of the hidden card")
        try fixture.setAccess(.denied)
        #expect(ErrorCode.of { try fixture.appStore().unlink([home.identifier]) } == .authorizationDenied)
    }
}
