import ContactsModel
import ContactsPrivacy
import Testing

@Suite struct PrivacyRepositoryTests {
    @Test func updateCreatesANotDeterminedRecordAndKeepsIt() throws {
        let repository = InMemoryPrivacyRepository()
        #expect(try repository.record(for: "com.example.app") == nil)
        let record = try repository.update("com.example.app") { _ in }
        #expect(record.status == .notDetermined)
        #expect(try repository.records().map(\.bundleIdentifier) == ["com.example.app"])
    }

    @Test func decisionsSurviveTheAppBeingRemovedAndAddedAgain() async throws {
        let repository = InMemoryPrivacyRepository()
        let agent = ScriptedConsentAgent(answers: [.deny, .full])
        let first = AuthorizationCoordinator(
            app: testApp(), repository: repository, agent: agent, policy: .unrestricted, environment: .testing())
        #expect(!(await first.requestAccess().granted))
        // Reinstalling gives a new process with the same bundle identifier: the old decision holds, no prompt.
        let reinstalled = AuthorizationCoordinator(
            app: testApp(), repository: repository, agent: agent, policy: .unrestricted, environment: .testing())
        #expect(try await reinstalled.status() == .denied)
        #expect(!(await reinstalled.requestAccess().granted))
        #expect(agent.shown.count == 1)
    }

    @Test func changeAdvancesTheRevisionAndRevocationOnlyWhenAccessShrinks() throws {
        let repository = InMemoryPrivacyRepository()
        let granted = try repository.change("app") { $0.status = .authorized }
        #expect(granted.generation == AccessGeneration(revision: 1, revocation: 0))
        let unchanged = try repository.change("app") { $0.status = .authorized }
        #expect(unchanged.generation == granted.generation)
        let limited = try repository.change("app") { $0.status = .limited }
        #expect(limited.generation == AccessGeneration(revision: 2, revocation: 1))
        let shared = try repository.change("app") { $0.limitedIdentifiers.insert("A") }
        #expect(shared.generation == AccessGeneration(revision: 3, revocation: 1))
        let unshared = try repository.change("app") { $0.limitedIdentifiers.remove("A") }
        #expect(unshared.generation == AccessGeneration(revision: 4, revocation: 2))
    }

    @Test func changeCannotRewriteTheKeyOrTheGeneration() throws {
        let repository = InMemoryPrivacyRepository()
        let record = try repository.change("app") { record in
            record.bundleIdentifier = "other"
            record.generation = AccessGeneration(revision: 99, revocation: 99)
            record.status = .denied
        }
        #expect(record.bundleIdentifier == "app")
        #expect(record.generation == AccessGeneration(revision: 1, revocation: 0))
    }

    @Test func recordCreatedAddsToTheCreatedSetWithoutRevoking() throws {
        let repository = InMemoryPrivacyRepository()
        try repository.recordCreated(["N"], by: "app")
        try repository.recordCreated([], by: "other")
        let record = try #require(try repository.record(for: "app"))
        #expect(record.createdIdentifiers == ["N"])
        #expect(record.generation.revocation == 0)
        #expect(try repository.record(for: "other") == nil)
        #expect(try repository.generation(for: "app") == record.generation)
    }

    static let statuses: [CNAuthorizationStatus] = [.notDetermined, .restricted, .denied, .authorized, .limited]

    @Test(arguments: statuses, statuses)
    func reductionFollowsTheOrderOfAccess(from: CNAuthorizationStatus, to: CNAuthorizationStatus) {
        let rank: [CNAuthorizationStatus: Int] = [
            .notDetermined: 0, .restricted: 0, .denied: 0, .limited: 1, .authorized: 2,
        ]
        let old = AuthorizationRecord(bundleIdentifier: "app", status: from)
        let new = AuthorizationRecord(bundleIdentifier: "app", status: to)
        #expect(new.reducesAccess(comparedTo: old) == ((rank[to] ?? 0) < (rank[from] ?? 0)))
    }
}

@Suite struct AccessGenerationTests {
    @Test func openStoreFailsWith100AfterARevocationUntilReopened() throws {
        let repository = InMemoryPrivacyRepository()
        try repository.change("app") { $0.status = .authorized }
        let opened = try #require(try repository.generation(for: "app"))
        try opened.checkStillValid(current: try repository.generation(for: "app"))
        try repository.change("app") { $0.status = .denied }
        #expect(throws: CNError(.authorizationDenied)) {
            try opened.checkStillValid(current: try repository.generation(for: "app"))
        }
        let reopened = try #require(try repository.generation(for: "app"))
        try reopened.checkStillValid(current: try repository.generation(for: "app"))
    }

    @Test func growingAccessKeepsOpenStoresValid() throws {
        let repository = InMemoryPrivacyRepository()
        try repository.change("app") { $0.status = .limited }
        let opened = try #require(try repository.generation(for: "app"))
        try repository.change("app") { $0.limitedIdentifiers.insert("A") }
        let current = try repository.generation(for: "app")
        #expect(!opened.isRevoked(by: current))
        #expect(current?.revision != opened.revision)
    }

    @Test func storeOpenedBeforeAnyRecordStaysValidUntilARevocation() {
        let opened = AccessGeneration()
        #expect(!opened.isRevoked(by: nil))
        #expect(opened.isRevoked(by: AccessGeneration(revision: 1, revocation: 1)))
    }
}
