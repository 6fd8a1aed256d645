import ContactsModel
import Foundation

/// The person's controls over every app's access, and the administrator's restriction, over a repository.
///
/// Every change goes through ``PrivacyRepository/change(_:_:)``, so a change that reduces an app's access
/// advances its revocation generation and the app's open stores fail with `authorizationDenied` (100) until
/// reopened (see ``AccessGeneration``). Running apps also get the new status through
/// ``AuthorizationCoordinator``, which rereads the repository on every call.
///
/// ```swift
/// let controls = PrivacyControls(repository: repository, policy: policy, environment: .live)
/// try controls.setAccess(.limited(["A:ABPerson"]), for: "com.example.app")
/// try controls.list().map(\.status)
/// ```
///
/// Parity: our addition; Apple's Settings app and `tccutil reset`.
public struct PrivacyControls: Sendable {
    private let repository: any PrivacyRepository
    private let policy: AdministratorPolicy
    private let environment: PrivacyEnvironment

    /// Creates the controls.
    ///
    /// - Parameters:
    ///   - repository: Where records are stored.
    ///   - policy: The administrator's policy file.
    ///   - environment: Supplies the time of decisions.
    public init(repository: any PrivacyRepository, policy: AdministratorPolicy, environment: PrivacyEnvironment) {
        self.repository = repository
        self.policy = policy
        self.environment = environment
    }

    /// Every app with a record, sorted by bundle identifier.
    ///
    /// - Parameter existing: Counts how many of a set of contact identifiers still exist; by default every
    ///   identifier counts (the repository does not know which contacts were deleted).
    /// - Returns: One summary per app.
    /// - Throws: ``AuthorizationError`` `storageFailed`.
    public func list(existing: (Set<String>) -> Int = { $0.count }) throws(AuthorizationError) -> [AppAccessSummary] {
        try storage { () throws(CNError) in try repository.records() }.map { record in
            let restricted = policy.restricts(record.bundleIdentifier)
            return AppAccessSummary(
                bundleIdentifier: record.bundleIdentifier,
                displayName: record.displayName ?? record.bundleIdentifier,
                usageDescription: record.usageDescription,
                status: restricted ? .restricted : record.status,
                isRestrictedByPolicy: restricted,
                decidedAt: record.decidedAt,
                sharedCount: existing(record.limitedIdentifiers),
                createdCount: existing(record.createdIdentifiers)
            )
        }
    }

    /// Sets an app to full, limited (with its shared set) or denied access.
    ///
    /// - Throws: ``AuthorizationError`` `restrictedByAdministrator` for a restricted app, `storageFailed`.
    @discardableResult
    public func setAccess(_ choice: AccessChoice, for bundleIdentifier: String) throws(AuthorizationError)
        -> AuthorizationRecord
    {
        let now = environment.now()
        return try changeUnrestricted(bundleIdentifier) { record in
            switch choice {
            case .full: record.status = .authorized
            case .limited(let identifiers):
                record.status = .limited
                record.limitedIdentifiers = identifiers
            case .denied: record.status = .denied
            }
            record.decidedAt = now
        }
    }

    /// Adds contacts to an app's shared set; they count once the app has limited access.
    ///
    /// - Throws: ``AuthorizationError`` `restrictedByAdministrator`, `storageFailed`.
    @discardableResult
    public func share(_ identifiers: Set<String>, with bundleIdentifier: String) throws(AuthorizationError)
        -> AuthorizationRecord
    {
        try changeUnrestricted(bundleIdentifier) { $0.limitedIdentifiers.formUnion(identifiers) }
    }

    /// Removes contacts from an app's shared set.
    ///
    /// - Throws: ``AuthorizationError`` `restrictedByAdministrator`, `storageFailed`.
    @discardableResult
    public func unshare(_ identifiers: Set<String>, from bundleIdentifier: String) throws(AuthorizationError)
        -> AuthorizationRecord
    {
        try changeUnrestricted(bundleIdentifier) { $0.limitedIdentifiers.subtract(identifiers) }
    }

    /// Resets an app to not determined, so it is asked again; the shared set is cleared, created contacts stay.
    ///
    /// Also lifts a restriction made with ``restrict(_:)``; the policy file's restrictions stay.
    ///
    /// - Throws: ``AuthorizationError`` `storageFailed`.
    @discardableResult
    public func reset(_ bundleIdentifier: String) throws(AuthorizationError) -> AuthorizationRecord {
        try storage { () throws(CNError) in
            try repository.change(bundleIdentifier) { record in
                record.status = .notDetermined
                record.decidedAt = nil
                record.limitedIdentifiers = []
            }
        }
    }

    /// Restricts an app, as an administrator: it is never asked and sees nothing.
    ///
    /// - Throws: ``AuthorizationError`` `storageFailed`.
    @discardableResult
    public func restrict(_ bundleIdentifier: String) throws(AuthorizationError) -> AuthorizationRecord {
        let now = environment.now()
        return try storage { () throws(CNError) in
            try repository.change(bundleIdentifier) { record in
                record.status = .restricted
                record.decidedAt = now
            }
        }
    }

    private func changeUnrestricted(
        _ bundleIdentifier: String,
        _ body: (inout AuthorizationRecord) -> Void
    ) throws(AuthorizationError) -> AuthorizationRecord {
        let stored = try storage { () throws(CNError) in try repository.record(for: bundleIdentifier) }
        if policy.restricts(bundleIdentifier) || stored?.status == .restricted {
            throw AuthorizationError(
                .restrictedByAdministrator, message: "\(bundleIdentifier) is restricted by an administrator.")
        }
        return try storage { () throws(CNError) in try repository.change(bundleIdentifier, body) }
    }

    private func storage<Result>(_ body: () throws(CNError) -> Result) throws(AuthorizationError) -> Result {
        do {
            return try body()
        } catch {
            throw AuthorizationError(.storageFailed, message: "The privacy repository failed.", cause: error)
        }
    }
}
