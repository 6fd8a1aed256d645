import ContactsPrivacy
import Testing

@Suite struct TerminalConsentAgentTests {
    let candidates = ContactCandidateSource([
        ContactCandidate(identifier: "A", displayName: "Ann Lee"),
        ContactCandidate(identifier: "B", displayName: "Bob Stone"),
        ContactCandidate(identifier: "C", displayName: "Cy Young"),
    ])

    private func ask(_ lines: [String], style: ConsentRequest.Style = .standard) async -> (ConsentAnswer?, String) {
        let queue = LineQueue(lines)
        let agent = TerminalConsentAgent(streams: queue.streams)
        let request = ConsentRequest(app: testApp(), purpose: "Finds your friends.", style: style)
        let answer = await agent.consent(to: request, candidates: candidates)
        return (answer, queue.output)
    }

    @Test func stageOneShowsTheAppNameAndPurpose() async {
        let (_, output) = await ask(["d"])
        #expect(output.contains("Allow \"Example\" to access your contacts?"))
        #expect(output.contains("Finds your friends."))
        #expect(output.contains("[Continue/Don't Allow]"))
    }

    @Test(arguments: ["d", "Don't Allow", "no", "N"])
    func denyingAtStageOneDenies(line: String) async {
        let (answer, output) = await ask([line])
        #expect(answer == .deny)
        #expect(!output.contains("Share all contacts"))
    }

    @Test(arguments: ["a", "Share All", "all"])
    func sharingAllGivesFullAccess(line: String) async {
        let (answer, output) = await ask(["continue", line])
        #expect(answer == .full)
        #expect(output.contains("Share all contacts or select contacts?"))
    }

    @Test func denyingAtStageTwoDenies() async {
        #expect(await ask(["c", "don't allow"]).0 == .deny)
    }

    @Test func selectingContactsListsCandidatesAndSharesTheChosenOnes() async {
        let (answer, output) = await ask(["c", "s", "1, 3"])
        #expect(answer == .limited(["A", "C"]))
        #expect(output.contains("1. Ann Lee"))
        #expect(output.contains("3. Cy Young"))
    }

    @Test func emptySelectionSharesNothing() async {
        #expect(await ask(["c", "select", ""]).0 == .limited([]))
    }

    @Test func invalidNumbersAskAgain() async {
        let (answer, output) = await ask(["c", "s", "7", "x", "2"])
        #expect(answer == .limited(["B"]))
        #expect(output.contains("Please enter numbers from 1 to 3."))
    }

    @Test func unknownAnswersAskAgainThenGiveUp() async {
        let (answer, output) = await ask(["maybe", "later", "what"])
        #expect(answer == nil)
        #expect(output.contains("Please answer with one of the choices in brackets."))
        #expect(await ask(["maybe", "yes", "all"]).0 == .full)
    }

    @Test(arguments: [[String](), ["c"], ["c", "s"]])
    func endOfInputRecordsNothing(lines: [String]) async {
        #expect(await ask(lines).0 == nil)
    }

    @Test func simplifiedPromptSkipsTheChoiceOfFullAccess() async {
        let (answer, output) = await ask(["c", "2"], style: .limitedOnly)
        #expect(answer == .limited(["B"]))
        #expect(!output.contains("Share all contacts"))
    }

    @Test func withoutATerminalTheAgentCannotAsk() async {
        let agent = TerminalConsentAgent(openTerminal: { nil })
        let answer = await agent.consent(to: ConsentRequest(app: testApp(), purpose: "p"), candidates: candidates)
        #expect(answer == nil)
    }
}
