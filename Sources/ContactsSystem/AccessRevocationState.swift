import ContactsModel
import ContactsPrivacy

/// Where an app's access stands, to tell whether a change reduced it: the daemon ends a reduced app's data and
/// processes at once (docs/Daemon.md).
package struct AccessRevocationState: Sendable, Equatable {
    /// The app's status; notDetermined without a record.
    package var status: CNAuthorizationStatus
    /// How many changes reduced the app's access so far (``AccessGeneration/revocation``).
    package var revocations: UInt64?

    /// Whether the change from `before` to this state reduced access: the record counted a reduction, or
    /// the record of an app that had access is gone (reset).
    package func isReduction(since before: AccessRevocationState) -> Bool {
        if let now = revocations, let then = before.revocations { return now > then }
        let hadAccess = before.status == .authorized || before.status == .limited
        return revocations == nil && hadAccess
    }
}

extension ContactAccessControls {
    /// An app's status and revocation count now.
    package func revocationState(of bundleIdentifier: String) throws -> AccessRevocationState {
        let record = try service.repository.record(for: bundleIdentifier)
        return AccessRevocationState(
            status: record?.status ?? .notDetermined, revocations: record?.generation.revocation)
    }
}
