import ContactsSystem
import Foundation
import Testing

/// The process-level rules: identity from the `Info.plist`, and the stop without a usage description.
///
/// Each test runs in a child process that sets its own environment (store, `Info.plist`, policy, consent),
/// so nothing depends on the machine's environment or `/etc`.
@Suite struct AuthorizationExitTests {
    @Test func appWithoutUsageDescriptionStopsOnFirstContactsAccess() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let directory = ExitTestEnvironment.prepare(usageDescription: nil)
            let store = CNContactStore(
                configuration: ContactStoreConfiguration(
                    url: directory.appendingPathComponent("Contacts.sqlite"),
                    accessor: .app(AppIdentity(bundleIdentifier: "com.example.nopurpose"))))
            _ = try? store.containers(matching: nil)
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("NSContactsUsageDescription"))
        #expect(message.contains("com.example.nopurpose"))
    }

    @Test func defaultStoreOfAnAppWhoseInfoPlistLacksTheUsageDescriptionStops() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = ExitTestEnvironment.prepare(usageDescription: nil)
            _ = try? CNContactStore().groups(matching: nil)
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("NSContactsUsageDescription"))
    }

    @Test func unidentifiedProcessStopsInsteadOfGettingAccess() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let directory = ExitTestEnvironment.prepare(usageDescription: nil)
            setenv("CONTACTS_APP_INFO_PLIST", directory.appendingPathComponent("Missing.plist").path, 1)
            _ = try? CNContactStore().groups(matching: nil)
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("Info.plist"))
    }

    @Test func unidentifiedProcessReadsNotDeterminedWithoutStopping() async {
        await #expect(processExitsWith: .success) {
            let directory = ExitTestEnvironment.prepare(usageDescription: nil)
            setenv("CONTACTS_APP_INFO_PLIST", directory.appendingPathComponent("Missing.plist").path, 1)
            guard CNContactStore.authorizationStatus(for: .contacts) == .notDetermined else { exit(1) }
        }
    }

    @Test func defaultStoreAsksThroughTheConsentSettingAndRemembers() async {
        await #expect(processExitsWith: .success) {
            let directory = ExitTestEnvironment.prepare(usageDescription: "Finds your friends.")
            setenv("CONTACTS_CONSENT", "full", 1)
            guard CNContactStore.authorizationStatus(for: .contacts) == .notDetermined else { exit(1) }
            // Reading the status must not create the store.
            guard !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Contacts.sqlite").path)
            else { exit(2) }
            let store = CNContactStore()
            guard (try? store.containers(matching: nil).count) == 1 else { exit(3) }
            guard CNContactStore.authorizationStatus(for: .contacts) == .authorized else { exit(4) }
            setenv("CONTACTS_CONSENT", "deny", 1)
            guard (try? CNContactStore().groups(matching: nil)) != nil else { exit(5) }
        }
    }

    @Test func policyFileRestrictsTheDefaultStoresApp() async {
        await #expect(processExitsWith: .success) {
            let directory = ExitTestEnvironment.prepare(usageDescription: "Finds your friends.")
            let policy = directory.appendingPathComponent("policy.json")
            FileManager.default.createFile(
                atPath: policy.path, contents: Data(#"{"restricted":["com.example.*"]}"#.utf8))
            setenv("CONTACTS_POLICY", policy.path, 1)
            setenv("CONTACTS_CONSENT", "full", 1)
            guard CNContactStore.authorizationStatus(for: .contacts) == .restricted else { exit(1) }
            do {
                _ = try CNContactStore().groups(matching: nil)
                exit(2)
            } catch let error as CNError where error.code == .authorizationDenied {
                exit(0)
            } catch {
                exit(3)
            }
        }
    }
}

/// Sets up a child process: a fresh directory with the store, an `Info.plist`, no policy file, no consent.
enum ExitTestEnvironment {
    static func prepare(usageDescription: String?) -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("contacts-exit-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var plist: [String: Any] = ["CFBundleIdentifier": "com.example.friends", "CFBundleName": "Friends"]
        plist["NSContactsUsageDescription"] = usageDescription
        let infoPlist = directory.appendingPathComponent("Info.plist")
        if let data = try? PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0) {
            FileManager.default.createFile(atPath: infoPlist.path, contents: data)
        }
        setenv("CONTACTS_STORE", directory.appendingPathComponent("Contacts.sqlite").path, 1)
        setenv("CONTACTS_APP_INFO_PLIST", infoPlist.path, 1)
        setenv("CONTACTS_APP_ENTITLEMENTS", directory.appendingPathComponent("none.entitlements").path, 1)
        setenv("CONTACTS_POLICY", directory.appendingPathComponent("no-policy.json").path, 1)
        unsetenv("CONTACTS_CONSENT")
        return directory
    }
}
