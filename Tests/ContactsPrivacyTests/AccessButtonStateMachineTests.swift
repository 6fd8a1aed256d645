import ContactsModel
import ContactsPrivacy
import Testing

@Suite struct AccessButtonStateMachineTests {
    let app = testApp()
    let query = AccessButtonQuery(queryString: "Ann", ignoredEmails: ["x@example.com"])
    let matches = [
        ContactCandidate(identifier: "A", displayName: "Ann"), ContactCandidate(identifier: "B", displayName: "Anna"),
    ]

    private func button() -> AccessButtonStateMachine {
        AccessButtonStateMachine(app: app, query: query)
    }

    @Test(arguments: [CNAuthorizationStatus.authorized, .denied, .restricted])
    func buttonDoesNothingWithoutLimitedOrUndecidedAccess(status: CNAuthorizationStatus) {
        var button = button()
        #expect(button.handle(.started(status: status)) == [.finish([])])
        #expect(button.isFinished)
        #expect(button.handle(.matchesFound(matches)).isEmpty)
    }

    @Test func limitedAccessShowsMatchesAndGrantsTheVerifiedTap() {
        var button = button()
        #expect(button.handle(.started(status: .limited)) == [.findMatches(query)])
        #expect(button.handle(.matchesFound(matches)) == [.showMatches(matches)])
        #expect(button.handle(.tapped(AccessButtonTap(identifiers: ["B", "Z"], verification: .all))) == [.grant(["B"]), .finish(["B"])])
    }

    @Test func noMatchesFinishesEmpty() {
        var button = button()
        _ = button.handle(.started(status: .limited))
        #expect(button.handle(.matchesFound([])) == [.finish([])])
    }

    @Test(arguments: [nil, AccessButtonTap(identifiers: ["A"]), AccessButtonTap(identifiers: [], verification: .all)])
    func missingUnverifiedOrEmptyTapGrantsNothing(tap: AccessButtonTap?) {
        var button = button()
        _ = button.handle(.started(status: .limited))
        _ = button.handle(.matchesFound(matches))
        #expect(button.handle(.tapped(tap)) == [.finish([])])
    }

    @Test func notDeterminedAsksTheSimplifiedPromptAfterTheTap() {
        var button = button()
        _ = button.handle(.started(status: .notDetermined))
        _ = button.handle(.matchesFound(matches))
        #expect(
            button.handle(.tapped(AccessButtonTap(identifiers: ["A"], verification: .all)))
                == [.askLimitedConsent(app, purpose: "Finds your friends.")])
        #expect(
            button.handle(.consentAnswered(.limited([]), at: testDate)) == [
                .record(AuthorizationDecision(status: .limited, limitedIdentifiers: ["A"], decidedAt: testDate)),
                .finish(["A"]),
            ])
    }

    @Test func fullAnswerToTheSimplifiedPromptStillMeansLimited() {
        var button = button()
        _ = button.handle(.started(status: .notDetermined))
        _ = button.handle(.matchesFound(matches))
        _ = button.handle(.tapped(AccessButtonTap(identifiers: ["A"], verification: .all)))
        let actions = button.handle(.consentAnswered(.full, at: testDate))
        #expect(
            actions.first
                == .record(AuthorizationDecision(status: .limited, limitedIdentifiers: ["A"], decidedAt: testDate)))
    }

    @Test func denyingTheSimplifiedPromptRecordsDenied() {
        var button = button()
        _ = button.handle(.started(status: .notDetermined))
        _ = button.handle(.matchesFound(matches))
        _ = button.handle(.tapped(AccessButtonTap(identifiers: ["A"], verification: .all)))
        #expect(
            button.handle(.consentAnswered(.deny, at: testDate)) == [
                .record(AuthorizationDecision(status: .denied, decidedAt: testDate)), .finish([]),
            ])
    }

    @Test func noAgentForTheSimplifiedPromptRecordsNothing() {
        var button = button()
        _ = button.handle(.started(status: .notDetermined))
        _ = button.handle(.matchesFound(matches))
        _ = button.handle(.tapped(AccessButtonTap(identifiers: ["A"], verification: .all)))
        #expect(button.handle(.consentAnswered(nil, at: testDate)) == [.finish([])])
    }

    @Test func accessButtonQueryTreatsNilIgnoredSetsAsEmpty() {
        let query = AccessButtonQuery(queryString: "x")
        #expect(query.ignoredEmails.isEmpty && query.ignoredPhoneNumbers.isEmpty)
    }
}

@Suite struct ContactAccessPickerOutcomeTests {
    @Test func appLearnsOnlyNewlyGrantedIdentifiers() {
        let outcome = ContactAccessPickerOutcome(status: .limited, shared: ["A", "B"], edited: ["B", "C", "D"])
        #expect(outcome.newlyGranted == ["C", "D"])
        #expect(outcome.sharedAfter == ["B", "C", "D"])
    }

    @Test(arguments: [CNAuthorizationStatus.notDetermined, .restricted, .denied, .authorized])
    func otherStatusesGetAnEmptyArray(status: CNAuthorizationStatus) {
        let outcome = ContactAccessPickerOutcome(status: status, shared: [], edited: ["A"])
        #expect(outcome.newlyGranted.isEmpty)
        #expect(outcome.sharedAfter == nil)
        #expect(!ContactAccessPickerOutcome.isShown(for: status))
    }

    @Test func cancellingOrChangingNothingStoresNothing() {
        #expect(ContactAccessPickerOutcome(status: .limited, shared: ["A"], edited: nil).sharedAfter == nil)
        #expect(ContactAccessPickerOutcome(status: .limited, shared: ["A"], edited: ["A"]).sharedAfter == nil)
    }
}
