import ContactsSystem
import Synchronization

/// The consent agent of a test daemon: passes each app's prompt to the agent the test chose for that app, as an
/// embedded app store's own agent would answer it. An app without one gets no answer ("cannot ask").
///
/// The daemon has one consent agent for every connection (the person's), and the prompt names the app by its
/// bundle identifier only, so two stores of the same app share the agent chosen last.
final class RoutingConsentAgent: ConsentAgent {
    private let agents = Mutex<[String: any ConsentAgent]>([:])

    /// Answers the prompts of an app with an agent from now on.
    func route(_ bundleIdentifier: String, to agent: any ConsentAgent) {
        agents.withLock { $0[bundleIdentifier] = agent }
    }

    func consent(to request: ConsentRequest, candidates: ContactCandidateSource) async -> ConsentAnswer? {
        guard let agent = agents.withLock({ $0[request.app.bundleIdentifier] }) else { return nil }
        return await agent.consent(to: request, candidates: candidates)
    }
}
