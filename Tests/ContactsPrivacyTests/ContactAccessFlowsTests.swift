import ContactsModel
import ContactsPrivacy
import Testing

@Suite struct ContactAccessFlowsTests {
    let repository = InMemoryPrivacyRepository()
    let directory = InMemoryDirectory.sample()

    private func flows(
        _ trusted: ScriptedTrustedAgent,
        consent: any ConsentAgent = UnavailableConsentAgent(),
        policy: AdministratorPolicy = .unrestricted
    ) -> ContactAccessFlows {
        ContactAccessFlows(
            repository: repository, directory: directory, trustedAgent: trusted, consentAgent: consent,
            policy: policy, environment: .testing())
    }

    private func setStatus(_ status: CNAuthorizationStatus, shared: Set<String> = []) throws {
        try repository.change("com.example.app") { record in
            record.status = status
            record.limitedIdentifiers = shared
        }
    }

    // MARK: One-time picker

    @Test(arguments: [CNAuthorizationStatus.notDetermined, .denied, .restricted, .limited, .authorized])
    func pickerWorksInEveryStatusAndGrantsNothing(status: CNAuthorizationStatus) async throws {
        try setStatus(status)
        let before = try repository.record(for: "com.example.app")
        let trusted = ScriptedTrustedAgent(picks: [.contacts(["B"])])
        let response = try await flows(trusted).pickContacts(for: testApp(), request: ContactPickerRequest())
        #expect(response.choice == .contacts(["B"]))
        #expect(response.contacts.map(\.identifier) == ["B"])
        #expect(try repository.record(for: "com.example.app") == before)
    }

    @Test func pickerSnapshotCarriesNamesAndDisplayedKeysOnly() async throws {
        let trusted = ScriptedTrustedAgent(picks: [.contacts(["A"])])
        let request = ContactPickerRequest(displayedPropertyKeys: [CNContactEmailAddressesKey, CNContactNoteKey])
        let response = try await flows(trusted).pickContacts(for: testApp(), request: request)
        let keys = try #require(directory.snapshotKeys.first)
        #expect(keys.contains(CNContactEmailAddressesKey))
        #expect(keys.contains(CNContactGivenNameKey))
        #expect(!keys.contains(CNContactPhoneNumbersKey))
        #expect(!keys.contains(CNContactNoteKey))
        let contact = try #require(response.contacts.first)
        #expect(contact.isKeyAvailable(CNContactEmailAddressesKey))
        #expect(!contact.isKeyAvailable(CNContactPhoneNumbersKey))
    }

    @Test func pickerShowsAllContactsToThePersonOnly() async throws {
        try setStatus(.denied)
        let trusted = ScriptedTrustedAgent()
        let response = try await flows(trusted).pickContacts(for: testApp(), request: ContactPickerRequest())
        #expect(response.choice == .cancelled)
        #expect(response.contacts.isEmpty)
        #expect(trusted.shown.count == 1)
        if case .picker(_, _, let candidates) = trusted.shown.first {
            #expect(candidates.map(\.identifier) == ["A", "B", "C"])
        } else {
            Issue.record("the picker was not shown")
        }
    }

    @Test(arguments: [
        (false, ContactPickerChoice.contacts(["C", "A"]), ContactPickerChoice.contacts(["C"])),
        (true, .contacts(["C", "Z", "A", "C"]), .contacts(["C", "A"])),
        (true, .contacts(["Z"]), .cancelled),
        (
            false, .properties([ContactPropertySelection(contactIdentifier: "Z", key: CNContactEmailAddressesKey)]),
            .cancelled
        ),
    ])
    func pickerKeepsOnlyOfferedPicksWithinTheSelectionMode(
        multiple: Bool, picked: ContactPickerChoice, expected: ContactPickerChoice
    ) {
        var request = ContactPickerRequest(allowsMultipleSelection: multiple)
        if case .properties = picked { request.selection = .properties }
        #expect(request.accepting(picked, offered: ["A", "B", "C"]) == expected)
    }

