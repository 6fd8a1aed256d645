import ContactsModel
import ContactsPrivacy

/// Proof that the privacy gate let a call through, and the scope it let through: the only key to the database.
///
/// `StoreDatabase` keeps its connection pool private and opens a read or a write only for a `GateAccess`
/// (``StoreDatabase/read(_:_:)``), and every entry point of the engine is a method of ``AuthorizedStore``, which
/// holds one. A `GateAccess` cannot be made outside this file: its initializer is file-private, and the only
/// functions here that call it are ``PrivacyGate/authorize(_:)`` (after identity, status, policy and revocation
/// checks) and the gate's own bookkeeping access. So code that reads or writes contacts without passing the gate
/// does not compile, and the scope (the limited app's visible set, its notes entitlement) travels with the key
/// instead of being a field a caller could forget to set.
package struct GateAccess: Sendable {
    /// Who the call is for.
    package enum Scope: Sendable {
        /// The person, or the system acting for them: everything, every key.
        case person
        /// An app with full (`visibility` nil) or limited access.
        case app(AppIdentity, appID: Int64, visibility: VisibleContacts?)
        /// The gate reading and writing authorization records (never contact data for an app).
        case gateBookkeeping
    }

    /// Who the call is for.
    package let scope: Scope

    // File-private: only the gate, below, mints access.
    fileprivate init(_ scope: Scope) {
        self.scope = scope
    }

    /// The limited app's visible set; nil for full access and the person.
    package var visibility: VisibleContacts? {
        if case .app(_, _, let visibility) = scope { visibility } else { nil }
    }

    /// The app, or nil for the person and the gate.
    package var app: AppIdentity? {
        if case .app(let app, _, _) = scope { app } else { nil }
    }

    /// Whether the caller may read and write notes: the person, or an app with the notes entitlement.
    package var allowsNotes: Bool {
        app?.entitlements.allowsNotes ?? true
    }

    /// The rules for the app's saves and imports; nil for the person.
    package var saveGate: SaveGate? {
        guard case .app(let app, let appID, let visibility) = scope else { return nil }
        return SaveGate(appID: appID, visibility: visibility, allowsNotes: app.entitlements.allowsNotes)
    }

    /// Throws `unauthorizedKeys` (102) when a fetch asks for the note without the notes entitlement.
    package func requireKeys(_ keys: ContactKeySet) throws(CNError) {
        guard case .app(let app, _, _) = scope, !app.entitlements.allowsNotes, keys.contains(.note) else { return }
        throw CNError(.unauthorizedKeys, userInfo: [CNErrorUserInfoKeyPathsKey: [CNContactNoteKey]])
    }

    /// Throws `authorizationDenied` (100) unless the person is calling: account management and the privacy
    /// controls are theirs.
    package func requirePerson() throws(CNError) {
        guard case .person = scope else { throw CNError(.authorizationDenied) }
    }
}

extension PrivacyGate {
    /// Lets a data call through, or throws `authorizationDenied` (100).
    ///
    /// Reads the app's row (one indexed read) and the administrator's policy, checks that access was not reduced
    /// since the store first touched data, and while the status is not determined asks the person and waits.
    /// The person passes without checks.
    ///
    /// - Parameter database: The open store.
    /// - Returns: The store, scoped to what the caller may see.
    /// - Throws: `CNError.authorizationDenied` (100) when denied, restricted, reduced since opening, or when
    ///   nobody could ask; `CNError.dataAccessError` (2) when the records cannot be read.
    package func authorize(_ database: StoreDatabase) throws(CNError) -> AuthorizedStore {
        guard case .app(let app) = accessor() else { return AuthorizedStore(database, GateAccess(.person)) }
        let repository = repository(database)
        var current = try repository.state(for: app.bundleIdentifier)
        try checkGeneration(current?.generation)
        var status = policy.effectiveStatus(of: app.bundleIdentifier, stored: current?.status ?? .notDetermined)
        if status == .notDetermined {
            try askPerson(app, database: database)
            current = try repository.state(for: app.bundleIdentifier)
            status = policy.effectiveStatus(of: app.bundleIdentifier, stored: current?.status ?? .notDetermined)
        }
        guard let current, status == .authorized || status == .limited else {
            throw CNError(.authorizationDenied)
        }
        let visibility = status == .limited ? VisibleContacts(appID: current.appID) : nil
        return AuthorizedStore(database, GateAccess(.app(app, appID: current.appID, visibility: visibility)))
    }

    /// The authorization records of a store, for the gate's own decisions.
    func repository(_ database: StoreDatabase) -> SQLitePrivacyRepository {
        SQLitePrivacyRepository(store: AuthorizedStore(database, GateAccess(.gateBookkeeping)))
    }

    /// What the trusted agent may show the person while the gate asks: every contact, never the app.
    func directory(_ database: StoreDatabase) -> StoreContactDirectory {
        StoreContactDirectory(store: AuthorizedStore(database, GateAccess(.person)))
    }
}
