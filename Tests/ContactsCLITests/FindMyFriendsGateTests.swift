import Foundation
import Testing

/// FindMyFriends in every authorization status, through the privacy gate of the store.
///
/// The consent prompt is answered by the policy agent (`CONTACTS_CONSENT`); the administrator's policy is the
/// file `CONTACTS_POLICY` names (docs/Privacy.md).
@Suite struct FindMyFriendsGateTests {
    @Test func deniedOnFirstRequestThenReportedAsDenied() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let first = try harness.findMyFriends(consent: "deny")
        #expect(first.status == 1)
        #expect(first.standardOutput.hasPrefix("Asking for access to your contacts...\nAccess was not granted"))
        let second = try harness.findMyFriends(consent: "full")
        #expect(second.status == 1, "a decision is not asked again")
        #expect(
            second.standardOutput == """
                Access: denied. You can allow Find My Friends to see your contacts in your privacy settings.

                """)
    }

    @Test func fullAccessListsEveryoneAndIsRemembered() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let result = try harness.findMyFriends(consent: "full")
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("Asking for access to your contacts...\nAccess: full.\n20 friends:\n"))
        let again = try harness.findMyFriends(consent: "deny")
        #expect(again.status == 0)
        #expect(again.standardOutput.hasPrefix("Access: full.\n20 friends:\n"), "the decision is remembered")
    }

    @Test func limitedAccessListsOnlySharedFriends() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let anna = try harness.identifier(ofContactNamed: "Müller")
        let joao = try harness.identifier(ofContactNamed: "Silva")
        let result = try harness.findMyFriends(consent: "limited:\(anna),\(joao)")
        #expect(result.status == 0)
        #expect(
            result.standardOutput == """
                Asking for access to your contacts...
                Access: limited to the friends you chose to share.
                2 friends:
                  Dr. Anna Maria Müller  +49 170 1234567
                  João Silva  +55 11 91234-5678

                """)
        let search = try harness.findMyFriends(["Appleseed"], consent: "full")
        #expect(search.status == 0)
        #expect(
            search.standardOutput == """
                Access: limited to the friends you chose to share.
                No friend matches "Appleseed".
                Contact access button: nothing more shared.

                """, "a hidden friend reads as missing; the person did not tap the button")
    }

    @Test func limitedWithNothingSharedShowsNoFriends() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let result = try harness.findMyFriends(consent: "limited")
        #expect(result.status == 0)
        #expect(
            result.standardOutput == """
                Asking for access to your contacts...
                Access: limited to the friends you chose to share.
                No friends to show.

                """)
    }

    @Test(arguments: ["org.swift-contacts.example.*", "org.swift-contacts.example.FindMyFriends", "*"])
    func restrictedAppIsNeverAsked(pattern: String) throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let policy = #"{ "restricted": ["\#(pattern)"] }"#
        let result = try harness.findMyFriends(consent: "full", policy: policy)
        #expect(result.status == 1)
        #expect(result.standardOutput == "Access: restricted by your administrator.\n")
        let apps = try harness.contacts(["privacy", "apps", "--json"])
        #expect(apps.standardOutput == "[]\n", "a restricted app is never asked, so nothing is recorded")
    }

    @Test func malformedPolicyFileRestrictsTheApp() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let result = try harness.findMyFriends(consent: "full", policy: #"{ "restricted": "everyone" }"#)
        #expect(result.status == 1)
        #expect(result.standardOutput == "Access: restricted by your administrator.\n", "a broken policy fails closed")
    }

    @Test func appRestrictedInTheStoreIsNeverAsked() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let app = CommandLineHarness.findMyFriendsBundleIdentifier
        #expect(try harness.contacts(["privacy", "restrict", app]).status == 0)
        let result = try harness.findMyFriends(consent: "full")
        #expect(result.status == 1)
        #expect(result.standardOutput == "Access: restricted by your administrator.\n")
    }
}
