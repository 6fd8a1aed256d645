import Foundation

extension CommandLineHarness {
    /// Runs the FindMyFriends example against this harness's store, as the app its Info.plist names.
    ///
    /// - Parameters:
    ///   - arguments: The name words typed by the user; none lists every friend.
    ///   - consent: `CONTACTS_CONSENT`: how the person answers the consent prompt.
    ///   - policy: The administrator's policy file, written to this harness's folder; nil restricts nothing.
    ///   - button: `CONTACTS_ACCESS_BUTTON`: what the person does at the contact access button; nil: no tap
    ///     (`ignore`, so a test run from a terminal never asks on it).
    func findMyFriends(
        _ arguments: [String] = [], consent: String, policy: String? = nil, button: String? = nil
    ) throws -> Result {
        var environment = [
            "CONTACTS_STORE": storePath,
            "CONTACTS_APP_INFO_PLIST": Self.repositoryRoot
                .appendingPathComponent("Examples/FindMyFriends/Info.plist").path,
            "CONTACTS_CONSENT": consent,
        ]
        if let policy { environment["CONTACTS_POLICY"] = try write(policy, to: "policy.json") }
        environment["CONTACTS_ACCESS_BUTTON"] = button ?? "ignore"
        return try run(Self.product("FindMyFriends"), arguments, environment: environment)
    }

    /// The bundle identifier of the FindMyFriends example.
    static let findMyFriendsBundleIdentifier = "org.swift-contacts.example.FindMyFriends"
}
