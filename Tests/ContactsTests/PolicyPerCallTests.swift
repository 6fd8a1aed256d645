import ContactsSystem
import ContactsTestSupport
import Foundation
import Synchronization
import Testing

/// The administrator's policy applies to every decision, as docs/Privacy.md says: an app restricted while its
/// store is open is refused on its next call, and lifting the restriction lets it back in, without reopening.
@Suite struct PolicyPerCallTests {
    /// An environment whose `CONTACTS_POLICY` names a real file in the test's directory.
    private static func environment(policyFile: URL) -> PrivacyEnvironment {
        var environment = PrivacyFixtures.environment
        environment.variable = { name in name == AdministratorPolicy.fileVariable ? policyFile.path : nil }
        environment.readFile = { url in
            guard FileManager.default.fileExists(atPath: url.path) else { return nil }
            return try Data(contentsOf: url)
        }
        return environment
    }

    private static func write(_ text: String, to url: URL) throws {
        // A new file (new inode), as administrators' editors usually write; an in-place rewrite is tested too.
        let temporary = url.appendingPathExtension("new")
        try Data(text.utf8).write(to: temporary)
        #expect(rename(temporary.path, url.path) == 0)
    }

    private func appStore(_ fixtures: PrivacyFixtures, policyFile: URL) -> CNContactStore {
        var configuration = fixtures.temporary.configuration()
        configuration.accessor = .app(PrivacyFixtures.app())
        configuration.privacy = ContactStorePrivacyOptions(
            consentAgent: ScriptedConsentAgent(), environment: Self.environment(policyFile: policyFile))
        return CNContactStore(configuration: configuration)
    }

