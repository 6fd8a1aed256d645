import ContactsSystem
import Foundation

/// Where the daemon listens and keeps its state, and who answers consent prompts.
///
/// Nothing here comes from an app: `CONTACTS_CONSENT`, `CONTACTS_POLICY`, `CONTACTS_APP_INFO_PLIST` and
/// Info.plist files beside binaries mean nothing to the daemon. Its own configuration comes from its command
/// line (contactsd) or from the code that starts it (tests).
package struct DaemonConfiguration: Sendable {
    /// The registry as the daemon reads it: files owned by root or by the daemon's own user.
    var appRegistry: AppRegistry { AppRegistry(directory: registryDirectory, trustedOwner: geteuid()) }

    /// The Unix socket apps connect to.
    package var socketPath: String
    /// A socket already listening, handed over by systemd (``InheritedSocket``), served instead of binding
    /// ``socketPath``. Its path, owner and mode are the socket unit's: the daemon neither changes nor removes it.
    package var listeningDescriptor: Int32?
    /// The state directory: one store per human user, `users/<uid>/Contacts.sqlite`, readable by the daemon only.
    package var stateDirectory: URL
    /// The administrator's app registry (JSON files owned by root).
    package var registryDirectory: URL
    /// The administrator's policy; nil reads `/etc/contacts/policy.json` (the daemon's, not an app's, file).
    package var administratorPolicy: AdministratorPolicy?
    /// Who answers an app's consent prompt for the person; nil (the default): the person, through their agent's
    /// connection (``personAgentEntitlement``), within ``consentTimeout``.
    package var consentAgent: (any ConsentAgent)?
    /// The largest number of contacts in one streamed batch.
    package var maximumBatchSize = 512
    /// The largest number of contacts in one streamed batch of a fetch of identifiers only: about 50 bytes each,
    /// so 4,096 of them (about 200 KB) weigh less than 512 contacts with all their keys, and a fetch of every
    /// identifier takes an eighth of the round trips (docs/Protocol.md, "Streaming").
    package var maximumIdentifierBatchSize = 4096
    /// The most bytes one vCard import may upload. Uploads wait on disk until their last chunk, so without a
    /// bound an app with access could fill the daemon's disk; past it the upload is discarded and refused.
    package var maximumImportSize: Int64 = 1 << 30
    /// How long an app's consent request waits for the person's agent before it is not granted (and nothing is
    /// recorded, so the app may ask again). Used when ``consentAgent`` is nil.
    package var consentTimeout: Duration = .seconds(120)
    /// How long an app's contact picker or contact access picker waits for the person in their screens before it
    /// is cancelled (nothing picked, nothing changed).
    package var pickerTimeout: Duration = .seconds(600)
    /// Where the system's sandboxed apps are installed, for identifying Flatpak and snap peers.
    package var sandboxes = SandboxConfiguration()
    /// How many bytes of each store SQLite reads through a memory map. The daemon keeps every user's store
    /// open for good, and mapped pages it once read stay in its resident memory, however rarely it reads them
    /// again; unmapped, a page is read into a connection's bounded cache, and the kernel's page cache, which is
    /// not the daemon's, keeps the file (docs/Daemon.md, "Performance").
    package var storeMemoryMapSize = 0
    /// The locale whose collation orders the stores' sorted fetches; nil: the daemon's environment's (its
    /// `LANG`), as an embedded store without one uses the process's.
    package var localeIdentifier: String?

    /// The registry entitlement of the person's agents (the `contacts` tool, a session agent): they may list
    /// and answer the consent requests of their own user's apps. Our own name, not Apple's.
    package static let personAgentEntitlement = "org.swift-contacts.person-agent"

    package init(socketPath: String, stateDirectory: URL, registryDirectory: URL) {
        self.socketPath = socketPath
        self.stateDirectory = stateDirectory
        self.registryDirectory = registryDirectory
    }

    /// The store file of a human user.
    package func storeURL(for uid: uid_t) -> URL {
        stateDirectory.appendingPathComponent("users/\(uid)/Contacts.sqlite")
    }

    /// The privacy environment the daemon's stores use: the clock and the policy file, but no process
    /// environment at all, so no variable of the daemon's (or anyone's) steers a decision.
    var privacyEnvironment: PrivacyEnvironment {
        var environment = PrivacyEnvironment.live
        environment.variable = { _ in nil }
        environment.executableURL = { nil }
        return environment
    }
}
