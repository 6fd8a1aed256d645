import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

@Suite struct PickerTests {
    @Test(arguments: StoreMode.allCases, [CNAuthorizationStatus.notDetermined, .denied, .limited, .authorized])
    func oneTimePickerGivesASnapshotWithTheAskedKeysAndGrantsNothing(
        mode: StoreMode, status: CNAuthorizationStatus
    ) async throws {
        let fixtures = try PrivacyFixtures(mode: mode)
        let identifiers = try fixtures.add(["Ann", "Bob"], emails: ["Bob": "bob@example.com"])
        let app = PrivacyFixtures.app()
        let privacy = try fixtures.accessControls()
        switch status {
        case .denied: try privacy.setAccess(.denied, for: app.bundleIdentifier)
        case .limited: try privacy.setAccess(.limited([]), for: app.bundleIdentifier)
        case .authorized: try privacy.setAccess(.full, for: app.bundleIdentifier)
        default: break
        }
        let agent = ScriptedTrustedAgent(picks: [.contacts([identifiers[1]])])
        let request = ContactPickerRequest(displayedPropertyKeys: [CNContactEmailAddressesKey])
        let response = try await privacy.pickContacts(for: app, request: request, trustedAgent: agent)
        let contact = try #require(response.contacts.first)
        #expect(response.contacts.count == 1)
        #expect(contact.givenName == "Bob")
        #expect(contact.emailAddresses.map(\.value) == ["bob@example.com"])
        #expect(!contact.isKeyAvailable(CNContactPhoneNumbersKey))
        #expect(!contact.isKeyAvailable(CNContactNoteKey))
        let summary = try privacy.apps().first { $0.bundleIdentifier == app.bundleIdentifier }
        #expect(summary?.summary.sharedCount ?? 0 == 0)
        #expect(try fixtures.store(for: app).authorizationStatus(for: .contacts) == status)
    }

    @Test func pickerOffersEveryContactToThePersonOnly() async throws {
        let fixtures = try PrivacyFixtures()
        try fixtures.add(["Ann", "Bob"])
        let agent = ScriptedTrustedAgent()
        let response = try await fixtures.accessControls().pickContacts(
            for: PrivacyFixtures.app(), request: ContactPickerRequest(), trustedAgent: agent)
        #expect(response.choice == .cancelled)
        #expect(response.contacts.isEmpty)
        guard case .picker(_, _, let candidates)? = agent.shown.first else {
            Issue.record("the picker was not shown")
            return
        }
        #expect(candidates.map(\.displayName) == ["Ann Test", "Bob Test"])
    }

    @Test(arguments: StoreMode.allCases)
    func accessPickerReportsOnlyNewlyGrantedContacts(mode: StoreMode) async throws {
        let fixtures = try PrivacyFixtures(mode: mode)
        let identifiers = try fixtures.add(["Ann", "Bob", "Cid"])
        let app = PrivacyFixtures.app()
        let privacy = try fixtures.accessControls()
        try privacy.setAccess(.limited([identifiers[0], identifiers[1]]), for: app.bundleIdentifier)
        let agent = ScriptedTrustedAgent(edits: [[identifiers[1], identifiers[2]]])
        let granted = try await privacy.presentAccessPicker(for: app, trustedAgent: agent)
        #expect(granted == [identifiers[2]])
        #expect(try PrivacyFixtures.names(in: fixtures.store(for: app)) == ["Bob", "Cid"])
    }

    @Test(arguments: [CNAuthorizationStatus.notDetermined, .denied, .authorized])
    func accessPickerIsEmptyUnlessLimited(status: CNAuthorizationStatus) async throws {
        let fixtures = try PrivacyFixtures()
        let identifiers = try fixtures.add(["Ann"])
        let app = PrivacyFixtures.app()
        let privacy = try fixtures.accessControls()
        if status == .denied { try privacy.setAccess(.denied, for: app.bundleIdentifier) }
        if status == .authorized { try privacy.setAccess(.full, for: app.bundleIdentifier) }
        let agent = ScriptedTrustedAgent(edits: [Set(identifiers)])
        #expect(try await privacy.presentAccessPicker(for: app, trustedAgent: agent).isEmpty)
        #expect(agent.shown.isEmpty)
    }
}
