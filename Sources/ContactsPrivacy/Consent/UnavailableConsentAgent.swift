/// An agent that can never ask.
///
/// Parity: our addition.
public struct UnavailableConsentAgent: ConsentAgent {
    /// Creates the agent.
    public init() {}

    public func consent(to request: ConsentRequest, candidates: ContactCandidateSource) async -> ConsentAnswer? {
        nil
    }
}
