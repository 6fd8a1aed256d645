import ContactsSystem
import ContactsWebUI
import Foundation
import Synchronization

/// One contact access button an app placed on its web page: the app's query and look, and the flow that runs
/// behind the frame (ContactAccessFlows.runAccessButton, with this session as its trusted agent and as the
/// consent agent of its simplified prompt).
///
/// The flow runs when the person's browser loads the frame, and again after each tap has been decided: the
/// flow's state machine takes one tap, so a frame that stays on the page gets a new flow for the next one.
/// Whatever the flow grants goes to the app through ``deliver`` (its socket) and to the frame's script (which
/// tells the embedding page the identifiers).
final class AccessButtonSession: Sendable {
    /// Where the flow is, as the frame sees it.
    enum Settled: Sendable, Equatable {
        /// The person sees these matches; a tap is awaited.
        case showing([ContactCandidate])
        /// The simplified prompt is awaited.
        case asking
        /// The flow ended, granting these (maybe none).
        case finished([String])
        /// Nothing to do: the session ended, or the frame's action did not fit the flow's state.
        case gone
    }

    private enum Phase {
        case idle
        case running
        case showing([ContactCandidate], CheckedContinuation<AccessButtonTap?, Never>)
        case asking(CheckedContinuation<ConsentAnswer?, Never>)
    }

    private struct State {
        var phase = Phase.idle
        /// Frames waiting for the flow to reach a state they can show.
        var waiting: [CheckedContinuation<Settled, Never>] = []
        var ended = false
        /// The last tap the frame reported, as the daemon handed it to the flow (tests read it).
        var lastTap: AccessButtonTap?
        /// The app's query now (``update(_:)`` replaces it).
        var query: AccessButtonQuery
    }

    let id: String
    let uid: uid_t
    let app: AppIdentity
    let look: AccessButtonLook
    /// The connection that opened it; the session ends with it.
    let owner: ObjectIdentifier
    private let deliver: @Sendable ([String]) -> Void
    private let ended: @Sendable () -> Void
    private let run: @Sendable (AccessButtonSession) async throws -> [String]
    private let state: Mutex<State>

    /// - Parameters:
    ///   - deliver: Tells the app the identifiers a flow granted.
    ///   - ended: Tells the app the session ended (no more grants will come).
    ///   - run: Runs one flow with this session as its agents; returns what it granted.
    init(
        id: String, uid: uid_t, app: AppIdentity, query: AccessButtonQuery, look: AccessButtonLook,
        owner: ObjectIdentifier,
        deliver: @escaping @Sendable ([String]) -> Void, ended: @escaping @Sendable () -> Void,
        run: @escaping @Sendable (AccessButtonSession) async throws -> [String]
    ) {
        self.id = id
        self.uid = uid
        self.app = app
        self.state = Mutex(State(query: query))
        self.look = look
        self.owner = owner
        self.deliver = deliver
        self.ended = ended
        self.run = run
    }

    /// The last tap handed to the flow, verified or not.
    var lastTap: AccessButtonTap? { state.withLock { $0.lastTap } }

    /// The app's query now; each flow reads it when it starts.
    var query: AccessButtonQuery { state.withLock { $0.query } }

    /// Gives the session the app's new query. Matches the frame shows for the old one are taken back: their flow
    /// ends with no tap, granting nothing, and the frame's next load shows the new query's matches. A simplified
    /// prompt that waits for the person keeps waiting: it asks about the contact they already tapped.
    func update(_ query: AccessButtonQuery) {
        let agent = state.withLock { state -> CheckedContinuation<AccessButtonTap?, Never>? in
            state.query = query
            guard !state.ended, case .showing(_, let agent) = state.phase else { return nil }
            state.phase = .running
            return agent
        }
        agent?.resume(returning: nil)
    }

    /// What the frame shows now; starts a flow when none runs, and waits until it shows something or ends.
    func view() async -> Settled {
        await withCheckedContinuation { (continuation: CheckedContinuation<Settled, Never>) in
            let start = state.withLock { state -> Bool in
                guard !state.ended else {
                    continuation.resume(returning: .gone)
                    return false
                }
                switch state.phase {
                case .showing(let matches, _): continuation.resume(returning: .showing(matches))
                case .asking: continuation.resume(returning: .asking)
                case .running: state.waiting.append(continuation)
                case .idle:
                    state.phase = .running
                    state.waiting.append(continuation)
                    return true
                }
                return false
            }
            if start { startFlow() }
        }
    }

