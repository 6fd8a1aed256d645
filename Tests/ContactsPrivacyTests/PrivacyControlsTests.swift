import ContactsModel
import ContactsPrivacy
import Testing

@Suite struct PrivacyControlsTests {
    let repository = InMemoryPrivacyRepository([
        AuthorizationRecord(
            bundleIdentifier: "com.example.app", status: .limited, decidedAt: testDate,
            limitedIdentifiers: ["A", "B"], createdIdentifiers: ["C"], displayName: "Example",
            usageDescription: "Finds your friends."),
        AuthorizationRecord(bundleIdentifier: "com.example.blocked", status: .authorized),
    ])

    private func controls(_ policy: AdministratorPolicy = .unrestricted) -> PrivacyControls {
        PrivacyControls(repository: repository, policy: policy, environment: .testing())
    }

    @Test func listsAppsWithStatusPurposeAndCounts() throws {
        let list = try controls(AdministratorPolicy(restricted: ["com.example.blocked"])).list()
        #expect(
            list == [
                AppAccessSummary(
                    bundleIdentifier: "com.example.app", displayName: "Example",
                    usageDescription: "Finds your friends.", status: .limited, isRestrictedByPolicy: false,
                    decidedAt: testDate, sharedCount: 2, createdCount: 1),
                AppAccessSummary(
                    bundleIdentifier: "com.example.blocked", displayName: "com.example.blocked",
                    usageDescription: nil, status: .restricted, isRestrictedByPolicy: true, decidedAt: nil,
                    sharedCount: 0, createdCount: 0),
            ])
    }

    @Test func countsCanBeLimitedToContactsThatStillExist() throws {
        let list = try controls().list(existing: { $0.intersection(["A", "C"]).count })
        #expect(list.first?.sharedCount == 1)
        #expect(list.first?.createdCount == 1)
    }

    @Test(arguments: [
        (AccessChoice.full, CNAuthorizationStatus.authorized), (.limited(["Z"]), .limited), (.denied, .denied),
    ])
    func setsAccessAndRecordsWhen(choice: AccessChoice, status: CNAuthorizationStatus) throws {
        let record = try controls().setAccess(choice, for: "com.example.new")
        #expect(record.status == status)
        #expect(record.decidedAt == testDate)
        if case .limited(let identifiers) = choice {
            #expect(record.limitedIdentifiers == identifiers)
        }
    }

    @Test func sharingAndUnsharingEditTheSet() throws {
        #expect(try controls().share(["D"], with: "com.example.app").limitedIdentifiers == ["A", "B", "D"])
        let record = try controls().unshare(["A", "D"], from: "com.example.app")
        #expect(record.limitedIdentifiers == ["B"])
        #expect(record.createdIdentifiers == ["C"])
    }

    @Test func reducingAccessRevokesOpenStores() throws {
        let opened = try #require(try repository.generation(for: "com.example.app"))
        try controls().share(["D"], with: "com.example.app")
        #expect(!opened.isRevoked(by: try repository.generation(for: "com.example.app")))
        try controls().unshare(["A"], from: "com.example.app")
        #expect(opened.isRevoked(by: try repository.generation(for: "com.example.app")))
    }

    @Test(arguments: [AccessChoice.denied, .limited([])])
    func downgradesRevokeAndUpgradesDoNot(choice: AccessChoice) throws {
        let opened = try #require(try repository.generation(for: "com.example.blocked"))
        try controls().setAccess(choice, for: "com.example.blocked")
        #expect(opened.isRevoked(by: try repository.generation(for: "com.example.blocked")))
        let reopened = try #require(try repository.generation(for: "com.example.blocked"))
        try controls().setAccess(.full, for: "com.example.blocked")
        #expect(!reopened.isRevoked(by: try repository.generation(for: "com.example.blocked")))
    }

    @Test func resetReturnsToNotDeterminedKeepingCreatedContacts() throws {
        let opened = try #require(try repository.generation(for: "com.example.app"))
        let record = try controls().reset("com.example.app")
        #expect(record.status == .notDetermined)
        #expect(record.decidedAt == nil)
        #expect(record.limitedIdentifiers.isEmpty)
        #expect(record.createdIdentifiers == ["C"])
        #expect(opened.isRevoked(by: record.generation))
    }

    @Test func restrictedAppCannotBeChangedByThePersonUntilReset() throws {
        let record = try controls().restrict("com.example.app")
        #expect(record.status == .restricted)
        let error = #expect(throws: AuthorizationError.self) { try controls().setAccess(.full, for: "com.example.app") }
        #expect(error?.code == .restrictedByAdministrator)
        #expect(error?.cnError.code == .authorizationDenied)
        #expect(try controls().reset("com.example.app").status == .notDetermined)
        #expect(try controls().setAccess(.full, for: "com.example.app").status == .authorized)
    }

    @Test func policyRestrictedAppCannotBeChanged() {
        let policy = AdministratorPolicy(restricted: ["com.example.app"])
        #expect(throws: AuthorizationError.self) { try controls(policy).share(["D"], with: "com.example.app") }
        #expect(throws: AuthorizationError.self) { try controls(policy).unshare(["A"], from: "com.example.app") }
    }

    @Test func storageFailureIsReportedWithItsCause() {
        let controls = PrivacyControls(repository: FailingRepository(), policy: .unrestricted, environment: .testing())
        let error = #expect(throws: AuthorizationError.self) { try controls.list() }
        #expect(error?.code == .storageFailed)
        #expect(error?.cnError.code == .dataAccessError)
        #expect(throws: AuthorizationError.self) { try controls.reset("app") }
    }
}

/// A repository whose storage always fails.
struct FailingRepository: PrivacyRepository {
    func record(for bundleIdentifier: String) throws(CNError) -> AuthorizationRecord? {
        throw CNError(.dataAccessError)
    }

    func records() throws(CNError) -> [AuthorizationRecord] {
        throw CNError(.dataAccessError)
    }

    func update(_ bundleIdentifier: String, _ body: (inout AuthorizationRecord) -> Void) throws(CNError)
        -> AuthorizationRecord
    {
        throw CNError(.dataAccessError)
    }
}
