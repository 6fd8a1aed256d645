import ContactsModel
import ContactsPrivacy
import Testing

@Suite struct AccessScopeTests {
    let record = AuthorizationRecord(
        bundleIdentifier: "com.example.app", status: .limited, limitedIdentifiers: ["A", "B"],
        createdIdentifiers: ["C"])

    private func scope(
        _ status: CNAuthorizationStatus,
        notes: Bool = false,
        policy: AdministratorPolicy = .unrestricted
    ) -> AccessScope {
        var record = record
        record.status = status
        return AccessScope(accessor: .app(testApp(notes: notes)), record: record, policy: policy)
    }

    @Test func fullAccessSeesEverything() {
        #expect(scope(.authorized).visibility == .all)
    }

    @Test func limitedAccessSeesSharedAndCreatedContacts() {
        #expect(scope(.limited).visibility == .only(["A", "B", "C"]))
    }

    @Test(arguments: [CNAuthorizationStatus.notDetermined, .denied, .restricted])
    func otherStatusesSeeNothingAndDataCallsFail(status: CNAuthorizationStatus) {
        let scope = scope(status)
        #expect(scope.visibility == .none)
        #expect(!scope.allowsDataAccess)
        #expect(throws: CNError(.authorizationDenied)) { try scope.requireDataAccess() }
    }

    @Test(arguments: [CNAuthorizationStatus.authorized, .limited])
    func grantedStatusesAllowDataCalls(status: CNAuthorizationStatus) throws {
        try scope(status).requireDataAccess()
    }

    @Test func policyRestrictionHidesEverything() {
        let scope = scope(.authorized, policy: AdministratorPolicy(restricted: ["com.example.app"]))
        #expect(scope.status == .restricted)
        #expect(scope.visibility == .none)
    }

    @Test func appWithoutARecordIsNotDetermined() {
        let scope = AccessScope(accessor: .app(testApp()), record: nil, policy: .unrestricted)
        #expect(scope.status == .notDetermined)
        #expect(scope.visibility == .none)
    }

    @Test func personSeesEverythingWithEveryKey() throws {
        let scope = AccessScope(accessor: .person, record: nil, policy: .restrictEverything)
        #expect(scope == .person)
        #expect(scope.visibility == .all)
        try scope.requireKeys([CNContactNoteKey])
        #expect(!scope.recordsCreatedContacts)
    }

    @Test func noteKeyWithoutTheEntitlementFailsWith102NamingTheKey() {
        let error = #expect(throws: CNError.self) {
            try scope(.authorized).requireKeys([CNContactGivenNameKey, CNContactNoteKey])
        }
        #expect(error?.code == .unauthorizedKeys)
        #expect(error?.keyPaths == [CNContactNoteKey])
    }

    @Test func noteKeyWithTheEntitlementIsAllowed() throws {
        try scope(.authorized, notes: true).requireKeys([CNContactNoteKey])
        #expect(scope(.authorized, notes: true).unauthorizedKeys(in: [CNContactNoteKey]).isEmpty)
    }

    @Test func otherKeysNeedNoEntitlement() throws {
        try scope(.limited).requireKeys([CNContactGivenNameKey, CNContactEmailAddressesKey])
    }

    @Test func hiddenContactReadsAsMissing() throws {
        let scope = scope(.limited)
        try scope.requireVisible("A")
        try scope.requireVisible("C")
        let error = #expect(throws: CNError.self) { try scope.requireVisible("Z") }
        #expect(error?.code == .recordDoesNotExist)
        #expect(error?.affectedRecordIdentifiers == ["Z"])
    }

    @Test func createdContactsBecomeVisible() throws {
        let scope = scope(.limited).afterCreating(["N"])
        try scope.requireVisible("N")
        #expect(scope.recordsCreatedContacts)
        #expect(self.scope(.authorized).afterCreating(["N"]).visibility == .all)
        #expect(self.scope(.denied).afterCreating(["N"]).visibility == .none)
    }

    @Test(arguments: [
        (Visibility.all, "X", true), (.only(["X"]), "X", true), (.only(["X"]), "Y", false), (.none, "X", false),
    ])
    func visibilityContains(visibility: Visibility, identifier: String, visible: Bool) {
        #expect(visibility.contains(identifier) == visible)
    }
}
