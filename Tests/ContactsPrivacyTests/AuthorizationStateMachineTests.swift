import ContactsModel
import ContactsPrivacy
import Foundation
import Testing

@Suite struct AuthorizationStateMachineTests {
    static let allStatuses: [CNAuthorizationStatus] = [.notDetermined, .restricted, .denied, .authorized, .limited]
    static let decided: [CNAuthorizationStatus] = [.restricted, .denied, .authorized, .limited]
    let app = testApp()
    let one = AccessTicket(1)
    let two = AccessTicket(2)
    let three = AccessTicket(3)
    let denied = CNError(.authorizationDenied)

    private func machine(_ status: CNAuthorizationStatus) -> AuthorizationStateMachine {
        AuthorizationStateMachine(app: app, status: status)
    }

    @Test(arguments: allStatuses)
    func statusQueryReportsAndNeverAsks(status: CNAuthorizationStatus) {
        var machine = machine(status)
        #expect(machine.handle(.statusQuery) == [.reportStatus(status)])
        #expect(!machine.isAsking)
    }

    @Test(arguments: decided)
    func requestAccessInADecidedStatusAnswersFromMemory(status: CNAuthorizationStatus) {
        var machine = machine(status)
        let granted = status == .authorized || status == .limited
        #expect(machine.handle(.requestAccess(one)) == [.reply(one, granted: granted, error: granted ? nil : denied)])
        #expect(machine.status == status)
    }

    @Test(arguments: decided)
    func dataAccessInADecidedStatusProceedsOrFails(status: CNAuthorizationStatus) {
        var machine = machine(status)
        let granted = status == .authorized || status == .limited
        #expect(machine.handle(.dataAccess(one)) == [granted ? .proceed(one) : .fail(one, denied)])
    }

    @Test func requestAccessWhileNotDeterminedAsksWithThePurpose() {
        var machine = machine(.notDetermined)
        #expect(machine.handle(.requestAccess(one)) == [.askConsent(app, purpose: "Finds your friends.")])
        #expect(machine.isAsking)
    }

    @Test func dataAccessWhileNotDeterminedAsksAndWaits() {
        var machine = machine(.notDetermined)
        #expect(machine.handle(.dataAccess(one)) == [.askConsent(app, purpose: "Finds your friends.")])
        #expect(machine.waitingTickets == [one])
    }

    @Test(arguments: [
        (ConsentAnswer.full, CNAuthorizationStatus.authorized), (.limited(["A"]), .limited), (.deny, .denied),
    ])
    func answerIsRecordedAndEveryWaiterGetsIt(answer: ConsentAnswer, status: CNAuthorizationStatus) {
        var machine = machine(.notDetermined)
        _ = machine.handle(.requestAccess(one))
        #expect(machine.handle(.dataAccess(two)).isEmpty)
        #expect(machine.handle(.requestAccess(three)).isEmpty)
        let granted = status != .denied
        let actions = machine.handle(.consentAnswered(answer, at: testDate))
        #expect(
            actions == [
                .record(
                    AuthorizationDecision(
                        status: status, limitedIdentifiers: answer.limitedIdentifiers, decidedAt: testDate)),
                .reply(one, granted: granted, error: granted ? nil : denied),
                granted ? .proceed(two) : .fail(two, denied),
                .reply(three, granted: granted, error: granted ? nil : denied),
            ])
        #expect(machine.status == status)
        #expect(!machine.isAsking)
    }

    @Test func requestAccessAsksOnlyOnce() {
        var machine = machine(.notDetermined)
        _ = machine.handle(.requestAccess(one))
        _ = machine.handle(.consentAnswered(.deny, at: testDate))
        let later = machine.handle(.requestAccess(two))
        #expect(later == [.reply(two, granted: false, error: denied)])
    }

    @Test func withoutAnAgentEveryWaiterIsRefusedAndNothingIsRecorded() {
        var machine = machine(.notDetermined)
        _ = machine.handle(.requestAccess(one))
        _ = machine.handle(.dataAccess(two))
        let actions = machine.handle(.consentAnswered(nil, at: testDate))
        #expect(actions == [.reply(one, granted: false, error: denied), .fail(two, denied)])
        #expect(machine.status == .notDetermined)
        #expect(machine.handle(.requestAccess(three)) == [.askConsent(app, purpose: "Finds your friends.")])
    }

    @Test func restrictedAppIsNeverAsked() {
        var machine = machine(.restricted)
        #expect(machine.handle(.requestAccess(one)) == [.reply(one, granted: false, error: denied)])
        #expect(machine.handle(.dataAccess(two)) == [.fail(two, denied)])
        #expect(machine.handle(.consentAnswered(.full, at: testDate)).isEmpty)
        #expect(machine.status == .restricted)
    }

    @Test func restrictionWhileAskingRefusesTheWaitersAndIgnoresTheLateAnswer() {
        var machine = machine(.notDetermined)
        _ = machine.handle(.requestAccess(one))
        #expect(machine.handle(.policyRestricted) == [.reply(one, granted: false, error: denied)])
        #expect(machine.handle(.consentAnswered(.full, at: testDate)).isEmpty)
        #expect(machine.status == .restricted)
    }

    @Test(arguments: decided)
    func personChangingAccessWhileAskingAnswersTheWaiters(status: CNAuthorizationStatus) {
        var machine = machine(.notDetermined)
        _ = machine.handle(.dataAccess(one))
        let granted = status == .authorized || status == .limited
        #expect(machine.handle(.personChangedAccess(status)) == [granted ? .proceed(one) : .fail(one, denied)])
        #expect(machine.handle(.consentAnswered(.deny, at: testDate)).isEmpty)
        #expect(machine.status == status)
    }

    @Test(arguments: allStatuses, decided)
    func personCanMoveBetweenStatuses(from: CNAuthorizationStatus, to: CNAuthorizationStatus) {
        var machine = machine(from)
        #expect(machine.handle(.personChangedAccess(to)).isEmpty)
        #expect(machine.status == to)
    }

    @Test(arguments: allStatuses)
    func resetReturnsToNotDeterminedSoTheAppIsAskedAgain(status: CNAuthorizationStatus) {
        var machine = machine(status)
        #expect(machine.handle(.reset).isEmpty)
        #expect(machine.status == .notDetermined)
        #expect(machine.handle(.requestAccess(one)) == [.askConsent(app, purpose: "Finds your friends.")])
    }

    @Test func personChangingToNotDeterminedIsAReset() {
        var machine = machine(.denied)
        _ = machine.handle(.personChangedAccess(.notDetermined))
        #expect(machine.status == .notDetermined)
    }

    @Test func resetWhileAskingKeepsThePromptAndItsWaiters() {
        var machine = machine(.notDetermined)
        _ = machine.handle(.requestAccess(one))
        _ = machine.handle(.reset)
        #expect(machine.waitingTickets == [one])
        let actions = machine.handle(.consentAnswered(.full, at: testDate))
        #expect(actions.last == .reply(one, granted: true, error: nil))
    }

    @Test func answerWithoutAPromptIsIgnored() {
        var machine = machine(.notDetermined)
        #expect(machine.handle(.consentAnswered(.full, at: testDate)).isEmpty)
        #expect(machine.status == .notDetermined)
    }

    @Test func missingPurposeIsAskedWithAnEmptyString() {
        var machine = AuthorizationStateMachine(app: testApp(purpose: nil), status: .notDetermined)
        #expect(machine.handle(.requestAccess(one)) == [.askConsent(testApp(purpose: nil), purpose: "")])
    }
}
