import ContactsModel
import Foundation

/// A decision to store: the status, the contacts shared under limited access, and when it was made.
///
/// Parity: our addition.
public struct AuthorizationDecision: Hashable, Sendable {
    /// The decided status.
    public var status: CNAuthorizationStatus
    /// The contacts shared under limited access; empty for other statuses.
    public var limitedIdentifiers: Set<String>
    /// When the person decided.
    public var decidedAt: Date

    /// Creates a decision.
    public init(status: CNAuthorizationStatus, limitedIdentifiers: Set<String> = [], decidedAt: Date) {
        self.status = status
        self.limitedIdentifiers = limitedIdentifiers
        self.decidedAt = decidedAt
    }
}
