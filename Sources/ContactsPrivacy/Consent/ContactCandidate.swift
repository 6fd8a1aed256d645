/// A contact as the person sees it in a prompt or picker: its identifier and a display name.
///
/// Candidates go to the person's trusted agent only; they are never returned to an app.
///
/// Parity: our addition.
public struct ContactCandidate: Hashable, Sendable {
    /// The contact's identifier.
    public var identifier: String
    /// The name shown to the person (the engine formats it).
    public var displayName: String

    /// Creates a candidate.
    public init(identifier: String, displayName: String) {
        self.identifier = identifier
        self.displayName = displayName
    }
}

/// Supplies the contacts a consent agent can offer, loaded only when the person chooses to select contacts.
///
/// ```swift
/// let source = ContactCandidateSource { engine.candidatesForPerson() }
/// ```
///
/// Parity: our addition.
public struct ContactCandidateSource: Sendable {
    /// Loads the candidates.
    public var load: @Sendable () -> [ContactCandidate]

    /// Creates a source from a loader.
    public init(_ load: @escaping @Sendable () -> [ContactCandidate]) {
        self.load = load
    }

    /// Creates a source over a fixed list.
    public init(_ candidates: [ContactCandidate]) {
        self.load = { candidates }
    }

    /// No candidates.
    public static let empty = ContactCandidateSource([])
}
