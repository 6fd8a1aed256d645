/// Answers every prompt with a fixed answer, for headless machines and CI (`CONTACTS_CONSENT`).
///
/// It answers the way the person would: a limited answer shares only identifiers that exist among the
/// candidates, and the access button's simplified prompt, which offers no full access, gets limited access
/// with nothing shared when the setting is `full`.
///
/// ```swift
/// let agent = PolicyConsentAgent(answer: try ConsentAnswer(setting: "limited:A:ABPerson"))
/// ```
///
/// Parity: our addition.
public struct PolicyConsentAgent: ConsentAgent {
    /// The configured answer.
    public var answer: ConsentAnswer

    /// Creates an agent that always gives `answer`.
    public init(answer: ConsentAnswer) {
        self.answer = answer
    }

    public func consent(to request: ConsentRequest, candidates: ContactCandidateSource) async -> ConsentAnswer? {
        switch (answer, request.style) {
        case (.deny, _):
            return .deny
        case (.full, .standard):
            return .full
        case (.full, .limitedOnly):
            return .limited([])
        case (.limited(let identifiers), _):
            guard !identifiers.isEmpty else { return .limited([]) }
            let existing = Set(candidates.load().map(\.identifier))
            return .limited(identifiers.intersection(existing))
        }
    }
}
