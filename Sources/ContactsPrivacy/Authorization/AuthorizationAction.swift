import ContactsModel

/// Work the shell carries out for ``AuthorizationStateMachine``.
///
/// Parity: our addition.
public enum AuthorizationAction: Hashable, Sendable {
    /// Report the status to the caller of `authorizationStatus(for:)`.
    case reportStatus(CNAuthorizationStatus)
    /// Ask the person through the consent agent, showing the app's name and purpose; then send
    /// ``AuthorizationEvent/consentAnswered(_:at:)``.
    case askConsent(AppIdentity, purpose: String)
    /// Store the decision in the repository.
    case record(AuthorizationDecision)
    /// Complete a `requestAccess` call.
    case reply(AccessTicket, granted: Bool, error: CNError?)
    /// Let a waiting data call go ahead.
    case proceed(AccessTicket)
    /// Fail a waiting data call, with `authorizationDenied` (100).
    case fail(AccessTicket, CNError)
}
