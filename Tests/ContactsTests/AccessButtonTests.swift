import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

@Suite struct AccessButtonTests {
    @Test(arguments: StoreMode.allCases)
    func limitedAppGetsOnlyTheTappedContactAndTheMatchesGoToThePerson(mode: StoreMode) async throws {
        let fixtures = try PrivacyFixtures(mode: mode)
        let identifiers = try fixtures.add(["Ann", "Anna", "Bob"], emails: ["Anna": "anna@example.com"])
        let app = PrivacyFixtures.app()
        let privacy = try fixtures.accessControls()
        try privacy.setAccess(.limited([identifiers[0]]), for: app.bundleIdentifier)
        let agent = ScriptedTrustedAgent(buttonTaps: [
            AccessButtonTap(identifiers: [identifiers[1]], verification: .all)
        ])
        let granted = try await privacy.runAccessButton(
            for: app, query: AccessButtonQuery(queryString: "Ann"), trustedAgent: agent)
        #expect(granted == [identifiers[1]])
        guard case .accessButton(_, let matches)? = agent.shown.first else {
            Issue.record("the button showed nothing")
            return
        }
        #expect(matches.map(\.identifier) == [identifiers[1]])
        #expect(try PrivacyFixtures.names(in: fixtures.store(for: app)) == ["Ann", "Anna"])
    }

    @Test func ignoredEmailsAndPhonesAreLeftOut() async throws {
        let fixtures = try PrivacyFixtures()
        try fixtures.add(["Ann", "Anna"], emails: ["Anna": "anna@example.com"])
        let app = PrivacyFixtures.app()
        let privacy = try fixtures.accessControls()
        try privacy.setAccess(.limited([]), for: app.bundleIdentifier)
        let agent = ScriptedTrustedAgent()
        let query = AccessButtonQuery(queryString: "Ann", ignoredEmails: ["ANNA@example.com"])
        #expect(try await privacy.runAccessButton(for: app, query: query, trustedAgent: agent).isEmpty)
        guard case .accessButton(_, let matches)? = agent.shown.first else {
            Issue.record("the button showed nothing")
            return
        }
        #expect(matches.map(\.displayName) == ["Ann Test"])
    }

    @Test(arguments: StoreMode.allCases)
    func notDeterminedAsksForLimitedAccessAfterTheTap(mode: StoreMode) async throws {
        let fixtures = try PrivacyFixtures(mode: mode)
        let identifiers = try fixtures.add(["Ann", "Bob"])
        let app = PrivacyFixtures.app()
        var configuration = fixtures.temporary.configuration()
        let consent = ScriptedConsentAgent(answers: [.full])
        configuration.privacy = ContactStorePrivacyOptions(
            consentAgent: consent, environment: PrivacyFixtures.environment, administratorPolicy: .unrestricted)
        let privacy = try CNContactStore(configuration: configuration).accessControls()
        let agent = ScriptedTrustedAgent(buttonTaps: [
            AccessButtonTap(identifiers: [identifiers[1]], verification: .all)
        ])
        let granted = try await privacy.runAccessButton(
            for: app, query: AccessButtonQuery(queryString: "Bob"), trustedAgent: agent)
        #expect(granted == [identifiers[1]])
        #expect(consent.shown.map(\.style) == [.limitedOnly])
        let store = try fixtures.store(for: app)
        #expect(store.authorizationStatus(for: .contacts) == .limited)
        #expect(try PrivacyFixtures.names(in: store) == ["Bob"])
    }

    @Test(arguments: [CNAuthorizationStatus.authorized, .denied])
    func fullOrDeniedAppShowsNothing(status: CNAuthorizationStatus) async throws {
        let fixtures = try PrivacyFixtures()
        let identifiers = try fixtures.add(["Ann"])
        let app = PrivacyFixtures.app()
        let privacy = try fixtures.accessControls()
        try privacy.setAccess(status == .denied ? .denied : .full, for: app.bundleIdentifier)
        let agent = ScriptedTrustedAgent(buttonTaps: [
            AccessButtonTap(identifiers: Set(identifiers), verification: .all)
        ])
        let granted = try await privacy.runAccessButton(
            for: app, query: AccessButtonQuery(queryString: "Ann"), trustedAgent: agent)
        #expect(granted.isEmpty)
        #expect(agent.shown.isEmpty)
    }

    @Test(arguments: StoreMode.allCases)
    func unverifiedTapGrantsNothing(mode: StoreMode) async throws {
        let fixtures = try PrivacyFixtures(mode: mode)
        let identifiers = try fixtures.add(["Ann"])
        let app = PrivacyFixtures.app()
        let privacy = try fixtures.accessControls()
        try privacy.setAccess(.limited([]), for: app.bundleIdentifier)
        let agent = ScriptedTrustedAgent(buttonTaps: [AccessButtonTap(identifiers: Set(identifiers))])
        #expect(
            try await privacy.runAccessButton(
                for: app, query: AccessButtonQuery(queryString: "Ann"), trustedAgent: agent
            ).isEmpty)
        #expect(try PrivacyFixtures.names(in: fixtures.store(for: app)).isEmpty)
    }
}
