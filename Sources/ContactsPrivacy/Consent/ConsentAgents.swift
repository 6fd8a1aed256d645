/// Chooses the consent agent for a process and combines agents.
///
/// ```swift
/// let (agent, problem) = ConsentAgents.standard(environment: .live)
/// ```
///
/// Parity: our addition.
public enum ConsentAgents {
    /// The agent for this process.
    ///
    /// With `CONTACTS_CONSENT` set (and not empty), a ``PolicyConsentAgent`` with its answer; when the value is
    /// malformed, an agent that never answers (nothing is granted or recorded) and the error to report. Without
    /// it, the ``TerminalConsentAgent``, which cannot ask when the process has no terminal.
    ///
    /// - Parameters:
    ///   - environment: Supplies `CONTACTS_CONSENT`.
    ///   - terminal: Opens the person's terminal.
    /// - Returns: The agent, and the configuration error to report, if any.
    public static func standard(
        environment: PrivacyEnvironment,
        terminal: @escaping @Sendable () -> TerminalStreams? = TerminalStreams.controllingTerminal
    ) -> (agent: any ConsentAgent, error: AuthorizationError?) {
        guard let setting = environment.variable(ConsentAnswer.settingVariable), !setting.isEmpty else {
            return (TerminalConsentAgent(openTerminal: terminal), nil)
        }
        do {
            return (PolicyConsentAgent(answer: try ConsentAnswer(setting: setting)), nil)
        } catch {
            return (UnavailableConsentAgent(), error)
        }
    }

    /// An agent that asks each agent in turn until one can ask.
    ///
    /// - Parameter agents: The agents, in order of preference.
    public static func firstAvailable(_ agents: [any ConsentAgent]) -> any ConsentAgent {
        ChainedConsentAgent(agents: agents)
    }
}

private struct ChainedConsentAgent: ConsentAgent {
    let agents: [any ConsentAgent]

    func consent(to request: ConsentRequest, candidates: ContactCandidateSource) async -> ConsentAnswer? {
        for agent in agents {
            if let answer = await agent.consent(to: request, candidates: candidates) {
                return answer
            }
        }
        return nil
    }
}
