import ContactsModel
import ContactsPrivacy
import Foundation
import Testing

@Suite struct AuthorizationCoordinatorTests {
    let app = testApp()

    private func coordinator(
        _ repository: InMemoryPrivacyRepository,
        agent: any ConsentAgent,
        policy: AdministratorPolicy = .unrestricted
    ) -> AuthorizationCoordinator {
        AuthorizationCoordinator(
            app: app, repository: repository, agent: agent, policy: policy, environment: .testing())
    }

    @Test func requestAccessAsksOnceAndRemembersTheAnswer() async throws {
        let repository = InMemoryPrivacyRepository()
        let agent = ScriptedConsentAgent(answers: [.limited(["A"]), .full])
        let coordinator = coordinator(repository, agent: agent)
        let first = await coordinator.requestAccess()
        let second = await coordinator.requestAccess()
        #expect(first.granted && first.error == nil)
        #expect(second.granted && second.error == nil)
        #expect(agent.shown == [ConsentRequest(app: app, purpose: "Finds your friends.")])
        let record = try #require(try repository.record(for: app.bundleIdentifier))
        #expect(record.status == .limited)
        #expect(record.limitedIdentifiers == ["A"])
        #expect(record.decidedAt == testDate)
        #expect(record.displayName == "Example")
        #expect(try await coordinator.status() == .limited)
    }

    @Test func denialReportsNotGrantedWithError100AndDataCallsFail() async throws {
        let repository = InMemoryPrivacyRepository()
        let coordinator = coordinator(repository, agent: ScriptedConsentAgent(answers: [.deny]))
        let result = await coordinator.requestAccess()
        #expect(!result.granted)
        #expect(result.error?.code == .authorizationDenied)
        await #expect(throws: CNError(.authorizationDenied)) { try await coordinator.authorizeDataAccess() }
        #expect(try repository.record(for: app.bundleIdentifier)?.status == .denied)
    }

    @Test func withoutAnAgentNothingIsRecordedAndALaterAttemptAsks() async throws {
        let repository = InMemoryPrivacyRepository()
        let agent = ScriptedConsentAgent(answers: [nil, .full])
        let coordinator = coordinator(repository, agent: agent)
        let first = await coordinator.requestAccess()
        #expect(!first.granted && first.error?.code == .authorizationDenied)
        #expect(try repository.record(for: app.bundleIdentifier) == nil)
        #expect(try await coordinator.status() == .notDetermined)
        #expect(await coordinator.requestAccess().granted)
        #expect(agent.shown.count == 2)
    }

    @Test func restrictedAppIsNeverAsked() async throws {
        let agent = ScriptedConsentAgent(answers: [.full])
        let coordinator = coordinator(
            InMemoryPrivacyRepository(), agent: agent, policy: AdministratorPolicy(restricted: [app.bundleIdentifier]))
        #expect(!(await coordinator.requestAccess().granted))
        await #expect(throws: CNError(.authorizationDenied)) { try await coordinator.authorizeDataAccess() }
        #expect(try await coordinator.status() == .restricted)
        #expect(agent.shown.isEmpty)
    }

    @Test func dataAccessWhileNotDeterminedAsksAndProceedsWhenGranted() async throws {
        let agent = ScriptedConsentAgent(answers: [.full])
        let coordinator = coordinator(InMemoryPrivacyRepository(), agent: agent)
        try await coordinator.authorizeDataAccess()
        try await coordinator.authorizeDataAccess()
        #expect(agent.shown.count == 1)
    }

    // The limit catches a deadlock, not slowness: on 2 cores the full suite can keep Swift Testing's pool busy
    // with synchronous tests for minutes before this async test gets a thread.
    @Test(.timeLimit(.minutes(10))) func concurrentCallersWaitForTheSamePrompt() async throws {
        let agent = GatedConsentAgent()
        let repository = InMemoryPrivacyRepository()
        let coordinator = coordinator(repository, agent: agent)
        async let first = coordinator.requestAccess()
        _ = await agent.nextPrompt()
        async let second = coordinator.requestAccess()
        async let data: Void = coordinator.authorizeDataAccess()
        // Every caller queues behind the one prompt before the person answers.
        while await coordinator.waitingCallers < 3 {
            await Task.yield()
        }
        #expect(agent.promptCount == 1)
        agent.answer(.full)
        let (one, two) = await (first, second)
        try await data
        #expect(one.granted && two.granted)
        #expect(agent.promptCount == 1)
    }

    @Test func decisionMadeElsewhereIsSeenOnTheNextCall() async throws {
        let repository = InMemoryPrivacyRepository()
        let agent = ScriptedConsentAgent(answers: [.full])
        let coordinator = coordinator(repository, agent: agent)
        #expect(await coordinator.requestAccess().granted)
        try repository.change(app.bundleIdentifier) { $0.status = .denied }
        #expect(try await coordinator.status() == .denied)
        #expect(!(await coordinator.requestAccess().granted))
        try repository.change(app.bundleIdentifier) { $0.status = .notDetermined }
        agent.enqueue(.limited([]))
        #expect(await coordinator.requestAccess().granted)
        #expect(agent.shown.count == 2)
    }

    // As above: a deadlock guard, generous because the pool may be busy.
    @Test(.timeLimit(.minutes(10))) func restrictionFedWhileAskingAnswersTheWaiters() async throws {
        let agent = GatedConsentAgent()
        let coordinator = coordinator(InMemoryPrivacyRepository(), agent: agent)
        async let first = coordinator.requestAccess()
        _ = await agent.nextPrompt()
        await coordinator.handle(.policyRestricted)
        agent.answer(.full)
        let result = await first
        #expect(!result.granted)
    }

    @Test func terminalConsentThroughTheCoordinatorRecordsTheSelectedContacts() async throws {
        let repository = InMemoryPrivacyRepository()
        let lines = LineQueue(["continue", "select", "2"])
        let coordinator = AuthorizationCoordinator(
            app: app, repository: repository, agent: TerminalConsentAgent(streams: lines.streams),
            policy: .unrestricted, environment: .testing(),
            candidates: ContactCandidateSource([
                ContactCandidate(identifier: "A", displayName: "Ann Lee"),
                ContactCandidate(identifier: "B", displayName: "Bob Stone"),
            ]))
        #expect(await coordinator.requestAccess().granted)
        let record = try #require(try repository.record(for: app.bundleIdentifier))
        #expect(record.status == .limited)
        #expect(record.limitedIdentifiers == ["B"])
        #expect(record.usageDescription == "Finds your friends.")
        #expect(lines.output.contains("2. Bob Stone"))
    }
}
