import ContactsPrivacy
import Foundation
import Testing

@Suite struct ConsentSettingTests {
    @Test(arguments: [
        ("deny", ConsentAnswer.deny),
        ("full", .full),
        ("limited", .limited([])),
        (" FULL ", .full),
        ("Limited", .limited([])),
        ("limited:A:ABPerson", .limited(["A:ABPerson"])),
        ("limited:A:ABPerson, B:ABPerson", .limited(["A:ABPerson", "B:ABPerson"])),
    ])
    func parsesEachForm(setting: String, expected: ConsentAnswer) throws {
        #expect(try ConsentAnswer(setting: setting) == expected)
    }

    @Test(arguments: ["", "allow", "yes", "full:A", "deny:A", "limited:", "limited:A,,B", "limited:A,"])
    func malformedSettingThrows(setting: String) {
        let error = #expect(throws: AuthorizationError.self) { try ConsentAnswer(setting: setting) }
        #expect(error?.code == .consentSettingMalformed)
    }

    @Test func malformedSettingMessageDoesNotEchoIdentifiers() {
        let error = #expect(throws: AuthorizationError.self) { try ConsentAnswer(setting: "limited:secret-id,") }
        #expect(error?.message.contains("secret-id") == false)
    }

    @Test func standardAgentFollowsTheSetting() async {
        let environment = PrivacyEnvironment.testing(variables: ["CONTACTS_CONSENT": "full"])
        let (agent, error) = ConsentAgents.standard(environment: environment, terminal: { nil })
        #expect(error == nil)
        let answer = await agent.consent(to: ConsentRequest(app: testApp(), purpose: "p"), candidates: .empty)
        #expect(answer == .full)
    }

    @Test func malformedSettingGivesAnAgentThatNeverAnswers() async {
        let environment = PrivacyEnvironment.testing(variables: ["CONTACTS_CONSENT": "sure"])
        let (agent, error) = ConsentAgents.standard(environment: environment, terminal: { nil })
        #expect(error?.code == .consentSettingMalformed)
        let answer = await agent.consent(to: ConsentRequest(app: testApp(), purpose: "p"), candidates: .empty)
        #expect(answer == nil)
    }

    @Test func withoutTheSettingTheTerminalAsks() async {
        let lines = LineQueue(["c", "a"])
        let (agent, error) = ConsentAgents.standard(environment: .testing(), terminal: { lines.streams })
        #expect(error == nil)
        let answer = await agent.consent(to: ConsentRequest(app: testApp(), purpose: "p"), candidates: .empty)
        #expect(answer == .full)
    }

    @Test func withoutTheSettingOrATerminalNobodyAnswers() async {
        let (agent, _) = ConsentAgents.standard(environment: .testing(), terminal: { nil })
        #expect(await agent.consent(to: ConsentRequest(app: testApp(), purpose: "p"), candidates: .empty) == nil)
    }

    @Test func chainAsksTheNextAgentWhenOneCannotAsk() async {
        let chain = ConsentAgents.firstAvailable([UnavailableConsentAgent(), PolicyConsentAgent(answer: .deny)])
        #expect(await chain.consent(to: ConsentRequest(app: testApp(), purpose: "p"), candidates: .empty) == .deny)
        let empty = ConsentAgents.firstAvailable([UnavailableConsentAgent()])
        #expect(await empty.consent(to: ConsentRequest(app: testApp(), purpose: "p"), candidates: .empty) == nil)
    }
}

@Suite struct PolicyConsentAgentTests {
    let candidates = ContactCandidateSource([
        ContactCandidate(identifier: "A", displayName: "Ann"), ContactCandidate(identifier: "B", displayName: "Bob"),
    ])

    @Test(arguments: [ConsentRequest.Style.standard, .limitedOnly])
    func denyIsAlwaysDeny(style: ConsentRequest.Style) async {
        let agent = PolicyConsentAgent(answer: .deny)
        let request = ConsentRequest(app: testApp(), purpose: "p", style: style)
        #expect(await agent.consent(to: request, candidates: candidates) == .deny)
    }

    @Test func fullBecomesLimitedForTheSimplifiedPrompt() async {
        let agent = PolicyConsentAgent(answer: .full)
        #expect(await agent.consent(to: ConsentRequest(app: testApp(), purpose: "p"), candidates: candidates) == .full)
        let simplified = ConsentRequest(app: testApp(), purpose: "p", style: .limitedOnly)
        #expect(await agent.consent(to: simplified, candidates: candidates) == .limited([]))
    }

    @Test func limitedSharesOnlyContactsThatExist() async {
        let agent = PolicyConsentAgent(answer: .limited(["A", "Z"]))
        let answer = await agent.consent(to: ConsentRequest(app: testApp(), purpose: "p"), candidates: candidates)
        #expect(answer == .limited(["A"]))
    }

    @Test func limitedWithoutIdentifiersSharesNothing() async {
        let agent = PolicyConsentAgent(answer: .limited([]))
        let answer = await agent.consent(to: ConsentRequest(app: testApp(), purpose: "p"), candidates: candidates)
        #expect(answer == .limited([]))
    }
}
