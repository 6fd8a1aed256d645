import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

@Suite struct PrivacyControlsStoreTests {
    @Test(arguments: StoreMode.allCases)
    func appsListStatusPurposeAndVisibleCounts(mode: StoreMode) async throws {
        let fixtures = try PrivacyFixtures(mode: mode)
        let identifiers = try fixtures.add(["Ann", "Bob", "Cid"])
        let limited = PrivacyFixtures.app("com.example.limited")
        let full = PrivacyFixtures.app("com.example.full")
        let privacy = try fixtures.accessControls()
        try privacy.setAccess(.limited([identifiers[0], "Gone:ABPerson"]), for: limited.bundleIdentifier)
        let asking = try fixtures.store(for: full, consent: ScriptedConsentAgent(answers: [.full]))
        #expect(try await asking.requestAccess(for: .contacts))
        try ContactFixtures.save([ContactFixtures.person("Dan", "Test")], in: fixtures.store(for: limited))
        let apps = try privacy.apps()
        #expect(apps.map(\.bundleIdentifier) == ["com.example.full", "com.example.limited"])
        #expect(apps.map(\.status) == [.authorized, .limited])
        #expect(apps.map(\.visibleCount) == [4, 2])
        #expect(apps[1].summary.sharedCount == 1)
        #expect(apps[1].summary.createdCount == 1)
        #expect(apps[0].summary.usageDescription == "Finds your friends.")
    }

    @Test(arguments: StoreMode.allCases)
    func resetAsksAgainAndRestrictStopsTheApp(mode: StoreMode) async throws {
        let fixtures = try PrivacyFixtures(mode: mode)
        let app = PrivacyFixtures.app()
        let agent = ScriptedConsentAgent(answers: [.full, .deny])
        let privacy = try fixtures.accessControls()
        try privacy.setAccess(.full, for: app.bundleIdentifier)
        try privacy.reset(app.bundleIdentifier)
        #expect(try fixtures.store(for: app).authorizationStatus(for: .contacts) == .notDetermined)
        #expect(try await fixtures.store(for: app, consent: agent).requestAccess(for: .contacts))
        try privacy.restrict(app.bundleIdentifier)
        #expect(try fixtures.store(for: app).authorizationStatus(for: .contacts) == .restricted)
        #expect(throws: AuthorizationError.self) { try privacy.setAccess(.full, for: app.bundleIdentifier) }
    }

    @Test(arguments: StoreMode.allCases)
    func anAppStoreCannotUseThePersonsControls(mode: StoreMode) throws {
        let fixtures = try PrivacyFixtures(mode: mode)
        let store = try fixtures.store(for: PrivacyFixtures.app())
        let error = #expect(throws: CNError.self) { try store.accessControls() }
        #expect(error?.code == .authorizationDenied)
    }

    @Test(arguments: StoreMode.allCases)
    func appCannotManageContainers(mode: StoreMode) throws {
        let fixtures = try PrivacyFixtures(mode: mode)
        let app = PrivacyFixtures.app()
        try fixtures.accessControls().setAccess(.full, for: app.bundleIdentifier)
        let store = try fixtures.store(for: app)
        #expect(PrivacyFixtures.code { try store.addContainer(name: "Work", type: .cardDAV) } == .authorizationDenied)
    }
}
