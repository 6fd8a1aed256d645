import ContactsModel
import ContactsPrivacy

/// The privacy calls of a connection: status, the consent request, and the person's controls and flows.
///
/// A separate protocol from ``ContactStoreConnection`` so the daemon client can implement it on its own.
package protocol ContactStorePrivacyConnection: Sendable {
    /// The accessor's effective status; never asks. Failures read as not determined.
    func authorizationStatus() -> CNAuthorizationStatus
    /// Asks once, then answers from the record.
    func requestAccess() async -> (granted: Bool, error: CNError?)
    /// The person's controls and the system side of the flows; `authorizationDenied` (100) for an app.
    func privacyService() throws(CNError) -> PrivacyService
}

extension EmbeddedConnection: ContactStorePrivacyConnection {
    package func authorizationStatus() -> CNAuthorizationStatus {
        return (try? gate.status(try? database())) ?? .notDetermined
    }

    package func requestAccess() async -> (granted: Bool, error: CNError?) {
        let database: StoreDatabase
        do {
            database = try self.database()
        } catch {
            return (false, error)
        }
        return await gate.requestAccess(database)
    }

    package func privacyService() throws(CNError) -> PrivacyService {
        let store = try authorized()
        try store.access.requirePerson()
        return PrivacyService(store: store, options: gate.options, policySource: gate.policySource)
    }
}
