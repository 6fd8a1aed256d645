import Contacts
import ContactsEngine
import ContactsModel
import ContactsPrivacy
import Foundation

/// The person's privacy controls and the system side of the pickers and the access button, over a store.
///
/// Only the person may use it: get it from a store opened with `accessor: .person` (the default of
/// `ContactStoreConfiguration(url:)`); an app's store throws `CNError.authorizationDenied` (100). The
/// `contacts` tool, and later the daemon and its UI, drive it.
///
/// ```swift
/// let person = CNContactStore(configuration: ContactStoreConfiguration(url: url))
/// let privacy = try person.accessControls()
/// try privacy.setAccess(.limited([ann.identifier]), for: "com.example.app")
/// for app in try privacy.apps() { print(app.bundleIdentifier, app.status, app.visibleCount) }
/// ```
///
/// Changes that reduce an app's access (less than before: full to limited, a contact unshared, denied,
/// reset, restricted) make the app's open stores fail every call with 100 until it opens a new store.
///
/// Parity: our addition; Apple's Settings > Privacy > Contacts, `tccutil reset`, and the out-of-process
/// pickers of ContactsUI.
public struct ContactAccessControls: Sendable {
    let service: PrivacyService

    init(service: PrivacyService) {
        self.service = service
    }

    // MARK: The person's controls

    /// Every app with a record, sorted by bundle identifier, with how many contacts it sees.
    ///
    /// - Returns: One entry per app; counts include only contacts that still exist.
    /// - Throws: ``AuthorizationError`` `storageFailed`.
    public func apps() throws -> [ContactAccessSummary] {
        let records = try service.repository.records()
        let summaries = try service.controls.list(existing: service.existingCount)
        let ids = Dictionary(
            uniqueKeysWithValues: records.compactMap { record in
                (try? service.repository.state(for: record.bundleIdentifier)).flatMap { state in
                    state.map { (record.bundleIdentifier, $0.appID) }
                }
            })
        return summaries.map { summary in
            ContactAccessSummary(
                summary: summary,
                visibleCount: service.visibleCount(of: summary, appID: ids[summary.bundleIdentifier]))
        }
    }

    /// Sets an app to full, limited (with exactly these shared contacts) or denied access.
    ///
    /// - Throws: ``AuthorizationError`` `restrictedByAdministrator` for a restricted app, `storageFailed`.
    public func setAccess(_ choice: AccessChoice, for bundleIdentifier: String) throws {
        try service.controls.setAccess(choice, for: bundleIdentifier)
    }

    /// Shares more contacts with an app; they count while it has limited access.
    ///
    /// - Throws: ``AuthorizationError`` `restrictedByAdministrator`, `storageFailed`.
    public func share(_ identifiers: Set<String>, with bundleIdentifier: String) throws {
        try service.controls.share(identifiers, with: bundleIdentifier)
    }

    /// Stops sharing contacts with an app.
    ///
    /// - Throws: ``AuthorizationError`` `restrictedByAdministrator`, `storageFailed`.
    public func unshare(_ identifiers: Set<String>, from bundleIdentifier: String) throws {
        try service.controls.unshare(identifiers, from: bundleIdentifier)
    }

    /// Resets an app to not determined so it is asked again; its shared set is cleared, created contacts stay.
    ///
    /// - Throws: ``AuthorizationError`` `storageFailed`.
    public func reset(_ bundleIdentifier: String) throws {
        try service.controls.reset(bundleIdentifier)
    }

    /// Restricts an app, as an administrator: it is never asked and sees nothing until reset.
    ///
    /// - Throws: ``AuthorizationError`` `storageFailed`.
    public func restrict(_ bundleIdentifier: String) throws {
        try service.controls.restrict(bundleIdentifier)
    }

    // MARK: Pickers and the access button (system side)

    /// Runs the one-time contact picker for an app: the person picks; the app gets a snapshot, no grant.
    ///
    /// Works whatever the app's status, denied included. The snapshot holds the name keys and the request's
    /// displayed keys only (the note only with the notes entitlement).
    ///
    /// - Parameters:
    ///   - app: The app that opened the picker.
    ///   - request: The picker's configuration.
    ///   - trustedAgent: Shows the contacts to the person; nil uses the configuration's.
    /// - Returns: What the app's delegate receives.
    /// - Throws: `CNError.dataAccessError` (2) when the store fails.
    public func pickContacts(
        for app: AppIdentity,
        request: ContactPickerRequest,
        trustedAgent: (any TrustedAgent)? = nil
    ) async throws -> ContactPickerResponse {
        try await service.flows(trustedAgent: trustedAgent).pickContacts(for: app, request: request)
    }

    /// Runs the contact access picker: the person edits the app's shared set.
    ///
    /// - Returns: The newly shared identifiers, sorted; empty unless the app has limited access.
    /// - Throws: `CNError.dataAccessError` (2) when the store fails.
    public func presentAccessPicker(for app: AppIdentity, trustedAgent: (any TrustedAgent)? = nil) async throws
        -> [String]
    {
        try await service.flows(trustedAgent: trustedAgent).presentAccessPicker(for: app)
    }

    /// Runs the contact access button: matches among contacts the app cannot see go to the person only.
    ///
    /// Full access shows nothing; not determined asks the simplified limited prompt after the tap; denied and
    /// restricted show nothing.
    ///
    /// - Returns: The newly granted identifiers for the app's approval callback, sorted.
    /// - Throws: `CNError.dataAccessError` (2) when the store fails.
    public func runAccessButton(
        for app: AppIdentity,
        query: AccessButtonQuery,
        trustedAgent: (any TrustedAgent)? = nil
    ) async throws -> [String] {
        try await service.flows(trustedAgent: trustedAgent).runAccessButton(for: app, query: query)
    }
}

extension CNContactStore {
    /// The person's privacy controls and flows over this store. Our addition.
    ///
    /// ```swift
    /// let privacy = try CNContactStore(configuration: ContactStoreConfiguration(url: url)).accessControls()
    /// try privacy.reset("com.example.app")
    /// ```
    ///
    /// - Returns: The controls.
    /// - Throws: `CNError.authorizationDenied` (100) when the store belongs to an app;
    ///   `CNError.dataAccessError` (2) when the file cannot be opened.
    ///
    /// Parity: our addition.
    public func accessControls() throws -> ContactAccessControls {
        guard let privacy = connection as? any ContactStorePrivacyConnection else {
            throw CNError(.authorizationDenied)
        }
        return ContactAccessControls(service: try privacy.privacyService())
    }
}
