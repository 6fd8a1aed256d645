import ContactsModel
import ContactsPrivacy
import GRDB

/// An app's row in `app` without its identifier sets: what the gate reads on every call.
package struct AppAccessState: Hashable, Sendable {
    /// The row id that `app_grant` and `app_created` refer to.
    package var appID: Int64
    /// The stored status (the administrator's policy file may still restrict the app).
    package var status: CNAuthorizationStatus
    /// The access generation.
    package var generation: AccessGeneration

    static func fetch(_ bundleIdentifier: String, in db: Database) throws -> AppAccessState? {
        let statement = try db.cachedStatement(
            sql: "SELECT id, status, revision, revocation FROM app WHERE bundle_identifier = ?")
        guard let row = try Row.fetchOne(statement, arguments: [bundleIdentifier]) else { return nil }
        let revision: Int64 = row[2]
        let revocation: Int64 = row[3]
        return AppAccessState(
            appID: row[0],
            status: CNAuthorizationStatus(rawValue: row[1]) ?? .denied,
            generation: AccessGeneration(
                revision: UInt64(bitPattern: revision), revocation: UInt64(bitPattern: revocation))
        )
    }
}
