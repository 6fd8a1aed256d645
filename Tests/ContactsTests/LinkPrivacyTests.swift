import ContactsSystem
import ContactsTestSupport
import Foundation
import GRDB
import Testing

/// Links as a limited app sees them: only among the cards it may see, as a store holding just those would
/// have them (docs/Privacy.md).
@Suite struct LinkPrivacyTests {
    /// Ann (shared) in the local container and her work card (hidden) in a CardDAV container, linked
    /// automatically by the person's save: same name and e-mail address.
    private func world(_ mode: StoreMode) throws -> (PrivacyFixtures, CNContactStore, ann: String, work: String) {
        let fixtures = try PrivacyFixtures(mode: mode)
        let work = try fixtures.person.addContainer(name: "Work", type: .cardDAV)
        let ann = ContactFixtures.person("Ann", "Lee", emails: ["ann@example.com"])
        try ContactFixtures.save([ann], in: fixtures.person)
        let annAtWork = ContactFixtures.person("Ann", "Lee", emails: ["ann@example.com"])
        try ContactFixtures.save([annAtWork], in: fixtures.person, container: work.identifier)
        #expect(
            try fixtures.person.linkedContactIdentifiers(ofContactWithIdentifier: ann.identifier).count == 2, "linked")
        try fixtures.accessControls().setAccess(.limited([ann.identifier]), for: PrivacyFixtures.app().bundleIdentifier)
        return (fixtures, try fixtures.store(for: PrivacyFixtures.app()), ann.identifier, annAtWork.identifier)
    }

    @Test(arguments: StoreMode.allCases)
    func aCardLinkedOnlyToHiddenCardsReadsAsNotLinked(mode: StoreMode) throws {
        let (fixtures, app, ann, work) = try world(mode)
        defer { withExtendedLifetime(fixtures) {} }
        #expect(try app.linkReason(forContactWithIdentifier: ann) == nil, "the reason would name the hidden card")
        #expect(try app.linkedContactIdentifiers(ofContactWithIdentifier: ann) == [ann])
        #expect(PrivacyFixtures.code { try app.linkReason(forContactWithIdentifier: work) } == .recordDoesNotExist)
        #expect(try fixtures.person.linkReason(forContactWithIdentifier: ann)?.matchedContactIdentifier == work)
    }

    @Test(arguments: StoreMode.allCases)
    func aReasonNamesOnlyVisibleCardsAndTheirValues(mode: StoreMode) throws {
        let (fixtures, app, ann, work) = try world(mode)
        defer { withExtendedLifetime(fixtures) {} }
        try fixtures.accessControls().share([work], with: PrivacyFixtures.app().bundleIdentifier)
        let bob = ContactFixtures.person("Bob", "Stone")
        try ContactFixtures.save([bob], in: app)
        // Ann is now linked to Bob (by the app) and to her work card (automatically); the work card is hidden again.
        try app.link([ann, bob.identifier])
        try fixtures.accessControls().unshare([work], from: PrivacyFixtures.app().bundleIdentifier)
        let reopened = try fixtures.store(for: PrivacyFixtures.app())
        let reason = try reopened.linkReason(forContactWithIdentifier: ann)
        #expect(reason?.matchedContactIdentifier != work)
        // The hidden card's own values, as stored (a fetch would show the unified contact's).
        let hiddenValues = try fixtures.temporary.personStore().read { db in
            try String.fetchAll(
                db,
                sql:
                    "SELECT identifier FROM contact_value WHERE contact_id = (SELECT id FROM contact WHERE identifier = ?)",
                arguments: [work])
        }
        #expect(!hiddenValues.isEmpty)
        let named = Set(reason?.matchedValueIdentifiers ?? [])
        #expect(named.isDisjoint(with: hiddenValues))
    }
}
