import ContactsSystem
import ContactsTestSupport
import Foundation

/// A temporary store with the person's store on it, and app stores with injected agents and a fixed
/// environment, so privacy tests never read the real terminal, environment variables or `/etc`.
///
/// In daemon mode the person's store stays embedded, on the daemon's file for this user (as the person's own
/// tools open it), and app stores go over the daemon's socket: the registry names this test process as the app
/// while its store connects, the daemon's consent agent passes the app's prompts to the agent given here, and
/// the policy is the daemon's.
struct PrivacyFixtures {
    let temporary: TemporaryStore

    init(mode: StoreMode = .embedded) throws {
        temporary = try TemporaryStore(mode: mode, opensAppStore: false)
    }

    /// The person's store (`accessor: .person`).
    var person: CNContactStore { temporary.person }

    /// An environment with no variables, no files and a fixed date.
    static let environment = PrivacyEnvironment(
        now: { Date(timeIntervalSince1970: 1_800_000_000) },
        variable: { _ in nil },
        executableURL: { nil },
        readFile: { _ in nil },
        clock: ContinuousClock()
    )

    /// An app identity with a purpose string.
    static func app(
        _ bundleIdentifier: String = "com.example.friends",
        notes: Bool = false,
        usageDescription: String? = "Finds your friends."
    ) -> AppIdentity {
        AppIdentity(
            bundleIdentifier: bundleIdentifier,
            displayName: "Friends",
            usageDescription: usageDescription,
            entitlements: notes ? AppEntitlements(granted: [AppEntitlements.contactsNotesKey]) : .none
        )
    }

    /// A store for an app on the same file, or over the daemon's socket.
    func store(
        for app: AppIdentity,
        consent: any ConsentAgent = ScriptedConsentAgent(),
        policy: AdministratorPolicy = .unrestricted
    ) throws -> CNContactStore {
        if let daemon = temporary.daemon {
            return try daemon.appStore(for: app, consent: consent, policy: policy)
        }
        var configuration = temporary.configuration()
        configuration.accessor = .app(app)
        configuration.privacy = ContactStorePrivacyOptions(
            consentAgent: consent, environment: Self.environment, administratorPolicy: policy)
        return CNContactStore(configuration: configuration)
    }

    /// The person's controls, with the same policy the app stores use.
    func accessControls(policy: AdministratorPolicy = .unrestricted) throws -> ContactAccessControls {
        var configuration = temporary.configuration()
        configuration.privacy = ContactStorePrivacyOptions(environment: Self.environment, administratorPolicy: policy)
        return try CNContactStore(configuration: configuration).accessControls()
    }

    /// Saves people through the person's store and returns their identifiers in order.
    @discardableResult
    func add(_ names: [String], emails: [String: String] = [:]) throws -> [String] {
        let contacts = names.map { name in
            ContactFixtures.person(name, "Test", emails: emails[name].map { [$0] } ?? [])
        }
        try ContactFixtures.save(contacts, in: person)
        return contacts.map(\.identifier)
    }

    /// The given names of every contact a store returns, sorted.
    static func names(in store: CNContactStore) throws -> [String] {
        var result: [String] = []
        let request = CNContactFetchRequest(keysToFetch: [CNContactGivenNameKey as CNKeyDescriptor])
        try store.enumerateContacts(with: request) { contact, _ in result.append(contact.givenName) }
        return result.sorted()
    }

    /// The code of the CNError a call throws, or nil when it does not throw one.
    static func code<T>(_ body: () throws -> T) -> CNError.Code? {
        ErrorCode.of(body)
    }
}
