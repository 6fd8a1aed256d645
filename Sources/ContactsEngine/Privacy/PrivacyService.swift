import ContactsModel
import ContactsPrivacy
import GRDB

/// The person's side of privacy over one store: the controls and the picker and button flows.
///
/// Made only from the person's access (``EmbeddedConnection/privacyService()`` checks
/// ``GateAccess/requirePerson()``). The administrator's policy is read at each use, so a change to the policy
/// file applies to the next decision.
package struct PrivacyService: Sendable {
    private let store: AuthorizedStore
    package let options: ContactStorePrivacyOptions
    private let policySource: AdministratorPolicySource

    init(store: AuthorizedStore, options: ContactStorePrivacyOptions, policySource: AdministratorPolicySource) {
        self.store = store
        self.options = options
        self.policySource = policySource
    }

    /// The administrator's policy now.
    package var policy: AdministratorPolicy { policySource.current() }

    package var repository: SQLitePrivacyRepository { SQLitePrivacyRepository(store: store) }

    package var controls: PrivacyControls {
        PrivacyControls(repository: repository, policy: policy, environment: options.resolvedEnvironment)
    }

    /// The flows, with a trusted agent (the options' one when nil is passed).
    package func flows(trustedAgent: (any TrustedAgent)?) -> ContactAccessFlows {
        ContactAccessFlows(
            repository: repository,
            directory: StoreContactDirectory(store: store),
            trustedAgent: trustedAgent ?? options.trustedAgent ?? CancellingTrustedAgent(),
            consentAgent: options.resolvedConsentAgent(),
            policy: policy,
            environment: options.resolvedEnvironment
        )
    }

    /// Counts how many of a set of contact identifiers exist in the store.
    package func existingCount(_ identifiers: Set<String>) -> Int {
        guard !identifiers.isEmpty else { return 0 }
        let list = JSONList.encode(Array(identifiers))
        let count = try? store.read { db in
            try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM contact WHERE identifier IN (SELECT value FROM json_each(?))",
                arguments: [list])
        }
        return count.flatMap { $0 } ?? 0
    }

    /// How many contacts an app sees now: every contact under full access, its set under limited access.
    package func visibleCount(of summary: AppAccessSummary, appID: Int64?) -> Int {
        switch summary.status {
        case .authorized:
            return (try? store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM contact") ?? 0 }) ?? 0
        case .limited:
            guard let appID else { return 0 }
            let visible = VisibleContacts(appID: appID)
            let sql = "SELECT COUNT(*) FROM contact WHERE \(visible.contactCondition.sql)"
            return (try? store.read { db in try Int.fetchOne(db, sql: sql) ?? 0 }) ?? 0
        default:
            return 0
        }
    }
}

/// The trusted agent when none is configured: the person never sees anything, so every flow is cancelled.
struct CancellingTrustedAgent: TrustedAgent {
    func pickContacts(for app: AppIdentity, request: ContactPickerRequest, candidates: [ContactCandidate]) async
        -> ContactPickerChoice
    { .cancelled }

    func editSharedContacts(for app: AppIdentity, shared: Set<String>, candidates: [ContactCandidate]) async
        -> Set<String>?
    { nil }

    func chooseFromAccessButton(for app: AppIdentity, matches: [ContactCandidate]) async -> AccessButtonTap? { nil }
}
