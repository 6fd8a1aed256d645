import ContactsModel
import Foundation

/// The contact access button's flow, as a pure state machine that returns actions.
///
/// - Full access: the button does not appear; nothing happens.
/// - Denied or restricted: the button is unusable; nothing is shown or granted (our decision, following the
///   WWDC24 table; docs/Privacy.md explains why).
/// - Limited: matches the app cannot see are shown to the person; a verified tap grants the chosen contacts and
///   the app learns their identifiers.
/// - Not determined: the same, and after the tap the person gets the simplified limited-access prompt; allowing
///   records limited access with the chosen contacts.
///
/// ```swift
/// var button = AccessButtonStateMachine(app: app, query: query)
/// button.handle(.started(status: .limited))   // [.findMatches(query, hidden: ...)]
/// ```
///
/// Parity: `ContactAccessButton`'s documented behaviour (APPLE-API.md §19.1).
public struct AccessButtonStateMachine: Hashable, Sendable {
    /// What happened.
    public enum Event: Hashable, Sendable {
        /// The button appeared, with the app's status at that time.
        case started(status: CNAuthorizationStatus)
        /// The engine found these matches among the contacts the app cannot see.
        case matchesFound([ContactCandidate])
        /// The person tapped (or did not, with nil).
        case tapped(AccessButtonTap?)
        /// The simplified prompt was answered; nil when no agent could ask.
        case consentAnswered(ConsentAnswer?, at: Date)
    }

    /// Work for the shell.
    public enum Action: Hashable, Sendable {
        /// Search contacts the app cannot see.
        case findMatches(AccessButtonQuery)
        /// Show the matches to the person through the trusted agent, never to the app.
        case showMatches([ContactCandidate])
        /// Ask the simplified limited-access prompt.
        case askLimitedConsent(AppIdentity, purpose: String)
        /// Store a decision (from the simplified prompt).
        case record(AuthorizationDecision)
        /// Add contacts to the app's limited set.
        case grant(Set<String>)
        /// Call the app's approval callback with these newly granted identifiers (sorted; possibly empty).
        case finish([String])
    }

    /// The app showing the button.
    public let app: AppIdentity
    /// The app's query.
    public let query: AccessButtonQuery
    private var status: CNAuthorizationStatus = .notDetermined
    private var matches: Set<String> = []
    private var chosen: Set<String> = []
    /// Whether the flow has finished.
    public private(set) var isFinished = false

    /// Creates the flow.
    public init(app: AppIdentity, query: AccessButtonQuery) {
        self.app = app
        self.query = query
    }

    /// Applies an event and returns the actions to carry out, in order.
    public mutating func handle(_ event: Event) -> [Action] {
        guard !isFinished else { return [] }
        switch event {
        case .started(let status):
            self.status = status
            guard status == .limited || status == .notDetermined else { return finish([]) }
            return [.findMatches(query)]
        case .matchesFound(let candidates):
            matches = Set(candidates.map(\.identifier))
            return candidates.isEmpty ? finish([]) : [.showMatches(candidates)]
        case .tapped(let tap):
            // Fails closed: a tap the trusted agent did not verify, or a button the system finds illegible,
            // grants nothing.
            guard let tap, tap.isVerified, query.style.isLegible else { return finish([]) }
            chosen = tap.identifiers.intersection(matches)
            guard !chosen.isEmpty else { return finish([]) }
            if status == .notDetermined {
                return [.askLimitedConsent(app, purpose: app.usageDescription ?? "")]
            }
            return [.grant(chosen)] + finish(chosen)
        case .consentAnswered(let answer, let date):
            guard status == .notDetermined, !chosen.isEmpty, let answer else { return finish([]) }
            guard answer != .deny else {
                return [.record(AuthorizationDecision(status: .denied, decidedAt: date))] + finish([])
            }
            // The simplified prompt offers limited access only, whatever the agent answered.
            let shared = chosen.union(answer.limitedIdentifiers)
            let decision = AuthorizationDecision(status: .limited, limitedIdentifiers: shared, decidedAt: date)
            return [.record(decision)] + finish(chosen)
        }
    }

    private mutating func finish(_ identifiers: Set<String>) -> [Action] {
        isFinished = true
        return [.finish(identifiers.sorted())]
    }
}
