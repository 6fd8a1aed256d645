import Foundation
import Testing

/// The example app, run as a separate process with its Info.plist and a policy consent agent.
///
/// Each store starts with the app not determined, so the first run asks; the per-status behaviour is in
/// FindMyFriendsGateTests and the contact access button in FindMyFriendsAccessButtonTests.
@Suite struct FindMyFriendsTests {
    @Test func authorizedAppListsEveryFriendSorted() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let result = try harness.findMyFriends(consent: "full")
        #expect(result.status == 0, "\(result.standardError)")
        try Golden.expect(result.standardOutput, matches: "findmyfriends-full.txt", harness: harness)
    }

    @Test func appFindsFriendsByName() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let result = try harness.findMyFriends(["joão"], consent: "full")
        #expect(result.status == 0)
        #expect(
            result.standardOutput == """
                Asking for access to your contacts...
                Access: full.
                1 friend:
                  João Silva  +55 11 91234-5678

                """)
    }

    @Test func appReportsWhenNoFriendMatches() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let result = try harness.findMyFriends(["Zebedee"], consent: "full")
        #expect(result.status == 0)
        #expect(
            result.standardOutput == """
                Asking for access to your contacts...
                Access: full.
                No friend matches "Zebedee".

                """, "full access shows no contact access button")
    }

    @Test func appWithoutAnAnswerIsNotGrantedAndAskedAgainLater() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        // A malformed setting gives an agent that never answers: nothing is recorded.
        let unanswered = try harness.findMyFriends(consent: "sometimes")
        #expect(unanswered.status == 1)
        #expect(unanswered.standardOutput.hasPrefix("Asking for access to your contacts...\nAccess was not granted"))
        let later = try harness.findMyFriends(["joão"], consent: "full")
        #expect(later.standardOutput.hasPrefix("Asking for access to your contacts...\nAccess: full.\n"))
    }
}
