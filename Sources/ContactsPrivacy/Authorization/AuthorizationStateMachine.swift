import ContactsModel
import Foundation

/// The authorization rules for one app, as a pure state machine that returns actions.
///
/// Rules (APPLE-API.md §3.1, §22.E):
/// - `authorizationStatus` never asks.
/// - `requestAccess` asks at most once: while not determined it asks; later calls get the remembered answer.
///   While a prompt is showing, further requests and data calls wait for the same answer.
/// - `granted` is true for full and limited access; false, with `authorizationDenied` (100), otherwise.
/// - A data call while not determined asks, and waits; denied and restricted fail with 100.
/// - When no agent can ask, every waiter is refused and nothing is recorded, so a later call can ask again.
/// - A restricted app is never asked. A decided status changes only through the person, the administrator or a
///   reset; a late answer to a prompt is ignored.
///
/// ```swift
/// var machine = AuthorizationStateMachine(app: app, status: .notDetermined)
/// machine.handle(.requestAccess(AccessTicket(1)))            // [.askConsent(app, purpose: "...")]
/// machine.handle(.consentAnswered(.full, at: now))           // [.record(...), .reply(#1, granted: true, error: nil)]
/// ```
///
/// Parity: our addition; it models the documented behaviour of Apple's authorization.
public struct AuthorizationStateMachine: Hashable, Sendable {
    private enum WaiterKind: Hashable, Sendable {
        case request
        case data
    }

    private struct Waiter: Hashable, Sendable {
        var ticket: AccessTicket
        var kind: WaiterKind
    }

    /// The app whose authorization this is.
    public let app: AppIdentity
    /// The current status, including an administrator's restriction.
    public private(set) var status: CNAuthorizationStatus
    /// The callers waiting for the prompt's answer, in arrival order; non-empty while a prompt is showing.
    private var waiters: [Waiter] = []

    /// Creates the machine in a known status.
    ///
    /// - Parameters:
    ///   - app: The app.
    ///   - status: The effective status (``AdministratorPolicy/effectiveStatus(of:stored:)``).
    public init(app: AppIdentity, status: CNAuthorizationStatus) {
        self.app = app
        self.status = status
    }

    /// Whether a prompt is showing and callers wait for its answer.
    public var isAsking: Bool { !waiters.isEmpty }

    /// The tickets waiting for the prompt's answer, in arrival order.
    public var waitingTickets: [AccessTicket] { waiters.map(\.ticket) }

    /// Applies an event and returns the actions to carry out, in order.
    ///
    /// - Parameter event: What happened.
    /// - Returns: The actions for the shell.
    public mutating func handle(_ event: AuthorizationEvent) -> [AuthorizationAction] {
        switch event {
        case .statusQuery:
            return [.reportStatus(status)]
        case .requestAccess(let ticket):
            return access(ticket, kind: .request)
        case .dataAccess(let ticket):
            return access(ticket, kind: .data)
        case .consentAnswered(let answer, let date):
            return answered(answer, at: date)
        case .personChangedAccess(let newStatus):
            if newStatus == .notDetermined { return handle(.reset) }
            status = newStatus
            return answerWaiters()
        case .policyRestricted:
            status = .restricted
            return answerWaiters()
        case .reset:
            // A prompt that is showing stays showing; its answer becomes the new decision.
            status = .notDetermined
            return []
        }
    }

    private mutating func access(_ ticket: AccessTicket, kind: WaiterKind) -> [AuthorizationAction] {
        guard status == .notDetermined else {
            return [Self.answer(ticket, kind: kind, status: status)]
        }
        let firstWaiter = waiters.isEmpty
        waiters.append(Waiter(ticket: ticket, kind: kind))
        return firstWaiter ? [.askConsent(app, purpose: app.usageDescription ?? "")] : []
    }

    private mutating func answered(_ answer: ConsentAnswer?, at date: Date) -> [AuthorizationAction] {
        // An answer nobody waits for (the person or an administrator decided meanwhile) changes nothing.
        guard isAsking, status == .notDetermined else { return [] }
        guard let answer else {
            let refusals = waiters.map { Self.answer($0.ticket, kind: $0.kind, status: .notDetermined) }
            waiters.removeAll()
            return refusals
        }
        status = answer.status
        let decision = AuthorizationDecision(
            status: answer.status, limitedIdentifiers: answer.limitedIdentifiers, decidedAt: date)
        return [.record(decision)] + answerWaiters()
    }

    private mutating func answerWaiters() -> [AuthorizationAction] {
        let replies = waiters.map { Self.answer($0.ticket, kind: $0.kind, status: status) }
        waiters.removeAll()
        return replies
    }

    private static func answer(_ ticket: AccessTicket, kind: WaiterKind, status: CNAuthorizationStatus)
        -> AuthorizationAction
    {
        let granted = status == .authorized || status == .limited
        switch (kind, granted) {
        case (.request, true): return .reply(ticket, granted: true, error: nil)
        case (.request, false): return .reply(ticket, granted: false, error: CNError(.authorizationDenied))
        case (.data, true): return .proceed(ticket)
        case (.data, false): return .fail(ticket, CNError(.authorizationDenied))
        }
    }
}
