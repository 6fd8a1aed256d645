import ContactsDaemon
import ContactsSystem
import Foundation

/// The daemons the fuzzer attacks, started once per fuzzing process in temporary directories, each with this
/// executable registered under a different standing, so an input reaches one of two sets of handlers:
/// - the app's: an app with full access and the notes entitlement, so every app request reaches the engine behind
///   the gate (and the person's agent's requests get 100);
/// - the person's agent's (`org.swift-contacts.person-agent`): the data calls as the person, the app list, the
///   access changes, the own card. A change that reduces an app's access spares the daemon's own process, which
///   is also the peer here (`ConnectionSession.revoke`).
enum FuzzDaemon {
    static let bundleIdentifier = "org.swift-contacts.fuzz"
    static let agentBundleIdentifier = "org.swift-contacts.fuzz-agent"

    /// The socket of the daemon that knows the fuzzer as an app.
    nonisolated(unsafe) static var socketPath = ""
    /// The socket of the daemon that knows the fuzzer as the person's agent.
    nonisolated(unsafe) static var agentSocketPath = ""
    // SAFETY: written once by LLVMFuzzerInitialize before any input runs; libFuzzer runs inputs on one thread.

    static func start() throws {
        socketPath = try start(name: "app", bundle: bundleIdentifier, entitlements: [])
        agentSocketPath = try start(
            name: "agent", bundle: agentBundleIdentifier, entitlements: [DaemonConfiguration.personAgentEntitlement])
    }

    private static func start(name: String, bundle: String, entitlements: [String]) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "contactsd-fuzz-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let registry = directory.appendingPathComponent("apps")
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        _ = try AppRegistry.register(
            executable: executable, bundleIdentifier: bundle, displayName: "Fuzzer",
            usageDescription: "Fuzzes the daemon.", entitlements: ["com.apple.developer.contacts.notes"] + entitlements,
            in: registry)
        let socketPath = FileManager.default.temporaryDirectory.appendingPathComponent("fz-\(name)-\(getpid()).sock")
            .path
        var configuration = DaemonConfiguration(
            socketPath: socketPath, stateDirectory: directory.appendingPathComponent("state"),
            registryDirectory: registry)
        configuration.administratorPolicy = .unrestricted
        // "Cannot ask": a requestAccess in an input is answered at once instead of waiting for a person.
        configuration.consentAgent = ScriptedConsentAgent()
        let daemon = try ContactsDaemon.start(configuration)
        // The person's side: a few contacts and a group to find, and full access for the fuzzer.
        // The daemon's store file of this user (DaemonConfiguration.storeURL(for:), internal to the daemon).
        let storeURL = configuration.stateDirectory.appendingPathComponent("users/\(geteuid())/Contacts.sqlite")
        let person = CNContactStore(configuration: ContactStoreConfiguration(url: storeURL))
        try person.accessControls().setAccess(.full, for: bundle)
        let request = CNSaveRequest()
        for (given, family, phone) in [
            ("Ann", "Lee", "+1 415 555 0100"), ("Bo", "Chen", "030 1234567"), ("Cy", "Ng", ""),
        ] {
            let contact = CNMutableContact()
            contact.givenName = given
            contact.familyName = family
            if !phone.isEmpty {
                contact.phoneNumbers = [
                    CNLabeledValue(label: CNLabelPhoneNumberMobile, value: CNPhoneNumber(stringValue: phone))
                ]
            }
            contact.note = "note"
            request.add(contact, toContainerWithIdentifier: nil)
        }
        let group = CNMutableGroup()
        group.name = "Friends"
        request.add(group, toContainerWithIdentifier: nil)
        try person.execute(request)
        // Kept for the life of the process; libFuzzer ends it with exit().
        keep.append(daemon)
        return socketPath
    }

    nonisolated(unsafe) private static var keep: [ContactsDaemon] = []
    // SAFETY: as socketPath.
}
