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
