import Synchronization

/// A consent agent for tests: answers queued in advance, and a log of every request it was shown.
///
/// Each prompt takes the next queued answer; an answer of nil, or an empty queue, means the agent cannot ask.
///
/// ```swift
/// let agent = ScriptedConsentAgent(answers: [.limited(["A:ABPerson"])])
/// // ... run the flow ...
/// agent.shown.count   // 1
/// ```
///
/// Parity: our addition.
public final class ScriptedConsentAgent: ConsentAgent {
    private struct State {
        var answers: [ConsentAnswer?]
        var shown: [ConsentRequest] = []
        var offered: [[ContactCandidate]] = []
    }

    private let state: Mutex<State>
    private let loadsCandidates: Bool

    /// Creates an agent with queued answers.
    ///
    /// - Parameters:
    ///   - answers: The answers, in order; nil entries mean "cannot ask".
    ///   - loadsCandidates: Whether to load and log the candidates offered with each prompt.
    public init(answers: [ConsentAnswer?] = [], loadsCandidates: Bool = false) {
        state = Mutex(State(answers: answers))
        self.loadsCandidates = loadsCandidates
    }

    /// Queues another answer.
    public func enqueue(_ answer: ConsentAnswer?) {
        state.withLock { $0.answers.append(answer) }
    }

    /// The requests shown so far, in order.
    public var shown: [ConsentRequest] {
        state.withLock { $0.shown }
    }

    /// The candidates offered with each prompt, when ``init(answers:loadsCandidates:)`` asked to load them.
    public var offered: [[ContactCandidate]] {
        state.withLock { $0.offered }
    }

    public func consent(to request: ConsentRequest, candidates: ContactCandidateSource) async -> ConsentAnswer? {
        let loaded = loadsCandidates ? candidates.load() : nil
        return state.withLock { state in
            state.shown.append(request)
            if let loaded { state.offered.append(loaded) }
            return state.answers.isEmpty ? nil : state.answers.removeFirst()
        }
    }
}
