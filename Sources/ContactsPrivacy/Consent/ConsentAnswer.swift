import ContactsModel

/// The person's answer to a consent prompt.
///
/// ```swift
/// let answer: ConsentAnswer = .limited(["A1B2:ABPerson"])
/// answer.status   // .limited
/// ```
///
/// Parity: the outcomes of iOS 18's two-stage prompt ("Don't Allow", "Select Contacts", "Share All").
public enum ConsentAnswer: Hashable, Sendable {
    /// "Don't Allow".
    case deny
    /// Share all contacts: full access.
    case full
    /// Share only these contacts: limited access (possibly to none yet).
    case limited(Set<String>)

    /// The status this answer records.
    public var status: CNAuthorizationStatus {
        switch self {
        case .deny: .denied
        case .full: .authorized
        case .limited: .limited
        }
    }

    /// The contacts shared by a limited answer; empty otherwise.
    public var limitedIdentifiers: Set<String> {
        if case .limited(let identifiers) = self { identifiers } else { [] }
    }
}