    @Test func pickedPropertiesReturnTheirContacts() async throws {
        let selection = ContactPropertySelection(
            contactIdentifier: "A", key: CNContactEmailAddressesKey, valueIdentifier: "A-email-0")
        let trusted = ScriptedTrustedAgent(picks: [.properties([selection])])
        let request = ContactPickerRequest(displayedPropertyKeys: [CNContactEmailAddressesKey], selection: .properties)
        let response = try await flows(trusted).pickContacts(for: testApp(), request: request)
        #expect(response.choice == .properties([selection]))
        #expect(response.contacts.map(\.identifier) == ["A"])
    }

    @Test(arguments: [
        // A key the app did not ask to display.
        ContactPropertySelection(contactIdentifier: "A", key: CNContactPhoneNumbersKey, valueIdentifier: "A-phone-0"),
        // The note, displayed but not entitled.
        ContactPropertySelection(contactIdentifier: "A", key: CNContactNoteKey),
        // A labeled value the contact does not have.
        ContactPropertySelection(contactIdentifier: "A", key: CNContactEmailAddressesKey, valueIdentifier: "other"),
        // A labeled property named without its value.
        ContactPropertySelection(contactIdentifier: "A", key: CNContactEmailAddressesKey),
    ])
    func pickedPropertiesTheSnapshotDoesNotHoldAreDropped(selection: ContactPropertySelection) async throws {
        let trusted = ScriptedTrustedAgent(picks: [.properties([selection])])
        let request = ContactPickerRequest(
            displayedPropertyKeys: [CNContactEmailAddressesKey, CNContactNoteKey], selection: .properties)
        let response = try await flows(trusted).pickContacts(for: testApp(), request: request)
        #expect(response.choice == .cancelled)
        #expect(response.contacts.isEmpty)
    }

    @Test func picksOfTheOtherSelectionModeAreDropped() {
        let property = ContactPropertySelection(contactIdentifier: "A", key: CNContactEmailAddressesKey)
        #expect(ContactPickerRequest().accepting(.properties([property]), offered: ["A"]) == .cancelled)
        #expect(ContactPickerRequest(selection: .properties).accepting(.contacts(["A"]), offered: ["A"]) == .cancelled)
    }

    @Test func pickerIncludesTheNoteWhenEntitled() {
        let keys = ContactPickerRequest(displayedPropertyKeys: [CNContactNoteKey])
            .keysToFetch(entitlements: AppEntitlements(granted: [AppEntitlements.contactsNotesKey]))
        #expect(keys.contains(CNContactNoteKey))
        #expect(ContactPickerRequest().keysToFetch(entitlements: .none).contains(CNContactPostalAddressesKey))
    }

    // MARK: Contact access picker

    @Test func accessPickerStoresTheEditAndReturnsOnlyNewIdentifiers() async throws {
        try setStatus(.limited, shared: ["A", "B"])
        let opened = try #require(try repository.generation(for: "com.example.app"))
        let trusted = ScriptedTrustedAgent(edits: [["B", "C"]])
        let granted = try await flows(trusted).presentAccessPicker(for: testApp())
        #expect(granted == ["C"])
        #expect(try repository.record(for: "com.example.app")?.limitedIdentifiers == ["B", "C"])
        #expect(opened.isRevoked(by: try repository.generation(for: "com.example.app")))
    }

    @Test(arguments: [CNAuthorizationStatus.notDetermined, .denied, .authorized])
    func accessPickerIsNotShownOutsideLimitedAccess(status: CNAuthorizationStatus) async throws {
        try setStatus(status)
        let trusted = ScriptedTrustedAgent(edits: [["A"]])
        #expect(try await flows(trusted).presentAccessPicker(for: testApp()).isEmpty)
        #expect(trusted.shown.isEmpty)
    }

