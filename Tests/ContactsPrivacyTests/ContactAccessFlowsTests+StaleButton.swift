import ContactsModel
import ContactsPrivacy
import Testing

/// The access button waits for the person (in the daemon, as long as the app's page is open): a change the
/// person makes to the app's access meanwhile is not undone by the tap or the prompt that comes after it.
@Suite struct StaleAccessButtonTests {
    let repository = InMemoryPrivacyRepository()
    let directory = InMemoryDirectory.sample()

    /// Runs the button with agents that first let the person change the app's status elsewhere.
    private func run(from status: CNAuthorizationStatus, to later: CNAuthorizationStatus, during stage: Stage)
        async throws -> [String]
    {
        if status != .notDetermined {
            try repository.change("com.example.app") { $0.status = status }
        }
        let change: @Sendable () -> Void = { [repository] in
            try? repository.change("com.example.app") { $0.status = later }
        }
        let nothing: @Sendable () -> Void = {}
        let trusted = ChangingTrustedAgent(meanwhile: stage == .tap ? change : nothing)
        let consent = ChangingConsentAgent(meanwhile: stage == .prompt ? change : nothing)
        let flows = ContactAccessFlows(
            repository: repository, directory: directory, trustedAgent: trusted, consentAgent: consent,
            policy: .unrestricted, environment: .testing())
        return try await flows.runAccessButton(for: testApp(), query: AccessButtonQuery(queryString: "ann"))
    }

    enum Stage { case tap, prompt }

    @Test func aTapAfterThePersonDeniedTheAppGrantsNothing() async throws {
        #expect(try await run(from: .limited, to: .denied, during: .tap).isEmpty)
        let record = try #require(try repository.record(for: "com.example.app"))
        #expect(record.status == .denied)
        #expect(record.limitedIdentifiers.isEmpty, "the set was not touched")
    }

    @Test func anAllowAfterThePersonDeniedTheAppElsewhereGrantsNothing() async throws {
        #expect(try await run(from: .notDetermined, to: .denied, during: .prompt).isEmpty)
        let record = try #require(try repository.record(for: "com.example.app"))
        #expect(record.status == .denied, "the denial stands")
        #expect(record.limitedIdentifiers.isEmpty)
    }

    @Test func withoutAChangeTheSameAgentsGrant() async throws {
        #expect(try await run(from: .limited, to: .limited, during: .tap) == ["A"])
    }
}

/// Lets `meanwhile` run while the person looks at the button, then taps Ann Lee with every check made.
private struct ChangingTrustedAgent: TrustedAgent {
    let meanwhile: @Sendable () -> Void

    func chooseFromAccessButton(for app: AppIdentity, matches: [ContactCandidate]) async -> AccessButtonTap? {
        meanwhile()
        return AccessButtonTap(identifiers: ["A"], verification: .all)
    }

    func pickContacts(for app: AppIdentity, request: ContactPickerRequest, candidates: [ContactCandidate]) async
        -> ContactPickerChoice
    { .cancelled }

    func editSharedContacts(for app: AppIdentity, shared: Set<String>, candidates: [ContactCandidate]) async
        -> Set<String>?
    { nil }
}

/// Lets `meanwhile` run while the simplified prompt waits, then allows.
private struct ChangingConsentAgent: ConsentAgent {
    let meanwhile: @Sendable () -> Void

    func consent(to request: ConsentRequest, candidates: ContactCandidateSource) async -> ConsentAnswer? {
        meanwhile()
        return .limited([])
    }
}
