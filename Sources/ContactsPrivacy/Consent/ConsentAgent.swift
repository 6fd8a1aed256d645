/// Asks the person whether an app may access their contacts. Apps never answer for the person.
///
/// An agent returns the person's answer, or nil when it cannot ask (no terminal, no policy). With nil,
/// `requestAccess` reports not granted and nothing is recorded, so a later attempt can still ask.
///
/// ```swift
/// struct AlwaysDeny: ConsentAgent {
///     func consent(to request: ConsentRequest, candidates: ContactCandidateSource) async -> ConsentAnswer? {
///         .deny
///     }
/// }
/// ```
///
/// Parity: our addition; on Apple platforms the system shows the alert.
public protocol ConsentAgent: Sendable {
    /// Asks the person and returns their answer.
    ///
    /// - Parameters:
    ///   - request: The app, its purpose and the prompt's style.
    ///   - candidates: The contacts the person may select for limited access.
    /// - Returns: The answer, or nil when this agent cannot ask.
    func consent(to request: ConsentRequest, candidates: ContactCandidateSource) async -> ConsentAnswer?
}
