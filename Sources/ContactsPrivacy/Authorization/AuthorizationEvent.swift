import ContactsModel
import Foundation

/// Something that happened to one app's authorization, fed to ``AuthorizationStateMachine``.
///
/// Parity: our addition; the events mirror `authorizationStatus(for:)`, `requestAccess(for:)`, data calls while
/// not determined, the prompt's answer, and changes made in the person's settings or by an administrator.
public enum AuthorizationEvent: Hashable, Sendable {
    /// `CNContactStore.authorizationStatus(for:)`: report, never ask.
    case statusQuery
    /// `CNContactStore.requestAccess(for:)` from the caller holding the ticket.
    case requestAccess(AccessTicket)
    /// A data call (fetch, save, enumerate...) from the caller holding the ticket; it waits for an answer
    /// while the status is not determined.
    case dataAccess(AccessTicket)
    /// The consent agent answered; nil when no agent could ask the person.
    case consentAnswered(ConsentAnswer?, at: Date)
    /// The person changed the app's access in their controls (a status other than not determined).
    case personChangedAccess(CNAuthorizationStatus)
    /// An administrator restricted the app.
    case policyRestricted
    /// The app's decision was reset to not determined.
    case reset
}
