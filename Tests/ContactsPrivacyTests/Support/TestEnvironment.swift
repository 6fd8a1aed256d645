import ContactsPrivacy
import Foundation

/// A fixed date for decisions made in tests.
let testDate = Date(timeIntervalSince1970: 1_800_000_000)

extension PrivacyEnvironment {
    /// An environment with fixed variables, in-memory files and a fixed date.
    ///
    /// - Parameters:
    ///   - variables: Environment variables.
    ///   - files: File contents by path.
    ///   - unreadable: Paths whose read throws, as for a file without permission.
    ///   - executable: The executable's URL.
    static func testing(
        variables: [String: String] = [:],
        files: [String: Data] = [:],
        unreadable: Set<String> = [],
        executable: URL? = nil
    ) -> PrivacyEnvironment {
        PrivacyEnvironment(
            now: { testDate },
            variable: { variables[$0] },
            executableURL: { executable },
            readFile: { url in
                if unreadable.contains(url.path) { throw CocoaError(.fileReadNoPermission) }
                return files[url.path]
            },
            clock: ContinuousClock()
        )
    }
}

/// An app used across tests.
func testApp(
    _ bundleIdentifier: String = "com.example.app",
    purpose: String? = "Finds your friends.",
    notes: Bool = false
) -> AppIdentity {
    AppIdentity(
        bundleIdentifier: bundleIdentifier,
        displayName: "Example",
        usageDescription: purpose,
        entitlements: notes ? AppEntitlements(granted: [AppEntitlements.contactsNotesKey]) : .none
    )
}
