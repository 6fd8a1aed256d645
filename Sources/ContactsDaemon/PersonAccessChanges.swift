import ContactsSystem
import ContactsWebUI
import Foundation

/// The person's changes to an app's access, as the daemon applies them for both of the person's ways in: a
/// person-agent connection's `SetAppAccess` and the settings screen. On a reduction the app's open
/// connections get `AccessRevoked` (their calls fail with 100) and, unless kept, its processes end.
struct PersonAccessChanges: Sendable {
    let configuration: DaemonConfiguration
    let stores: UserStores
    let live: LiveSessions

    /// Applies a change in the user's store.
    ///
    /// - Parameter requester: The connection that asked, spared the revocation (it is the person's agent).
    /// - Returns: Whether access was reduced, and how many processes were terminated.
    func apply(
        _ change: AccessChange, for bundle: String, keepProcesses: Bool, uid: uid_t, requester: ConnectionSession? = nil
    ) throws(CNError) -> (reduced: Bool, terminated: Int) {
        let reduced: Bool
        do {
            let controls = try personStore(uid: uid).accessControls()
            let before = try controls.revocationState(of: bundle)
            switch change {
            case .denied: try controls.setAccess(.denied, for: bundle)
            case .full: try controls.setAccess(.full, for: bundle)
            case .limited(let identifiers): try controls.setAccess(.limited(identifiers), for: bundle)
            case .reset: try controls.reset(bundle)
            case .share(let identifiers): try controls.share(identifiers, with: bundle)
            case .unshare(let identifiers): try controls.unshare(identifiers, from: bundle)
            }
            reduced = try controls.revocationState(of: bundle).isReduction(since: before)
        } catch let error as CNError {
            throw error
        } catch let error as AuthorizationError {
            throw error.cnError
        } catch {
            throw CNError(.dataAccessError)
        }
        guard reduced else { return (false, 0) }
        var terminated = 0
        for session in live.sessions(uid: uid, bundleIdentifier: bundle) where session !== requester {
            if session.revoke(terminate: !keepProcesses) { terminated += 1 }
        }
        return (true, terminated)
    }

    /// The user's store, opened as the person, with the daemon's policy and no process environment.
    func personStore(uid: uid_t) throws(CNError) -> CNContactStore {
        let store = try stores.store(for: uid)
        return CNContactStore(
            connection: EmbeddedConnection(
                sharing: store, accessor: .person,
                privacy: ContactStorePrivacyOptions(
                    environment: configuration.privacyEnvironment,
                    administratorPolicy: configuration.administratorPolicy)),
            // The daemon announces its own changes; a watcher per change would only add a thread.
            watchingChanges: false)
    }
}
