import Foundation
import Testing

/// FindMyFriends' contact access button: the person (scripted by `CONTACTS_ACCESS_BUTTON`) shares friends
/// matching the typed name; the app prints only what was shared, in every status.
@Suite struct FindMyFriendsAccessButtonTests {
    static let limitedHeader = "Access: limited to the friends you chose to share.\n"

    /// A store where FindMyFriends has limited access with nothing shared.
    func harnessWithLimitedApp() throws -> CommandLineHarness {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        #expect(try harness.findMyFriends(consent: "limited").status == 0)
        return harness
    }

    @Test func tapSharesTheMatchesAndTheAppPrintsThem() throws {
        let harness = try harnessWithLimitedApp()
        let result = try harness.findMyFriends(["Silva"], consent: "deny", button: "tap")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput == Self.limitedHeader + """
                No friend matches "Silva".
                Contact access button: you shared 1 more friend:
                  João Silva  +55 11 91234-5678

                """)
        let later = try harness.findMyFriends(consent: "deny")
        #expect(
            later.standardOutput == Self.limitedHeader + "1 friend:\n  João Silva  +55 11 91234-5678\n",
            "the shared friend stays visible")
        let apps = try harness.contacts(["privacy", "show", CommandLineHarness.findMyFriendsBundleIdentifier])
        #expect(apps.standardOutput.contains("Sees     1 of 20 contacts"))
    }

    @Test func tapOnChosenIdentifiersSharesOnlyThose() throws {
        let harness = try harnessWithLimitedApp()
        let silva = try harness.identifier(ofContactNamed: "Silva")
        let anna = try harness.identifier(ofContactNamed: "Müller")
        // Anna does not match "Silva", so the person cannot share her through this button.
        let result = try harness.findMyFriends(["Silva"], consent: "deny", button: "tap:\(silva),\(anna)")
        #expect(
            result.standardOutput.hasSuffix(
                "Contact access button: you shared 1 more friend:\n  João Silva  +55 11 91234-5678\n"))
        #expect(
            try harness.findMyFriends(["Müller"], consent: "deny").standardOutput
                .hasPrefix(Self.limitedHeader + "No friend matches \"Müller\".\n"))
    }

    @Test(arguments: ["unverified", "ignore", "wave"])
    func noVerifiedTapSharesNothing(button: String) throws {
        let harness = try harnessWithLimitedApp()
        let result = try harness.findMyFriends(["Silva"], consent: "deny", button: button)
        #expect(result.status == 0)
        #expect(
            result.standardOutput == Self.limitedHeader + """
                No friend matches "Silva".
                Contact access button: nothing more shared.

                """)
        #expect(try harness.findMyFriends(consent: "deny").standardOutput.hasSuffix("No friends to show.\n"))
    }

    @Test func alreadySharedFriendsAreListedAndTheButtonOffersOnlyOthers() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let silva = try harness.identifier(ofContactNamed: "Silva")
        #expect(try harness.findMyFriends(consent: "limited:\(silva)").status == 0)
        let result = try harness.findMyFriends(["Silva"], consent: "deny", button: "tap")
        #expect(
            result.standardOutput == Self.limitedHeader + """
                1 friend:
                  João Silva  +55 11 91234-5678
                Contact access button: nothing more shared.

                """, "a visible friend is not a match of the button")
    }

    @Test func fullAccessShowsNoButton() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let result = try harness.findMyFriends(["Silva"], consent: "full", button: "tap")
        #expect(!result.standardOutput.contains("Contact access button"))
    }

    @Test(arguments: [("deny", nil), ("full", #"{ "restricted": ["*"] }"#)] as [(String, String?)])
    func deniedOrRestrictedAppNeverReachesTheButton(consent: String, policy: String?) throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        _ = try harness.findMyFriends(consent: consent, policy: policy)
        let result = try harness.findMyFriends(["Silva"], consent: "full", policy: policy, button: "tap")
        #expect(result.status == 1)
        #expect(!result.standardOutput.contains("Contact access button"))
        #expect(try harness.contacts(["privacy", "apps", "--json"]).standardOutput.contains(#""shared" : 1"#) == false)
    }
}
