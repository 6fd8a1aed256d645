import ContactsModel
import Foundation

/// Carries out ``AuthorizationStateMachine``'s actions for one app: asks the consent agent, stores decisions,
/// and wakes the callers waiting for a prompt's answer.
///
/// One coordinator serves every store an app opens, so concurrent `requestAccess` calls and data calls share
/// one prompt. The caller that triggers the prompt asks the agent; the others wait for the same answer.
///
/// ```swift
/// let coordinator = AuthorizationCoordinator(
///     app: app, repository: repository, agent: agent, policy: policy, environment: .live)
/// let (granted, error) = await coordinator.requestAccess()
/// try await coordinator.authorizeDataAccess()   // throws CNError 100 when not granted
/// ```
///
/// Parity: the shell behind `requestAccess(for:)` and the implicit prompt of data calls.
public actor AuthorizationCoordinator {
    private let repository: any PrivacyRepository
    private let agent: any ConsentAgent
    /// The administrator's policy now: asked on every refresh, so a restriction applies to the next call.
    private let policy: @Sendable () -> AdministratorPolicy
    private let environment: PrivacyEnvironment
    private let candidates: ContactCandidateSource
    private var machine: AuthorizationStateMachine
    private var nextTicket: UInt64 = 0
    private var continuations: [AccessTicket: CheckedContinuation<AuthorizationAction, Never>] = [:]
    private var finished: [AccessTicket: AuthorizationAction] = [:]

    /// Creates a coordinator.
    ///
    /// - Parameters:
    ///   - app: The app, with its purpose string.
    ///   - repository: Where decisions are stored.
    ///   - agent: Who asks the person.
    ///   - policy: The administrator's restrictions.
    ///   - environment: Supplies the time of decisions.
    ///   - candidates: The contacts the person may select for limited access.
    public init(
        app: AppIdentity,
        repository: any PrivacyRepository,
        agent: any ConsentAgent,
        policy: AdministratorPolicy,
        environment: PrivacyEnvironment,
        candidates: ContactCandidateSource = .empty
    ) {
        self.init(
            app: app, repository: repository, agent: agent, currentPolicy: { policy }, environment: environment,
            candidates: candidates)
    }

    /// Creates a coordinator that reads the administrator's policy anew for every decision.
    ///
    /// - Parameters:
    ///   - currentPolicy: Returns the policy in force now.
    ///   - Other parameters: As ``init(app:repository:agent:policy:environment:candidates:)``.
    public init(
        app: AppIdentity,
        repository: any PrivacyRepository,
        agent: any ConsentAgent,
        currentPolicy: @escaping @Sendable () -> AdministratorPolicy,
        environment: PrivacyEnvironment,
        candidates: ContactCandidateSource = .empty
    ) {
        self.repository = repository
        self.agent = agent
        self.policy = currentPolicy
        self.environment = environment
        self.candidates = candidates
        let stored = (try? repository.record(for: app.bundleIdentifier))?.status ?? .notDetermined
        machine = AuthorizationStateMachine(
            app: app, status: currentPolicy().effectiveStatus(of: app.bundleIdentifier, stored: stored))
    }

    /// The app's current status; never asks.
    ///
    /// - Throws: `CNError` when the repository fails.
    public func status() throws(CNError) -> CNAuthorizationStatus {
        try refresh()
        guard case .reportStatus(let status)? = machine.handle(.statusQuery).first else { return machine.status }
        return status
    }

    /// Asks for access once; later calls return the remembered answer.
    ///
    /// - Returns: Whether access is granted (full or limited), and `authorizationDenied` (100) when not.
    public func requestAccess() async -> (granted: Bool, error: CNError?) {
        let action = await run { .requestAccess($0) }
        if case .reply(_, let granted, let error) = action { return (granted, error) }
        return (false, CNError(.authorizationDenied))
    }

    /// Checks that a data call may go ahead, asking (and waiting) while the status is not determined.
    ///
    /// - Throws: `CNError.authorizationDenied` (100) when the app is denied, restricted or no agent could ask.
    public func authorizeDataAccess() async throws(CNError) {
        let action = await run { .dataAccess($0) }
        switch action {
        case .proceed: return
        case .fail(_, let error): throw error
        default: throw CNError(.authorizationDenied)
        }
    }

    /// How many callers wait for the prompt that is showing (zero when none is).
    public var waitingCallers: Int { machine.waitingTickets.count }

    /// Feeds an event from outside (the person's controls, an administrator, a reset).
    public func handle(_ event: AuthorizationEvent) async {
        await perform(machine.handle(event))
    }

    private func run(_ event: (AccessTicket) -> AuthorizationEvent) async -> AuthorizationAction {
        try? refresh()
        nextTicket += 1
        let ticket = AccessTicket(nextTicket)
        await perform(machine.handle(event(ticket)))
        if let action = finished.removeValue(forKey: ticket) { return action }
        return await withCheckedContinuation { continuation in
            continuations[ticket] = continuation
        }
    }

    /// Brings the machine up to date with decisions made elsewhere, unless a prompt is showing.
    private func refresh() throws(CNError) {
        guard !machine.isAsking else { return }
        let stored = try repository.record(for: machine.app.bundleIdentifier)?.status ?? .notDetermined
        let current = policy().effectiveStatus(of: machine.app.bundleIdentifier, stored: stored)
        if current != machine.status {
            _ = machine.handle(current == .restricted ? .policyRestricted : .personChangedAccess(current))
        }
    }

    private func perform(_ actions: [AuthorizationAction]) async {
        for action in actions {
            switch action {
            case .reportStatus:
                continue
            case .askConsent(let app, let purpose):
                let request = ConsentRequest(app: app, purpose: purpose, style: .standard)
                let answer = await agent.consent(to: request, candidates: candidates)
                // The state may have changed while the person was asked; the machine ignores a late answer.
                await perform(machine.handle(.consentAnswered(answer, at: environment.now())))
            case .record(let decision):
                store(decision)
            case .reply(let ticket, _, _), .proceed(let ticket), .fail(let ticket, _):
                if let continuation = continuations.removeValue(forKey: ticket) {
                    continuation.resume(returning: action)
                } else {
                    finished[ticket] = action
                }
            }
        }
    }

    private func store(_ decision: AuthorizationDecision) {
        let app = machine.app
        // A failed write leaves the decision in memory for this process; the next launch asks again.
        _ = try? repository.change(app.bundleIdentifier) { record in
            record.status = decision.status
            record.limitedIdentifiers = decision.limitedIdentifiers
            record.decidedAt = decision.decidedAt
            record.displayName = app.displayName
            record.usageDescription = app.usageDescription
        }
    }
}
