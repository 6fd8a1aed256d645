import Synchronization

/// A trusted agent for tests: choices queued in advance, and a log of what the person was shown.
///
/// An empty queue means the person cancelled (nil, or `.cancelled` for the picker).
///
/// ```swift
/// let agent = ScriptedTrustedAgent(buttonTaps: [AccessButtonTap(identifiers: ["B"], verification: .all)])
/// ```
///
/// Parity: our addition.
public final class ScriptedTrustedAgent: TrustedAgent {
    /// One thing the person was shown.
    public enum Presentation: Hashable, Sendable {
        /// The one-time picker, with its candidates.
        case picker(app: String, request: ContactPickerRequest, candidates: [ContactCandidate])
        /// The contact access picker, with the shared set and the candidates.
        case accessPicker(app: String, shared: Set<String>, candidates: [ContactCandidate])
        /// The contact access button, with its matches.
        case accessButton(app: String, matches: [ContactCandidate])
    }

    private struct State {
        var picks: [ContactPickerChoice]
        var edits: [Set<String>?]
        var taps: [AccessButtonTap?]
        var shown: [Presentation] = []
    }

    private let state: Mutex<State>

    /// Creates an agent with queued choices.
    ///
    /// - Parameters:
    ///   - picks: Choices in the one-time picker.
    ///   - edits: New shared sets in the access picker (nil: cancelled).
    ///   - buttonTaps: Taps on the access button (nil: no tap).
    public init(
        picks: [ContactPickerChoice] = [],
        edits: [Set<String>?] = [],
        buttonTaps: [AccessButtonTap?] = []
    ) {
        state = Mutex(State(picks: picks, edits: edits, taps: buttonTaps))
    }

    /// What the person was shown, in order.
    public var shown: [Presentation] {
        state.withLock { $0.shown }
    }

    public func pickContacts(
        for app: AppIdentity,
        request: ContactPickerRequest,
        candidates: [ContactCandidate]
    ) async -> ContactPickerChoice {
        state.withLock { state in
            state.shown.append(.picker(app: app.bundleIdentifier, request: request, candidates: candidates))
            return state.picks.isEmpty ? .cancelled : state.picks.removeFirst()
        }
    }

    public func editSharedContacts(
        for app: AppIdentity,
        shared: Set<String>,
        candidates: [ContactCandidate]
    ) async -> Set<String>? {
        state.withLock { state in
            state.shown.append(.accessPicker(app: app.bundleIdentifier, shared: shared, candidates: candidates))
            return state.edits.isEmpty ? nil : state.edits.removeFirst()
        }
    }

    public func chooseFromAccessButton(for app: AppIdentity, matches: [ContactCandidate]) async -> AccessButtonTap? {
        state.withLock { state in
            state.shown.append(.accessButton(app: app.bundleIdentifier, matches: matches))
            return state.taps.isEmpty ? nil : state.taps.removeFirst()
        }
    }
}