    @Test func accessPickerIsNotShownToARestrictedApp() async throws {
        try setStatus(.limited)
        let trusted = ScriptedTrustedAgent(edits: [["A"]])
        let policy = AdministratorPolicy(restricted: ["com.example.app"])
        #expect(try await flows(trusted, policy: policy).presentAccessPicker(for: testApp()).isEmpty)
    }

    // MARK: Access button

    @Test func buttonMatchesOnlyHiddenContactsAndGrantsTheTap() async throws {
        try setStatus(.limited, shared: ["A"])
        let trusted = ScriptedTrustedAgent(buttonTaps: [AccessButtonTap(identifiers: ["B"], verification: .all)])
        let granted = try await flows(trusted).runAccessButton(
            for: testApp(), query: AccessButtonQuery(queryString: "ann"))
        #expect(granted == ["B"])
        #expect(
            trusted.shown == [
                .accessButton(
                    app: "com.example.app", matches: [ContactCandidate(identifier: "B", displayName: "Anna Park")])
            ])
        #expect(try repository.record(for: "com.example.app")?.limitedIdentifiers == ["A", "B"])
    }

    @Test func buttonLeavesOutIgnoredEmailsAndPhones() async throws {
        try setStatus(.limited)
        let trusted = ScriptedTrustedAgent()
        let query = AccessButtonQuery(
            queryString: "ann", ignoredEmails: ["ann@example.com"], ignoredPhoneNumbers: ["+15550100"])
        #expect(try await flows(trusted).runAccessButton(for: testApp(), query: query).isEmpty)
        #expect(trusted.shown.isEmpty)
    }

    @Test func buttonInNotDeterminedAsksTheSimplifiedPromptThenRecordsLimited() async throws {
        let trusted = ScriptedTrustedAgent(buttonTaps: [AccessButtonTap(identifiers: ["A"], verification: .all)])
        let consent = ScriptedConsentAgent(answers: [.limited([])])
        let granted = try await flows(trusted, consent: consent)
            .runAccessButton(for: testApp(), query: AccessButtonQuery(queryString: "Ann Lee"))
        #expect(granted == ["A"])
        #expect(consent.shown == [ConsentRequest(app: testApp(), purpose: "Finds your friends.", style: .limitedOnly)])
        let record = try #require(try repository.record(for: "com.example.app"))
        #expect(record.status == .limited)
        #expect(record.limitedIdentifiers == ["A"])
        #expect(record.decidedAt == testDate)
    }

    @Test func buttonInNotDeterminedWithoutAnAgentRecordsNothing() async throws {
        let trusted = ScriptedTrustedAgent(buttonTaps: [AccessButtonTap(identifiers: ["A"], verification: .all)])
        let granted = try await flows(trusted).runAccessButton(
            for: testApp(), query: AccessButtonQuery(queryString: "Ann"))
        #expect(granted.isEmpty)
        #expect(try repository.record(for: "com.example.app") == nil)
    }

    @Test(arguments: [CNAuthorizationStatus.denied, .authorized, .restricted])
    func buttonShowsNothingWhenDeniedFullOrRestricted(status: CNAuthorizationStatus) async throws {
        try setStatus(status)
        let trusted = ScriptedTrustedAgent(buttonTaps: [AccessButtonTap(identifiers: ["A"], verification: .all)])
        let consent = ScriptedConsentAgent(answers: [.full])
        let granted = try await flows(trusted, consent: consent)
            .runAccessButton(for: testApp(), query: AccessButtonQuery(queryString: "Ann"))
        #expect(granted.isEmpty)
        #expect(trusted.shown.isEmpty)
        #expect(consent.shown.isEmpty)
    }

    @Test func unverifiedTapGrantsNothing() async throws {
        try setStatus(.limited)
        let trusted = ScriptedTrustedAgent(buttonTaps: [AccessButtonTap(identifiers: ["A"])])
        #expect(
            try await flows(trusted).runAccessButton(for: testApp(), query: AccessButtonQuery(queryString: "Ann"))
                .isEmpty)
        #expect(try repository.record(for: "com.example.app")?.limitedIdentifiers == [])
    }
}