    /// Hands the flow a tap on one of the shown matches and waits for its outcome; `.gone` when no tap is awaited.
    func tap(_ tap: AccessButtonTap) async -> Settled {
        await withCheckedContinuation { (continuation: CheckedContinuation<Settled, Never>) in
            let agent = state.withLock { state -> CheckedContinuation<AccessButtonTap?, Never>? in
                guard !state.ended, case .showing(_, let agent) = state.phase else { return nil }
                state.phase = .running
                state.lastTap = tap
                state.waiting.append(continuation)
                return agent
            }
            guard let agent else { return continuation.resume(returning: .gone) }
            agent.resume(returning: tap)
        }
    }

    /// Answers the simplified prompt and waits for the flow's outcome. An answer the frame could not verify as
    /// a genuine tap on a visible prompt is no answer: the prompt keeps waiting (`.asking`).
    func answer(allow: Bool, verification: TapVerification) async -> Settled {
        await withCheckedContinuation { (continuation: CheckedContinuation<Settled, Never>) in
            let agent = state.withLock { state -> CheckedContinuation<ConsentAnswer?, Never>? in
                guard !state.ended, case .asking(let agent) = state.phase else {
                    continuation.resume(returning: .gone)
                    return nil
                }
                guard verification.isSuperset(of: .all) else {
                    continuation.resume(returning: .asking)
                    return nil
                }
                state.phase = .running
                state.waiting.append(continuation)
                return agent
            }
            // The simplified prompt offers limited access only; the flow shares the tapped contact.
            agent?.resume(returning: allow ? .limited([]) : .deny)
        }
    }

    /// Ends the session: a waiting flow gets no tap and no answer, and every frame shows nothing from now on.
    func end() {
        let (phase, waiting) = state.withLock { state in
            state.ended = true
            defer {
                state.phase = .idle
                state.waiting = []
            }
            return (state.phase, state.waiting)
        }
        switch phase {
        case .showing(_, let agent): agent.resume(returning: nil)
        case .asking(let agent): agent.resume(returning: nil)
        case .idle, .running: break
        }
        for frame in waiting { frame.resume(returning: .gone) }
        ended()
    }

    // MARK: The flow's side

    /// Called by the flow (as trusted agent): shows the matches and waits for the person's tap.
    func present(_ matches: [ContactCandidate]) async -> AccessButtonTap? {
        await withCheckedContinuation { (agent: CheckedContinuation<AccessButtonTap?, Never>) in
            settle(.showing(matches)) {
                $0 = .showing(matches, agent)
            } ended: {
                agent.resume(returning: nil)
            }
        }
    }

    /// Called by the flow (as consent agent): shows the simplified prompt and waits for a verified answer.
    func ask() async -> ConsentAnswer? {
        await withCheckedContinuation { (agent: CheckedContinuation<ConsentAnswer?, Never>) in
            settle(.asking) {
                $0 = .asking(agent)
            } ended: {
                agent.resume(returning: nil)
            }
        }
    }

    private func settle(_ settled: Settled, _ change: (inout Phase) -> Void, ended: () -> Void) {
        let waiting = state.withLock { state -> [CheckedContinuation<Settled, Never>]? in
            guard !state.ended else { return nil }
            change(&state.phase)
            defer { state.waiting = [] }
            return state.waiting
        }
        guard let waiting else { return ended() }
        for frame in waiting { frame.resume(returning: settled) }
    }

    private func startFlow() {
        // The flow outlives the request that started it (it waits for the person); it ends when the session
        // ends, because every wait of it is resumed then.
        Task {
            let granted = (try? await run(self)) ?? []
            let (waiting, ended) = state.withLock { state in
                state.phase = .idle
                defer { state.waiting = [] }
                return (state.waiting, state.ended)
            }
            if !granted.isEmpty, !ended { deliver(granted) }
            for frame in waiting { frame.resume(returning: ended ? .gone : .finished(granted)) }
        }
    }
}

/// The session as the flow's agents: its matches go to the person's frame, and so does the simplified prompt.
struct AccessButtonAgents: TrustedAgent, ConsentAgent {
    let session: AccessButtonSession

    func chooseFromAccessButton(for app: AppIdentity, matches: [ContactCandidate]) async -> AccessButtonTap? {
        await session.present(matches)
    }

    func consent(to request: ConsentRequest, candidates: ContactCandidateSource) async -> ConsentAnswer? {
        // Only the button's own simplified prompt is asked in its frame.
        guard request.style == .limitedOnly else { return nil }
        return await session.ask()
    }

    func pickContacts(for app: AppIdentity, request: ContactPickerRequest, candidates: [ContactCandidate]) async
        -> ContactPickerChoice
    { .cancelled }

    func editSharedContacts(for app: AppIdentity, shared: Set<String>, candidates: [ContactCandidate]) async
        -> Set<String>?
    { nil }
}
