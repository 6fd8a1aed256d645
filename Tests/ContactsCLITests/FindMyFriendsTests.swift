import Foundation
import Testing

/// The example app, run as a separate process with its Info.plist and a policy consent agent.
///
/// Until the privacy gate is wired into the store (issue #5), every app is authorized; these tests pin what
/// works now. The per-status expectations for when the gate lands are handed over separately.
@Suite struct FindMyFriendsTests {
    func run(_ arguments: [String], consent: String, harness: CommandLineHarness) throws -> CommandLineHarness.Result {
        try harness.run(
            CommandLineHarness.product("FindMyFriends"), arguments,
            environment: [
                "CONTACTS_STORE": harness.storePath,
                "CONTACTS_APP_INFO_PLIST": CommandLineHarness.repositoryRoot
                    .appendingPathComponent("Examples/FindMyFriends/Info.plist").path,
                "CONTACTS_CONSENT": consent,
            ]
        )
    }

    @Test func authorizedAppListsEveryFriendSorted() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let result = try run([], consent: "full", harness: harness)
        #expect(result.status == 0, "\(result.standardError)")
        try Golden.expect(result.standardOutput, matches: "findmyfriends-full.txt", harness: harness)
    }

    @Test func appFindsFriendsByName() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let result = try run(["joão"], consent: "full", harness: harness)
        #expect(result.status == 0)
        #expect(result.standardOutput == "Access: full.\n1 friend:\n  João Silva  +55 11 91234-5678\n")
    }

    @Test func appReportsWhenNoFriendMatches() throws {
        let harness = try CommandLineHarness()
        try harness.importExampleAddressBook()
        let result = try run(["Zebedee"], consent: "full", harness: harness)
        #expect(result.status == 0)
        #expect(result.standardOutput == "Access: full.\nNo friend matches \"Zebedee\".\n")
    }
}
