import ContactsModel

/// Where authorization records live: SQLite tables in the engine, a dictionary in tests.
///
/// Calls are synchronous and each is atomic: ``update(_:_:)`` reads, changes and writes one record in one
/// transaction. Records are never deleted. Failures are `CNError`s (the engine maps its database errors to
/// `dataAccessError` in one place).
///
/// Use ``change(_:_:)`` rather than ``update(_:_:)`` to change a record: it advances the access generation.
///
/// ```swift
/// let repository = InMemoryPrivacyRepository()
/// try repository.change("com.example.app") { $0.status = .denied }
/// ```
///
/// Parity: our addition.
public protocol PrivacyRepository: Sendable {
    /// The record of an app, or nil when the app never asked and was never configured.
    ///
    /// - Throws: `CNError` when the storage fails.
    func record(for bundleIdentifier: String) throws(CNError) -> AuthorizationRecord?

    /// Every record, sorted by bundle identifier.
    ///
    /// - Throws: `CNError` when the storage fails.
    func records() throws(CNError) -> [AuthorizationRecord]

    /// Reads an app's record (a fresh not-determined one when missing), lets `body` change it, and stores the
    /// result, atomically.
    ///
    /// - Returns: The stored record.
    /// - Throws: `CNError` when the storage fails.
    @discardableResult
    func update(
        _ bundleIdentifier: String,
        _ body: (inout AuthorizationRecord) -> Void
    ) throws(CNError) -> AuthorizationRecord
}

extension PrivacyRepository {
    /// Changes a record and advances its generation: the revision always, the revocation when access shrank.
    ///
    /// - Parameters:
    ///   - bundleIdentifier: The app's bundle identifier.
    ///   - body: Changes the record.
    /// - Returns: The stored record.
    /// - Throws: `CNError` when the storage fails.
    @discardableResult
    public func change(
        _ bundleIdentifier: String,
        _ body: (inout AuthorizationRecord) -> Void
    ) throws(CNError) -> AuthorizationRecord {
        try update(bundleIdentifier) { record in
            let old = record
            body(&record)
            record.bundleIdentifier = old.bundleIdentifier
            record.generation = old.generation
            if record != old {
                record.generation = old.generation.advanced(reducingAccess: record.reducesAccess(comparedTo: old))
            }
        }
    }

    /// The generation of an app's record, for the per-call check of open stores; nil without a record.
    ///
    /// - Throws: `CNError` when the storage fails.
    public func generation(for bundleIdentifier: String) throws(CNError) -> AccessGeneration? {
        try record(for: bundleIdentifier)?.generation
    }

    /// Adds contacts the app created; they stay visible to it from now on.
    ///
    /// - Throws: `CNError` when the storage fails.
    public func recordCreated(_ identifiers: Set<String>, by bundleIdentifier: String) throws(CNError) {
        guard !identifiers.isEmpty else { return }
        try change(bundleIdentifier) { $0.createdIdentifiers.formUnion(identifiers) }
    }
}
