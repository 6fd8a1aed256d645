import ContactsPrivacy
import Testing

@Suite struct ScriptedConsentAgentTests {
    @Test func answersInOrderAndRecordsWhatWasShown() async {
        let agent = ScriptedConsentAgent(answers: [.full, nil], loadsCandidates: true)
        let request = ConsentRequest(app: testApp(), purpose: "Finds your friends.")
        let source = ContactCandidateSource([ContactCandidate(identifier: "A", displayName: "Ann")])
        #expect(await agent.consent(to: request, candidates: source) == .full)
        #expect(await agent.consent(to: request, candidates: source) == nil)
        #expect(await agent.consent(to: request, candidates: source) == nil)
        agent.enqueue(.deny)
        #expect(await agent.consent(to: request, candidates: source) == .deny)
        #expect(agent.shown == Array(repeating: request, count: 4))
        #expect(agent.offered.first == [ContactCandidate(identifier: "A", displayName: "Ann")])
    }
}
