import ContactsModel

/// The system side of the one-time picker, the contact access picker and the contact access button.
///
/// The future daemon and UI drive these flows: the trusted agent shows contacts to the person, and the app
/// receives only what the rules allow — a snapshot from the one-time picker (and no grant), or the identifiers
/// newly granted by the access picker or the button.
///
/// ```swift
/// let flows = ContactAccessFlows(
///     repository: repository, directory: directory, trustedAgent: agent,
///     consentAgent: consent, policy: policy, environment: .live)
/// let granted = try await flows.runAccessButton(for: app, query: AccessButtonQuery(queryString: "Ann"))
/// ```
///
/// Parity: the behaviour of `CNContactPickerViewController`, `contactAccessPicker` and `ContactAccessButton`
/// (APPLE-API.md §19), as system services.
public struct ContactAccessFlows: Sendable {
    private let repository: any PrivacyRepository
    private let directory: any ContactDirectory
    private let trustedAgent: any TrustedAgent
    private let consentAgent: any ConsentAgent
    private let policy: AdministratorPolicy
    private let environment: PrivacyEnvironment

    /// Creates the flows.
    ///
    /// - Parameters:
    ///   - repository: Where decisions and shared sets are stored.
    ///   - directory: The engine's contact lists, matches and snapshots.
    ///   - trustedAgent: Shows contacts to the person.
    ///   - consentAgent: Asks the access button's simplified prompt.
    ///   - policy: The administrator's restrictions.
    ///   - environment: Supplies the time of decisions.
    public init(
        repository: any PrivacyRepository,
        directory: any ContactDirectory,
        trustedAgent: any TrustedAgent,
        consentAgent: any ConsentAgent,
        policy: AdministratorPolicy,
        environment: PrivacyEnvironment
    ) {
        self.repository = repository
        self.directory = directory
        self.trustedAgent = trustedAgent
        self.consentAgent = consentAgent
        self.policy = policy
        self.environment = environment
    }

    /// Runs the one-time picker: the person picks; the app gets a snapshot and is granted nothing.
    ///
    /// Works in every status, denied and restricted included, and never asks for consent. With single
    /// selection only the first pick counts. Picks that were not offered are dropped.
    ///
    /// - Returns: The choice and the snapshots, fetched with the name keys and the displayed keys only.
    /// - Throws: `CNError` when the store fails.
    public func pickContacts(for app: AppIdentity, request: ContactPickerRequest) async throws(CNError)
        -> ContactPickerResponse
    {
        let candidates = try directory.candidates()
        let picked = await trustedAgent.pickContacts(for: app, request: request, candidates: candidates)
        let choice = request.accepting(picked, offered: Set(candidates.map(\.identifier)))
        let identifiers = choice.contactIdentifiers
        let contacts =
            identifiers.isEmpty
            ? [] : try directory.snapshots(of: identifiers, keys: request.keysToFetch(entitlements: app.entitlements))
        guard case .properties(let properties) = choice else {
            return ContactPickerResponse(choice: choice, contacts: contacts)
        }
        // A property counts only when the snapshot holds it: a key the app may not receive (not displayed, or
        // the note without the entitlement) or a value the contact lacks is dropped, never sent.
        let byIdentifier = Dictionary(contacts.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        let kept = properties.filter { property in
            byIdentifier[property.contactIdentifier].flatMap {
                CNContactProperty.picked(from: $0, key: property.key, valueIdentifier: property.valueIdentifier)
            } != nil
        }
        guard !kept.isEmpty else { return ContactPickerResponse(choice: .cancelled, contacts: []) }
        let needed = Set(kept.map(\.contactIdentifier))
        return ContactPickerResponse(
            choice: .properties(kept), contacts: contacts.filter { needed.contains($0.identifier) })
    }

    /// Runs the contact access picker: the person edits the shared set; the app learns only the newly granted
    /// identifiers.
    ///
    /// - Returns: The newly granted identifiers, sorted; empty unless the app has limited access.
    /// - Throws: `CNError` when the store fails.
    public func presentAccessPicker(for app: AppIdentity) async throws(CNError) -> [String] {
        let record = try repository.record(for: app.bundleIdentifier)
        let status = policy.effectiveStatus(of: app.bundleIdentifier, stored: record?.status ?? .notDetermined)
        guard ContactAccessPickerOutcome.isShown(for: status) else { return [] }
        let shared = record?.limitedIdentifiers ?? []
        let edited = await trustedAgent.editSharedContacts(
            for: app, shared: shared, candidates: try directory.candidates())
        let outcome = ContactAccessPickerOutcome(status: status, shared: shared, edited: edited)
        if let sharedAfter = outcome.sharedAfter {
            try repository.change(app.bundleIdentifier) { $0.limitedIdentifiers = sharedAfter }
        }
        return outcome.newlyGranted
    }

    /// Runs the contact access button after the app placed it with a query.
    ///
    /// - Returns: The newly granted identifiers for the approval callback, sorted; empty when nothing was granted.
    /// - Throws: `CNError` when the store fails.
    public func runAccessButton(for app: AppIdentity, query: AccessButtonQuery) async throws(CNError) -> [String] {
        let record = try repository.record(for: app.bundleIdentifier)
        let scope = AccessScope(accessor: .app(app), record: record, policy: policy)
        var machine = AccessButtonStateMachine(app: app, query: query)
        var pending = machine.handle(.started(status: scope.status))
        var granted: [String] = []
        while !pending.isEmpty {
            let action = pending.removeFirst()
            switch action {
            case .findMatches(let query):
                let matches = try directory.matches(for: query, excluding: scope.visibility)
                pending += machine.handle(.matchesFound(matches))
            case .showMatches(let matches):
                let tap = await trustedAgent.chooseFromAccessButton(for: app, matches: matches)
                // The person may change the app's access while the button waits (the daemon's button waits as
                // long as its page is open): a tap made under another status than the flow started with grants
                // nothing, so a denial in the settings is not undone by a button shown before it.
                let unchanged = try currentStatus(of: app) == scope.status
                pending += machine.handle(.tapped(unchanged ? tap : nil))
            case .askLimitedConsent(let app, let purpose):
                let request = ConsentRequest(app: app, purpose: purpose, style: .limitedOnly)
                let answer = await consentAgent.consent(to: request, candidates: .empty)
                // The same while the prompt waits: a decision made meanwhile elsewhere stands.
                let unchanged = try currentStatus(of: app) == scope.status
                pending += machine.handle(.consentAnswered(unchanged ? answer : nil, at: environment.now()))
            case .record(let decision):
                try repository.change(app.bundleIdentifier) { record in
                    record.status = decision.status
                    record.limitedIdentifiers = decision.limitedIdentifiers
                    record.decidedAt = decision.decidedAt
                    record.displayName = app.displayName
                    record.usageDescription = app.usageDescription
                }
            case .grant(let identifiers):
                try repository.change(app.bundleIdentifier) { $0.limitedIdentifiers.formUnion(identifiers) }
            case .finish(let identifiers):
                granted = identifiers
            }
        }
        return granted
    }

    /// The app's status now, as the flows read it when they start.
    private func currentStatus(of app: AppIdentity) throws(CNError) -> CNAuthorizationStatus {
        AccessScope(accessor: .app(app), record: try repository.record(for: app.bundleIdentifier), policy: policy)
            .status
    }
}
