import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

/// The person's own card: set by the person's tools, seen by an app only when it may see that contact.
@Suite struct MeCardTests {
    private let names = [CNContactGivenNameKey as CNKeyDescriptor]

    /// The person's calls: the same in both modes.
    @Test func thePersonSetsAndClearsTheirCard() throws {
        let fixtures = try PrivacyFixtures()
        let identifiers = try fixtures.add(["Ann", "Bob"])
        #expect(
            PrivacyFixtures.code { try fixtures.person.unifiedMeContactWithKeys(toFetch: names) } == .recordDoesNotExist
        )
        try fixtures.person.setMeContact(withIdentifier: identifiers[1])
        #expect(try fixtures.person.unifiedMeContactWithKeys(toFetch: names).givenName == "Bob")
        try fixtures.person.clearMeContact()
        #expect(
            PrivacyFixtures.code { try fixtures.person.unifiedMeContactWithKeys(toFetch: names) } == .recordDoesNotExist
        )
        #expect(
            PrivacyFixtures.code { try fixtures.person.setMeContact(withIdentifier: "Missing:ABPerson") }
                == .recordDoesNotExist)
    }

    @Test func aDeletedCardIsNoLongerTheMeCard() throws {
        let fixtures = try PrivacyFixtures()
        let identifiers = try fixtures.add(["Ann"])
        try fixtures.person.setMeContact(withIdentifier: identifiers[0])
        let request = CNSaveRequest()
        request.delete(CNMutableContact(storage: ContactStorage(identifier: identifiers[0], fetchedKeys: [])))
        try fixtures.person.execute(request)
        #expect(
            PrivacyFixtures.code { try fixtures.person.unifiedMeContactWithKeys(toFetch: names) } == .recordDoesNotExist
        )
    }

    @Test(arguments: StoreMode.allCases, [CNAuthorizationStatus.authorized, .limited, .denied])
    func anAppSeesTheCardOnlyWhenItMaySeeThatContact(mode: StoreMode, status: CNAuthorizationStatus) throws {
        let fixtures = try PrivacyFixtures(mode: mode)
        let identifiers = try fixtures.add(["Ann", "Bob"])
        try fixtures.person.setMeContact(withIdentifier: identifiers[1])
        let bundle = PrivacyFixtures.app().bundleIdentifier
        switch status {
        case .authorized: try fixtures.accessControls().setAccess(.full, for: bundle)
        case .limited: try fixtures.accessControls().setAccess(.limited([identifiers[0]]), for: bundle)
        default: try fixtures.accessControls().setAccess(.denied, for: bundle)
        }
        let app = try fixtures.store(for: PrivacyFixtures.app())
        let code = PrivacyFixtures.code { try app.unifiedMeContactWithKeys(toFetch: names) }
        switch status {
        case .authorized: #expect(code == nil)
        case .limited: #expect(code == .recordDoesNotExist, "Bob is not shared with the app")
        default: #expect(code == .authorizationDenied)
        }
        if status == .limited {
            try fixtures.accessControls().share([identifiers[1]], with: bundle)
            #expect(
                try fixtures.store(for: PrivacyFixtures.app()).unifiedMeContactWithKeys(toFetch: names).givenName
                    == "Bob")
        }
        #expect(PrivacyFixtures.code { try app.setMeContact(withIdentifier: identifiers[0]) } == .authorizationDenied)
    }
}
