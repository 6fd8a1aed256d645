import Foundation
import Testing

/// `contacts privacy ...` over the person's controls, with FindMyFriends as the app that asked.
@Suite struct PrivacyCommandTests {
    static let app = CommandLineHarness.findMyFriendsBundleIdentifier

    /// A store with the example book and FindMyFriends under limited access to Anna Müller.
    func harnessWithLimitedApp() throws -> (harness: CommandLineHarness, anna: String) {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let anna = try harness.identifier(ofContactNamed: "Müller")
        let asked = try harness.findMyFriends(consent: "limited:\(anna)")
        #expect(asked.status == 0, "\(asked.standardError)")
        return (harness, anna)
    }

    @Test func appsListsEachAppWithStatusPurposeAndVisibleCount() throws {
        let (harness, _) = try harnessWithLimitedApp()
        let table = try harness.contacts(["privacy", "apps"])
        #expect(table.status == 0, "\(table.standardError)")
        try Golden.expect(table.standardOutput, matches: "privacy-apps.txt", harness: harness)
        let json = try harness.contacts(["privacy", "apps", "--json"])
        #expect(json.status == 0)
        try Golden.expect(json.standardOutput, matches: "privacy-apps.json", harness: harness)
        #expect(try harness.contacts(["privacy"]).standardOutput == table.standardOutput, "apps is the default")
    }

