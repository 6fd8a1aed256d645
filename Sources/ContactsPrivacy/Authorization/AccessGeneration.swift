import ContactsModel

/// Two counters that let an open store notice, on every call, that an app's access changed.
///
/// The repository bumps ``revision`` on every change to a record and ``revocation`` when the change reduced
/// access (``AuthorizationRecord/reducesAccess(comparedTo:)``). An open store remembers the generation it opened
/// with and compares on each call (``checkStillValid(current:)``):
/// - same revocation, same revision: use what it cached;
/// - same revocation, newer revision: access grew (for example a contact was shared); reload the record;
/// - newer revocation: access was reduced; fail every call with `authorizationDenied` (100) until reopened.
///
/// ```swift
/// let opened = record.generation
/// // later, on every call:
/// try opened.checkStillValid(current: repository.record(for: bundle)?.generation)
/// ```
///
/// Parity: our addition; it models "open stores stop returning data at once" when the person reduces access.
public struct AccessGeneration: Hashable, Sendable {
    /// Counts every change to the record.
    public var revision: UInt64
    /// Counts the changes that reduced access.
    public var revocation: UInt64

    /// Creates a generation.
    public init(revision: UInt64 = 0, revocation: UInt64 = 0) {
        self.revision = revision
        self.revocation = revocation
    }

    /// Whether access was reduced since this generation.
    public func isRevoked(by current: AccessGeneration?) -> Bool {
        (current?.revocation ?? 0) != revocation
    }

    /// Throws when access was reduced since this generation.
    ///
    /// - Parameter current: The record's generation now; nil when it has no record (nothing was ever reduced).
    /// - Throws: `CNError.authorizationDenied` (100) when access was reduced.
    public func checkStillValid(current: AccessGeneration?) throws(CNError) {
        if isRevoked(by: current) {
            throw CNError(.authorizationDenied)
        }
    }

    /// The generation after a change, given whether the change reduced access.
    public func advanced(reducingAccess: Bool) -> AccessGeneration {
        AccessGeneration(revision: revision &+ 1, revocation: reducingAccess ? revocation &+ 1 : revocation)
    }
}
