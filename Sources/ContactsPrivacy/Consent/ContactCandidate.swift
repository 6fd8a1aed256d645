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
