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
        #expect(
            button.handle(.tapped(AccessButtonTap(identifiers: ["B", "Z"], verification: .all))) == [
                .grant(["B"]), .finish(["B"]),
            ])
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

/// The button fails closed: only the system's checks make a tap count (docs/Privacy.md, "The access button").
@Suite struct AccessButtonVerificationTests {
    private let app = AppIdentity(bundleIdentifier: "com.example.app", usageDescription: "Finds friends.")

    private func grants(_ tap: AccessButtonTap, style: AccessButtonStyle = .standard) -> [AccessButtonStateMachine
        .Action]
    {
        var button = AccessButtonStateMachine(app: app, query: AccessButtonQuery(queryString: "a", style: style))
        _ = button.handle(.started(status: .limited))
        _ = button.handle(.matchesFound([ContactCandidate(identifier: "A", displayName: "Ann")]))
        return button.handle(.tapped(tap))
    }

    @Test func aTapIsNotVerifiedUnlessTheSystemSaysSo() {
        #expect(AccessButtonTap(identifiers: ["A"]).verification.isEmpty)
        #expect(!AccessButtonTap(identifiers: ["A"]).isVerified)
    }

    @Test(arguments: [TapVerification(), .genuineEvent, .unobstructed])
    func aTapMissingAnyCheckGrantsNothing(verification: TapVerification) {
        #expect(grants(AccessButtonTap(identifiers: ["A"], verification: verification)) == [.finish([])])
    }

    @Test func aVerifiedTapOnTheStandardStyleGrants() {
        #expect(AccessButtonStyle.standard.isLegible)
        #expect(grants(AccessButtonTap(identifiers: ["A"], verification: .all)) == [.grant(["A"]), .finish(["A"])])
    }

    /// Styles an app could use to make the button unreadable, each below 4.5:1.
    static let illegibleStyles: [AccessButtonStyle] = [
        AccessButtonStyle(foreground: .white, background: .white),
        AccessButtonStyle(foreground: .init(red: 0.6, green: 0.6, blue: 0.6), background: .white),
        AccessButtonStyle(foreground: .init(red: 0.2, green: 0.2, blue: 0.25), background: .black),
        AccessButtonStyle(foreground: .white, background: .init(red: 0.4, green: 0.7, blue: 1)),
    ]

    @Test(arguments: illegibleStyles)
    func aVerifiedTapOnAnIllegibleStyleGrantsNothing(style: AccessButtonStyle) {
        #expect(!style.isLegible)
        #expect(grants(AccessButtonTap(identifiers: ["A"], verification: .all), style: style) == [.finish([])])
    }

    @Test func contrastRatiosMatchWCAGReferenceValues() {
        #expect(abs(AccessButtonStyle(foreground: .black, background: .white).contrastRatio - 21) < 0.001)
        #expect(abs(AccessButtonStyle(foreground: .white, background: .white).contrastRatio - 1) < 0.001)
        // #767676 on white is the lightest grey that passes 4.5:1 (4.54:1).
        let grey = AccessButtonStyle.Color(red: 118 / 255, green: 118 / 255, blue: 118 / 255)
        #expect(abs(AccessButtonStyle(foreground: grey, background: .white).contrastRatio - 4.54) < 0.01)
        #expect(AccessButtonStyle(foreground: grey, background: .white).isLegible)
    }
}
