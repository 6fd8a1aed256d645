import ContactsModel

/// What one accessor may do right now: its status, the contacts it sees, and the keys it may use.
///
/// The gate computes a scope once per call (or caches it until the record's generation changes) and asks it
/// every question: may this call touch data at all, may it fetch or save these keys, is this contact visible.
///
/// ```swift
/// let scope = AccessScope(accessor: .app(app), record: record, policy: policy)
/// try scope.requireDataAccess()                       // 100 unless full or limited
/// try scope.requireKeys([CNContactNoteKey])           // 102 without the notes entitlement
/// try scope.requireVisible(identifier)                // 200 for a hidden contact, as if it did not exist
/// ```
///
/// Parity: the rules of APPLE-API.md §18 and §22.D.9, §22.E.
public struct AccessScope: Hashable, Sendable {
    /// The effective status; `.authorized` for the person.
    public var status: CNAuthorizationStatus
    /// The contacts visible to the accessor.
    public var visibility: Visibility
    /// Whether the accessor may read and write `CNContactNoteKey`.
    public var allowsNotes: Bool
    /// The app's bundle identifier; nil for the person.
    public var bundleIdentifier: String?

    /// Creates a scope from its parts.
    public init(status: CNAuthorizationStatus, visibility: Visibility, allowsNotes: Bool, bundleIdentifier: String?) {
        self.status = status
        self.visibility = visibility
        self.allowsNotes = allowsNotes
        self.bundleIdentifier = bundleIdentifier
    }

    /// The person's scope: everything, every key.
    public static let person = AccessScope(
        status: .authorized, visibility: .all, allowsNotes: true, bundleIdentifier: nil)

    /// Computes the scope of an accessor.
    ///
    /// Full access sees everything; limited access sees the shared contacts and the ones the app created;
    /// not determined, denied and restricted see nothing.
    ///
    /// - Parameters:
    ///   - accessor: The person or an app.
    ///   - record: The app's stored record; nil when it has none (not determined).
    ///   - policy: The administrator's restrictions.
    public init(accessor: AccessorIdentity, record: AuthorizationRecord?, policy: AdministratorPolicy) {
        guard case .app(let app) = accessor else {
            self = .person
            return
        }
        let status = policy.effectiveStatus(of: app.bundleIdentifier, stored: record?.status ?? .notDetermined)
        let visibility: Visibility =
            switch status {
            case .authorized: .all
            case .limited: .only((record?.limitedIdentifiers ?? []).union(record?.createdIdentifiers ?? []))
            case .notDetermined, .denied, .restricted: .none
            }
        self.init(
            status: status, visibility: visibility, allowsNotes: app.entitlements.allowsNotes,
            bundleIdentifier: app.bundleIdentifier)
    }

    /// Whether data calls may go ahead: full or limited access.
    public var allowsDataAccess: Bool {
        status == .authorized || status == .limited
    }

    /// Whether contacts this accessor saves must be added to its created set.
    public var recordsCreatedContacts: Bool {
        bundleIdentifier != nil
    }

    /// Throws unless data calls may go ahead.
    ///
    /// A not-determined app asks first (``AuthorizationCoordinator/authorizeDataAccess()``) and gets a new scope.
    ///
    /// - Throws: `CNError.authorizationDenied` (100).
    public func requireDataAccess() throws(CNError) {
        guard allowsDataAccess else { throw CNError(.authorizationDenied) }
    }

    /// Throws when the keys include one the accessor may not use; applies to fetching and to saving.
    ///
    /// The whole call fails, not just the key (APPLE-API.md §22.E.5).
    ///
    /// - Parameter keys: The key strings requested or written.
    /// - Throws: `CNError.unauthorizedKeys` (102) naming the keys in `keyPaths`.
    public func requireKeys<Keys: Sequence<String>>(_ keys: Keys) throws(CNError) {
        let forbidden = unauthorizedKeys(in: keys)
        guard forbidden.isEmpty else {
            throw CNError(.unauthorizedKeys, userInfo: [CNErrorUserInfoKeyPathsKey: forbidden])
        }
    }

    /// The keys of `keys` that the accessor may not use, sorted.
    public func unauthorizedKeys<Keys: Sequence<String>>(in keys: Keys) -> [String] {
        allowsNotes ? [] : Set(keys).intersection([CNContactNoteKey]).sorted()
    }

    /// Throws unless a contact is visible: fetching, updating or deleting a hidden contact behaves as if it did
    /// not exist.
    ///
    /// - Parameter identifier: The contact's identifier.
    /// - Throws: `CNError.recordDoesNotExist` (200) naming the identifier.
    public func requireVisible(_ identifier: String) throws(CNError) {
        guard visibility.contains(identifier) else {
            throw CNError(.recordDoesNotExist, userInfo: [CNErrorUserInfoAffectedRecordIdentifiersKey: [identifier]])
        }
    }

    /// The scope after the accessor created contacts: they are visible from then on.
    public func afterCreating(_ identifiers: Set<String>) -> AccessScope {
        var scope = self
        scope.visibility = visibility.adding(identifiers)
        return scope
    }
}
