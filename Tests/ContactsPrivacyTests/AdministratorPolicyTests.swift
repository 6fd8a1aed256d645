import ContactsModel
import ContactsPrivacy
import Foundation
import Testing

@Suite struct AdministratorPolicyTests {
    @Test func parsesRestrictedIdentifiersAndIgnoresOtherKeys() throws {
        let policy = try AdministratorPolicy.parse(
            Data(#"{"restricted": ["com.example.tracker", "org.example.*"], "comment": "x"}"#.utf8))
        #expect(policy.restricts("com.example.tracker"))
        #expect(policy.restricts("org.example.game"))
        #expect(!policy.restricts("com.example.app"))
        #expect(!policy.restricts("org.exampleX"))
    }

    @Test func starAloneRestrictsEveryApp() throws {
        let policy = try AdministratorPolicy.parse(Data(#"{"restricted": ["*"]}"#.utf8))
        #expect(policy.restricts("com.example.app"))
        #expect(policy == .restrictEverything)
    }

    @Test func objectWithoutRestrictedKeyRestrictsNothing() throws {
        #expect(try AdministratorPolicy.parse(Data("{}".utf8)) == .unrestricted)
    }

    @Test(arguments: [
        "not json", "[]", #"{"restricted": "com.example.app"}"#, #"{"restricted": [1]}"#, #"{"restricted": [""]}"#,
    ])
    func malformedPolicyThrows(text: String) {
        let error = #expect(throws: AuthorizationError.self) { try AdministratorPolicy.parse(Data(text.utf8)) }
        #expect(error?.code == .policyMalformed)
    }

    @Test func missingFileRestrictsNothing() throws {
        #expect(try AdministratorPolicy.load(environment: .testing()) == .unrestricted)
    }

    @Test func defaultLocationIsEtcAndTheVariableOverridesIt() {
        #expect(AdministratorPolicy.fileURL(environment: .testing()).path == "/etc/contacts/policy.json")
        let environment = PrivacyEnvironment.testing(variables: ["CONTACTS_POLICY": "/tmp/policy.json"])
        #expect(AdministratorPolicy.fileURL(environment: environment).path == "/tmp/policy.json")
    }

    @Test func loadsTheFileTheVariableNames() throws {
        let environment = PrivacyEnvironment.testing(
            variables: ["CONTACTS_POLICY": "/srv/policy.json"],
            files: ["/srv/policy.json": Data(#"{"restricted": ["com.example.app"]}"#.utf8)])
        #expect(try AdministratorPolicy.load(environment: environment).restricts("com.example.app"))
    }

    @Test func brokenFileFailsClosedRestrictingEveryApp() {
        let broken = PrivacyEnvironment.testing(files: ["/etc/contacts/policy.json": Data("{".utf8)])
        let (policy, error) = AdministratorPolicy.loadFailingClosed(environment: broken)
        #expect(policy.restricts("com.example.app"))
        #expect(error?.code == .policyMalformed)
        #expect(error?.message.contains("/etc/contacts/policy.json") == true)

        let unreadable = PrivacyEnvironment.testing(unreadable: ["/etc/contacts/policy.json"])
        #expect(AdministratorPolicy.loadFailingClosed(environment: unreadable).policy == .restrictEverything)
    }

    @Test func missingFileDoesNotFailClosed() {
        let (policy, error) = AdministratorPolicy.loadFailingClosed(environment: .testing())
        #expect(policy == .unrestricted)
        #expect(error == nil)
    }

    @Test(arguments: [CNAuthorizationStatus.notDetermined, .denied, .authorized, .limited])
    func restrictionOverridesTheStoredStatus(stored: CNAuthorizationStatus) {
        let policy = AdministratorPolicy(restricted: ["com.example.app"])
        #expect(policy.effectiveStatus(of: "com.example.app", stored: stored) == .restricted)
        #expect(policy.effectiveStatus(of: "com.example.other", stored: stored) == stored)
    }
}
