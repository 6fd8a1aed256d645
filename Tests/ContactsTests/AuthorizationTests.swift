import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

@Suite struct AuthorizationTests {
    private let names = [CNContactGivenNameKey as CNKeyDescriptor]

    @Test(arguments: StoreMode.allCases)
    func statusIsNotDeterminedBeforeAnyDecisionAndAsksNobody(mode: StoreMode) throws {
        let fixtures = try PrivacyFixtures(mode: mode)
        let agent = ScriptedConsentAgent(answers: [.full])
        let store = try fixtures.store(for: PrivacyFixtures.app(), consent: agent)
        #expect(store.authorizationStatus(for: .contacts) == .notDetermined)
        #expect(agent.shown.isEmpty)
    }

    @Test func personStoreIsAuthorizedWithoutAsking() async throws {
        let fixtures = try PrivacyFixtures()
        #expect(fixtures.person.authorizationStatus(for: .contacts) == .authorized)
        #expect(try await fixtures.person.requestAccess(for: .contacts))
    }

    @Test(
        arguments: StoreMode.allCases,
        [
            (ConsentAnswer.full, CNAuthorizationStatus.authorized), (.limited([]), .limited),
        ])
    func requestAccessAsksOnceAndRemembersTheAnswer(
        mode: StoreMode, example: (ConsentAnswer, CNAuthorizationStatus)
    ) async throws {
        let (answer, status) = example
        let fixtures = try PrivacyFixtures(mode: mode)
        let agent = ScriptedConsentAgent(answers: [answer, .deny])
        let store = try fixtures.store(for: PrivacyFixtures.app(), consent: agent)
        #expect(try await store.requestAccess(for: .contacts))
        #expect(try await store.requestAccess(for: .contacts))
        #expect(agent.shown.count == 1)
        #expect(agent.shown.first?.purpose == "Finds your friends.")
        #expect(store.authorizationStatus(for: .contacts) == status)
    }

    @Test(arguments: StoreMode.allCases)
    func deniedRequestThrowsAuthorizationDenied(mode: StoreMode) async throws {
        let fixtures = try PrivacyFixtures(mode: mode)
        let store = try fixtures.store(for: PrivacyFixtures.app(), consent: ScriptedConsentAgent(answers: [.deny]))
        await #expect(throws: CNError.self) { try await store.requestAccess(for: .contacts) }
        #expect(store.authorizationStatus(for: .contacts) == .denied)
        let error = await #expect(throws: CNError.self) { try await store.requestAccess(for: .contacts) }
        #expect(error?.code == .authorizationDenied)
    }

    @Test(arguments: StoreMode.allCases)
    func completionHandlerReportsNotGrantedWithErrorWhenDenied(mode: StoreMode) async throws {
        let fixtures = try PrivacyFixtures(mode: mode)
        let store = try fixtures.store(for: PrivacyFixtures.app(), consent: ScriptedConsentAgent(answers: [.deny]))
        let (granted, code) = await withCheckedContinuation { continuation in
            store.requestAccess(for: .contacts) { granted, error in
                continuation.resume(returning: (granted, (error as? CNError)?.code))
            }
        }
        #expect(!granted)
        #expect(code == .authorizationDenied)
    }

    @Test(arguments: StoreMode.allCases)
    func withNoAgentAbleToAskNothingIsRecordedAndALaterRequestAsksAgain(mode: StoreMode) async throws {
        let fixtures = try PrivacyFixtures(mode: mode)
        let agent = ScriptedConsentAgent(answers: [nil, .full])
        let store = try fixtures.store(for: PrivacyFixtures.app(), consent: agent)
        await #expect(throws: CNError.self) { try await store.requestAccess(for: .contacts) }
        #expect(store.authorizationStatus(for: .contacts) == .notDetermined)
        #expect(try fixtures.accessControls().apps().isEmpty)
        #expect(try await store.requestAccess(for: .contacts))
        #expect(agent.shown.count == 2)
    }

