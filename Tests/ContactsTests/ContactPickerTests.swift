import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

/// The app's picker API in embedded mode: the store's configured trusted agent shows the picker (daemon mode is
/// ScreensBrowserTests+Pickers and PickerAttackTests, where the person's screens do).
@Suite struct ContactPickerTests {
    /// An embedded app store whose trusted agent is `agent`.
    private func store(_ fixtures: PrivacyFixtures, _ app: AppIdentity, agent: (any TrustedAgent)?) -> CNContactStore {
        var configuration = fixtures.temporary.configuration()
        configuration.accessor = .app(app)
        configuration.privacy = ContactStorePrivacyOptions(
            consentAgent: ScriptedConsentAgent(), trustedAgent: agent, environment: PrivacyFixtures.environment,
            administratorPolicy: .unrestricted)
        return CNContactStore(configuration: configuration)
    }

    @Test func aPickedContactArrivesAsASnapshotOfTheDisplayedKeys() async throws {
        let fixtures = try PrivacyFixtures()
        let identifiers = try fixtures.add(["Ann", "Bob"], emails: ["Bob": "bob@example.com"])
        let agent = ScriptedTrustedAgent(picks: [.contacts([identifiers[1]])])
        let app = store(fixtures, PrivacyFixtures.app(), agent: agent)
        let result = try await app.present(ContactPicker(displayedPropertyKeys: [CNContactEmailAddressesKey]))
        guard case .contacts(let contacts) = result, let bob = contacts.first else {
            Issue.record("no contact arrived")
            return
        }
        #expect(bob.emailAddresses.map(\.value) == ["bob@example.com"])
        #expect(!bob.isKeyAvailable(CNContactPhoneNumbersKey))
        #expect(app.authorizationStatus(for: .contacts) == .notDetermined)
        guard case .picker(_, let request, _)? = agent.shown.first else {
            Issue.record("the picker was not shown")
            return
        }
        #expect(request == ContactPickerRequest(displayedPropertyKeys: [CNContactEmailAddressesKey]))
    }

    @Test func aPickedPropertyArrivesAsAContactProperty() async throws {
        let fixtures = try PrivacyFixtures()
        let identifiers = try fixtures.add(["Ann", "Bob"], emails: ["Bob": "bob@example.com"])
        let stored = try fixtures.person.unifiedContact(
            withIdentifier: identifiers[1], keysToFetch: [CNContactEmailAddressesKey as CNKeyDescriptor])
        let email = try #require(stored.emailAddresses.first)
        let selection = ContactPropertySelection(
            contactIdentifier: identifiers[1], key: CNContactEmailAddressesKey, valueIdentifier: email.identifier)
        let app = store(fixtures, PrivacyFixtures.app(), agent: ScriptedTrustedAgent(picks: [.properties([selection])]))
        let delegate = PickerLog()
        try await app.present(
            ContactPicker(displayedPropertyKeys: [CNContactEmailAddressesKey], selectionMode: .singleProperty),
            delegate: delegate)
        #expect(delegate.calls == ["property emailAddresses bob@example.com \(email.identifier)"])
    }

    @Test(arguments: ContactPicker.SelectionMode.allCases)
    func withoutATrustedAgentThePickerIsCancelled(mode: ContactPicker.SelectionMode) async throws {
        let fixtures = try PrivacyFixtures()
        try fixtures.add(["Ann"])
        let delegate = PickerLog()
        try await store(fixtures, PrivacyFixtures.app(), agent: nil).present(
            ContactPicker(selectionMode: mode), delegate: delegate)
        #expect(delegate.calls == ["cancel"])
    }

    @Test func thePersonsOwnStoreHasNoPicker() async throws {
        let fixtures = try PrivacyFixtures()
        await #expect(throws: CNError.self) { _ = try await fixtures.person.present(ContactPicker()) }
        do {
            _ = try await fixtures.person.presentContactAccessPicker()
            Issue.record("the person's store presented an access picker")
        } catch {
            #expect((error as? CNError)?.code == .featureNotAvailable)
        }
    }

    @Test func theAccessPickerStoreGoesOnUnderTheEditedSetWhileOtherStoresOfTheAppAreRevoked() async throws {
        let fixtures = try PrivacyFixtures()
        let identifiers = try fixtures.add(["Ann", "Bob", "Cid"])
        let app = PrivacyFixtures.app()
        try fixtures.accessControls().setAccess(.limited([identifiers[0], identifiers[1]]), for: app.bundleIdentifier)
        let other = try fixtures.store(for: app)
        #expect(try PrivacyFixtures.names(in: other) == ["Ann", "Bob"])
        let asking = store(fixtures, app, agent: ScriptedTrustedAgent(edits: [[identifiers[0], identifiers[2]]]))
        #expect(try PrivacyFixtures.names(in: asking) == ["Ann", "Bob"])

        #expect(try await asking.presentContactAccessPicker() == [identifiers[2]])
        #expect(try PrivacyFixtures.names(in: asking) == ["Ann", "Cid"])
        #expect(PrivacyFixtures.code { try PrivacyFixtures.names(in: other) } == .authorizationDenied)
    }
}

/// A delegate that records what it was told.
final class PickerLog: ContactPickerDelegate, @unchecked Sendable {
    // SAFETY: written once by the presentation, read after it returned. TODO(#14): none; test double.
    private(set) var calls: [String] = []

    func contactPicker(_ picker: ContactPicker, didSelect contact: CNContact) {
        calls.append("contact \(contact.identifier)")
    }
    func contactPicker(_ picker: ContactPicker, didSelect contacts: [CNContact]) {
        calls.append("contacts \(contacts.count)")
    }
    func contactPicker(_ picker: ContactPicker, didSelect contactProperty: CNContactProperty) {
        calls.append(
            "property \(contactProperty.key) \((contactProperty.value as? NSString).map { $0 as String } ?? "?") \(contactProperty.identifier ?? "nil")"
        )
    }
    func contactPicker(_ picker: ContactPicker, didSelectContactProperties contactProperties: [CNContactProperty]) {
        calls.append("properties \(contactProperties.count)")
    }
    func contactPickerDidCancel(_ picker: ContactPicker) { calls.append("cancel") }
}