    @Test func restrictingAnOpenAppsStoreRefusesItsNextCallAndLiftingItLetsItBackIn() throws {
        let fixtures = try PrivacyFixtures()
        try fixtures.add(["Ann"])
        try fixtures.accessControls().setAccess(.full, for: PrivacyFixtures.app().bundleIdentifier)
        let policyFile = fixtures.temporary.directory.appendingPathComponent("policy.json")
        try Self.write(#"{"restricted": []}"#, to: policyFile)
        let store = appStore(fixtures, policyFile: policyFile)
        #expect(try PrivacyFixtures.names(in: store) == ["Ann"])

        try Self.write(#"{"restricted": ["com.example.*"]}"#, to: policyFile)
        #expect(store.authorizationStatus(for: .contacts) == .restricted)
        #expect(PrivacyFixtures.code { try PrivacyFixtures.names(in: store) } == .authorizationDenied)

        try Self.write(#"{"restricted": ["org.other.app"]}"#, to: policyFile)
        #expect(store.authorizationStatus(for: .contacts) == .authorized)
        #expect(try PrivacyFixtures.names(in: store) == ["Ann"])
    }

    @Test func aPolicyFileThatAppearsOrGoesIsObeyedFromTheNextCall() throws {
        let fixtures = try PrivacyFixtures()
        try fixtures.add(["Ann"])
        try fixtures.accessControls().setAccess(.full, for: PrivacyFixtures.app().bundleIdentifier)
        let policyFile = fixtures.temporary.directory.appendingPathComponent("policy.json")
        let store = appStore(fixtures, policyFile: policyFile)
        // No file: nothing is restricted, and the source remembers that there is none.
        #expect(try PrivacyFixtures.names(in: store) == ["Ann"])
        #expect(try PrivacyFixtures.names(in: store) == ["Ann"])

        try Self.write(#"{"restricted": ["com.example.*"]}"#, to: policyFile)
        #expect(store.authorizationStatus(for: .contacts) == .restricted, "the new file is read at once")
        #expect(PrivacyFixtures.code { try PrivacyFixtures.names(in: store) } == .authorizationDenied)

        try FileManager.default.removeItem(at: policyFile)
        #expect(store.authorizationStatus(for: .contacts) == .authorized, "and its removal too")
        #expect(try PrivacyFixtures.names(in: store) == ["Ann"])
    }

    @Test func aPolicyVariableNamingAnotherFileWhileTheStoreIsOpenIsObeyedFromTheNextCall() throws {
        let fixtures = try PrivacyFixtures()
        try fixtures.add(["Ann"])
        try fixtures.accessControls().setAccess(.full, for: PrivacyFixtures.app().bundleIdentifier)
        let open = fixtures.temporary.directory.appendingPathComponent("open.json")
        let strict = fixtures.temporary.directory.appendingPathComponent("strict.json")
        try Self.write(#"{"restricted": []}"#, to: open)
        try Self.write(#"{"restricted": ["com.example.*"]}"#, to: strict)
        // The source keeps the file's URL while the variable holds the same value: a new value must still count.
        let named = Mutex(open.path)
        var environment = Self.environment(policyFile: open)
        environment.variable = { name in name == AdministratorPolicy.fileVariable ? named.withLock { $0 } : nil }
        var configuration = fixtures.temporary.configuration()
        configuration.accessor = .app(PrivacyFixtures.app())
        configuration.privacy = ContactStorePrivacyOptions(
            consentAgent: ScriptedConsentAgent(), environment: environment)
        let store = CNContactStore(configuration: configuration)
        #expect(try PrivacyFixtures.names(in: store) == ["Ann"])
        #expect(try PrivacyFixtures.names(in: store) == ["Ann"])

        named.withLock { $0 = strict.path }
        #expect(store.authorizationStatus(for: .contacts) == .restricted)
        #expect(PrivacyFixtures.code { try PrivacyFixtures.names(in: store) } == .authorizationDenied)

        named.withLock { $0 = open.path }
        #expect(store.authorizationStatus(for: .contacts) == .authorized)
        #expect(try PrivacyFixtures.names(in: store) == ["Ann"])
    }

    @Test func aPolicyFileRewrittenInPlaceIsReadAgain() throws {
        let fixtures = try PrivacyFixtures()
        try fixtures.add(["Ann"])
        try fixtures.accessControls().setAccess(.full, for: PrivacyFixtures.app().bundleIdentifier)
        let policyFile = fixtures.temporary.directory.appendingPathComponent("policy.json")
        try Data(#"{"restricted": []}"#.utf8).write(to: policyFile)
        let store = appStore(fixtures, policyFile: policyFile)
        #expect(try PrivacyFixtures.names(in: store) == ["Ann"])
        // Same inode; the size and the modification time change.
        let handle = try FileHandle(forWritingTo: policyFile)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(#"{"restricted": ["com.example.friends"]}"#.utf8))
        try handle.close()
        #expect(PrivacyFixtures.code { try PrivacyFixtures.names(in: store) } == .authorizationDenied)
    }

    @Test func aPolicyFileBrokenWhileTheStoreIsOpenFailsClosed() throws {
        let fixtures = try PrivacyFixtures()
        try fixtures.add(["Ann"])
        try fixtures.accessControls().setAccess(.full, for: PrivacyFixtures.app().bundleIdentifier)
        let policyFile = fixtures.temporary.directory.appendingPathComponent("policy.json")
        try Self.write(#"{"restricted": []}"#, to: policyFile)
        let store = appStore(fixtures, policyFile: policyFile)
        #expect(try PrivacyFixtures.names(in: store) == ["Ann"])
        try Self.write("not json", to: policyFile)
        #expect(PrivacyFixtures.code { try PrivacyFixtures.names(in: store) } == .authorizationDenied)
    }

    @Test func aRestrictionAddedBeforeTheFirstPromptMeansTheAppIsNeverAsked() throws {
        let fixtures = try PrivacyFixtures()
        let policyFile = fixtures.temporary.directory.appendingPathComponent("policy.json")
        try Self.write(#"{"restricted": []}"#, to: policyFile)
        let agent = ScriptedConsentAgent(answers: [.full])
        var configuration = fixtures.temporary.configuration()
        configuration.accessor = .app(PrivacyFixtures.app())
        configuration.privacy = ContactStorePrivacyOptions(
            consentAgent: agent, environment: Self.environment(policyFile: policyFile))
        let store = CNContactStore(configuration: configuration)
        #expect(store.authorizationStatus(for: .contacts) == .notDetermined)
        try Self.write(#"{"restricted": ["*"]}"#, to: policyFile)
        #expect(PrivacyFixtures.code { try PrivacyFixtures.names(in: store) } == .authorizationDenied)
        #expect(agent.shown.isEmpty, "a restricted app is never asked")
    }
}