    @Test(arguments: StoreMode.allCases)
    func dataCallWhileNotDeterminedAsksAndWaitsForTheAnswer(mode: StoreMode) throws {
        let fixtures = try PrivacyFixtures(mode: mode)
        try fixtures.add(["Ann", "Bob"])
        let agent = ScriptedConsentAgent(answers: [.full])
        let store = try fixtures.store(for: PrivacyFixtures.app(), consent: agent)
        #expect(try PrivacyFixtures.names(in: store) == ["Ann", "Bob"])
        #expect(try PrivacyFixtures.names(in: store) == ["Ann", "Bob"])
        #expect(agent.shown.count == 1)
        #expect(store.authorizationStatus(for: .contacts) == .authorized)
    }

    @Test(arguments: StoreMode.allCases)
    func dataCallWhileNotDeterminedFailsWhenThePersonDenies(mode: StoreMode) throws {
        let fixtures = try PrivacyFixtures(mode: mode)
        try fixtures.add(["Ann"])
        let store = try fixtures.store(for: PrivacyFixtures.app(), consent: ScriptedConsentAgent(answers: [.deny]))
        #expect(PrivacyFixtures.code { try PrivacyFixtures.names(in: store) } == .authorizationDenied)
        #expect(store.authorizationStatus(for: .contacts) == .denied)
    }

    @Test(arguments: StoreMode.allCases)
    func concurrentDataCallsShareOnePrompt(mode: StoreMode) async throws {
        let fixtures = try PrivacyFixtures(mode: mode)
        try fixtures.add(["Ann"])
        let agent = ScriptedConsentAgent(answers: [.full, .full, .full, .full])
        let store = try fixtures.store(for: PrivacyFixtures.app(), consent: agent)
        let results = await withTaskGroup(of: [String]?.self) { group in
            for _ in 0..<4 {
                group.addTask { try? PrivacyFixtures.names(in: store) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == ["Ann"] })
        #expect(agent.shown.count == 1)
    }

    @Test(arguments: StoreMode.allCases)
    func decisionSurvivesTheAppBeingInstalledAgain(mode: StoreMode) async throws {
        let fixtures = try PrivacyFixtures(mode: mode)
        let first = try fixtures.store(
            for: PrivacyFixtures.app(), consent: ScriptedConsentAgent(answers: [.limited([])]))
        #expect(try await first.requestAccess(for: .contacts))
        let agent = ScriptedConsentAgent(answers: [.deny])
        let reinstalled = try fixtures.store(for: PrivacyFixtures.app(), consent: agent)
        #expect(reinstalled.authorizationStatus(for: .contacts) == .limited)
        #expect(try await reinstalled.requestAccess(for: .contacts))
        #expect(agent.shown.isEmpty)
    }

    @Test(arguments: StoreMode.allCases)
    func restrictedAppIsNeverAskedAndEveryDataCallFails(mode: StoreMode) async throws {
        let fixtures = try PrivacyFixtures(mode: mode)
        let agent = ScriptedConsentAgent(answers: [.full])
        let app = PrivacyFixtures.app()
        let store = try fixtures.store(
            for: app, consent: agent, policy: AdministratorPolicy(restricted: ["com.example.*"]))
        #expect(store.authorizationStatus(for: .contacts) == .restricted)
        await #expect(throws: CNError.self) { try await store.requestAccess(for: .contacts) }
        #expect(PrivacyFixtures.code { try PrivacyFixtures.names(in: store) } == .authorizationDenied)
        #expect(agent.shown.isEmpty)
    }

    @MainActor @Test(arguments: StoreMode.allCases)
    func dataCallOnTheMainActorWaitsForThePromptWithoutDeadlock(mode: StoreMode) throws {
        let fixtures = try PrivacyFixtures(mode: mode)
        try fixtures.add(["Ann"])
        let agent = ScriptedConsentAgent(answers: [.limited([])])
        let store = try fixtures.store(for: PrivacyFixtures.app(), consent: agent)
        #expect(try PrivacyFixtures.names(in: store).isEmpty)
        #expect(agent.shown.count == 1)
        #expect(store.authorizationStatus(for: .contacts) == .limited)
    }
}
