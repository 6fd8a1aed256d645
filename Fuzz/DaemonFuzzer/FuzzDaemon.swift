import ContactsDaemon
import ContactsSystem
import Foundation

/// The daemon the fuzzer attacks: started once per fuzzing process, in a temporary directory, with this
/// executable registered as an app that has full access and the notes entitlement, so every app request
/// reaches the engine. It is not a person's agent: a `SetAppAccess` that reduced its own access would kill the
/// fuzzer with SIGKILL, which libFuzzer would misreport as a crash.
enum FuzzDaemon {
    static let bundleIdentifier = "org.swift-contacts.fuzz"

    /// The socket of the running daemon.
    nonisolated(unsafe) static var socketPath = ""
    // SAFETY: written once by LLVMFuzzerInitialize before any input runs; libFuzzer runs inputs on one thread.

    static func start() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("contactsd-fuzz-\(getpid())")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let registry = directory.appendingPathComponent("apps")
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        _ = try AppRegistry.register(
            executable: executable, bundleIdentifier: bundleIdentifier, displayName: "Fuzzer",
            usageDescription: "Fuzzes the daemon.", entitlements: ["com.apple.developer.contacts.notes"], in: registry)
        socketPath = FileManager.default.temporaryDirectory.appendingPathComponent("fz-\(getpid()).sock").path
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
        try person.accessControls().setAccess(.full, for: bundleIdentifier)
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
        keep = daemon
    }

    nonisolated(unsafe) private static var keep: ContactsDaemon?
    // SAFETY: as socketPath.
}