    @Test func appsSaysSoBeforeAnyAppAsked() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let result = try harness.contacts(["privacy", "apps"])
        #expect(result.status == 0 && result.standardOutput == "No app has asked for your contacts.\n")
        #expect(try harness.contacts(["privacy", "apps", "--json"]).standardOutput == "[]\n")
    }

    @Test func showPrintsOneApp() throws {
        let (harness, _) = try harnessWithLimitedApp()
        let table = try harness.contacts(["privacy", "show", Self.app])
        #expect(table.status == 0, "\(table.standardError)")
        try Golden.expect(table.standardOutput, matches: "privacy-show.txt", harness: harness)
        let json = try harness.contacts(["privacy", "show", Self.app, "--json"])
        try Golden.expect(json.standardOutput, matches: "privacy-show.json", harness: harness)
    }

    /// Each change, run on a fresh store where the app has limited access to Anna; `ANNA` and `SILVA` stand
    /// for their identifiers.
    @Test(arguments: [
        (["allow", app, "--full"], "privacy-allow-full.txt"),
        (["allow", app, "--limited", "SILVA"], "privacy-allow-limited.txt"),
        (["allow", app, "--limited"], "privacy-allow-limited-none.txt"),
        (["share", app, "SILVA"], "privacy-share.txt"),
        (["unshare", app, "ANNA"], "privacy-unshare.txt"),
        (["deny", app], "privacy-deny.txt"),
        (["reset", app], "privacy-reset.txt"),
        (["restrict", app], "privacy-restrict.txt"),
        (["restrict", "com.example.tracker"], "privacy-restrict-new.txt"),
    ])
    func changeCommandsPrintTheNewStatus(arguments: [String], golden: String) throws {
        let (harness, anna) = try harnessWithLimitedApp()
        let silva = try harness.identifier(ofContactNamed: "Silva")
        let resolved = arguments.map { $0 == "ANNA" ? anna : $0 == "SILVA" ? silva : $0 }
        let result = try harness.contacts(["privacy"] + resolved)
        #expect(result.status == 0, "\(result.standardError)")
        try Golden.expect(result.standardOutput, matches: golden, harness: harness)
    }

    @Test(arguments: [
        (["show", "com.example.unknown"], 67, "privacy-error-unknown-app.txt"),
        (["allow", "com.example.unknown", "--full"], 67, "privacy-error-unknown-app.txt"),
        (["deny", "com.example.unknown"], 67, "privacy-error-unknown-app.txt"),
        (["reset", "com.example.unknown"], 67, "privacy-error-unknown-app.txt"),
        (["share", app, "NO-SUCH:ABPerson"], 67, "privacy-error-unknown-contact.txt"),
        (["unshare", app, "NO-SUCH:ABPerson"], 67, "privacy-error-unknown-contact.txt"),
        (["allow", app, "--limited", "NO-SUCH:ABPerson"], 67, "privacy-error-unknown-contact.txt"),
        (["allow", app], 64, "privacy-error-allow-usage.txt"),
        (["allow", app, "--full", "NO-SUCH:ABPerson"], 64, "privacy-error-allow-full-with-contacts.txt"),
        (["share", app], 64, "privacy-error-share-usage.txt"),
    ])
    func badInputExitsWithTheTablesCode(arguments: [String], status: Int32, golden: String) throws {
        let (harness, _) = try harnessWithLimitedApp()
        let before = try harness.contacts(["privacy", "apps", "--json"]).standardOutput
        let result = try harness.contacts(["privacy"] + arguments)
        #expect(result.status == status)
        #expect(result.standardOutput.isEmpty)
        try Golden.expect(result.standardError, matches: golden, harness: harness)
        #expect(try harness.contacts(["privacy", "apps", "--json"]).standardOutput == before, "nothing changed")
    }

    @Test(arguments: [["allow", app, "--full"], ["share", app, "ANNA"], ["deny", app]])
    func restrictedAppCannotBeChangedUntilReset(arguments: [String]) throws {
        let (harness, anna) = try harnessWithLimitedApp()
        #expect(try harness.contacts(["privacy", "restrict", Self.app]).status == 0)
        let refused = try harness.contacts(["privacy"] + arguments.map { $0 == "ANNA" ? anna : $0 })
        #expect(refused.status == 77)
        try Golden.expect(refused.standardError, matches: "privacy-error-restricted.txt", harness: harness)
        #expect(try harness.contacts(["privacy", "reset", Self.app]).status == 0)
        let allowed = try harness.contacts(["privacy"] + arguments.map { $0 == "ANNA" ? anna : $0 })
        #expect(allowed.status == 0, "reset lifts a restriction made with restrict")
    }

    @Test func policyFileRestrictionIsShownAndNotLiftedByReset() throws {
        let (harness, _) = try harnessWithLimitedApp()
        let file = try harness.write(#"{ "restricted": ["org.swift-contacts.*"] }"#, to: "policy.json")
        let policy = ["CONTACTS_POLICY": file]
        let apps = try harness.contacts(["privacy", "apps"], environment: policy)
        try Golden.expect(apps.standardOutput, matches: "privacy-apps-policy.txt", harness: harness)
        let reset = try harness.contacts(["privacy", "reset", Self.app], environment: policy)
        #expect(reset.standardOutput == "\(Self.app): restricted (policy file), sees 0 of 20 contacts.\n")
        let refused = try harness.contacts(["privacy", "allow", Self.app, "--full"], environment: policy)
        #expect(refused.status == 77)
        let lifted = try harness.contacts(["privacy", "show", Self.app, "--json"])
        #expect(lifted.standardOutput.contains(#""status" : "notDetermined""#), "without the file the reset shows")
    }

    @Test func malformedPolicyFileRestrictsEveryAppAndIsReported() throws {
        let (harness, _) = try harnessWithLimitedApp()
        let policy = ["CONTACTS_POLICY": try harness.write(#"{ "restricted": "everyone" }"#, to: "policy.json")]
        let apps = try harness.contacts(["privacy", "apps"], environment: policy)
        #expect(apps.status == 0)
        try Golden.expect(apps.standardOutput, matches: "privacy-apps-policy.txt", harness: harness)
        try Golden.expect(apps.standardError, matches: "privacy-warning-malformed-policy.txt", harness: harness)
    }

    @Test func sharingAndUnsharingChangesWhatTheAppSees() throws {
        let (harness, anna) = try harnessWithLimitedApp()
        let silva = try harness.identifier(ofContactNamed: "Silva")
        #expect(try harness.contacts(["privacy", "share", Self.app, silva]).status == 0)
        let shared = try harness.findMyFriends(consent: "deny")
        #expect(shared.standardOutput.contains("2 friends:\n  Dr. Anna Maria Müller  +49 170 1234567\n  João Silva"))
        #expect(try harness.contacts(["privacy", "unshare", Self.app, anna, silva]).status == 0)
        let unshared = try harness.findMyFriends(consent: "deny")
        #expect(unshared.standardOutput.hasSuffix("No friends to show.\n"))
        #expect(try harness.contacts(["privacy", "deny", Self.app]).status == 0)
        let denied = try harness.findMyFriends(consent: "full")
        #expect(denied.status == 1 && denied.standardOutput.hasPrefix("Access: denied."))
        #expect(try harness.contacts(["privacy", "reset", Self.app]).status == 0)
        let asked = try harness.findMyFriends(consent: "full")
        #expect(asked.standardOutput.hasPrefix("Asking for access to your contacts...\nAccess: full.\n20 friends:"))
    }
}
