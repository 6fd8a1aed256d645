import ContactsProtocol
import ContactsSystem
import Foundation

// The person's agent's view of their privacy controls (`contacts privacy apps` and `show` in daemon mode): the
// same list the embedded tool and the settings screen show, for the connection's own user (the kernel's uid).
extension ConnectionSession {
    /// Every app with a record in the user's store, named and described as the settings screen shows it: the
    /// name the administrator registered before the one the record kept, the purpose string the record kept
    /// before the registered one (a record the person made before the app ever asked has neither).
    func appAccessList(uid: uid_t) throws(CNError) -> Contacts_V1_AppAccessList {
        let apps: [ContactAccessSummary]
        do {
            apps = try personChanges.personStore(uid: uid).accessControls().apps()
        } catch let error as CNError {
            throw error
        } catch {
            throw CNError(.dataAccessError)
        }
        let registered = configuration.appRegistry.registeredApps()
        var reply = Contacts_V1_AppAccessList()
        reply.apps = apps.map { app in
            var wire = Contacts_V1_AppAccess()
            wire.bundleIdentifier = app.bundleIdentifier
            let entry = registered[app.bundleIdentifier]
            wire.displayName = entry?.displayName ?? app.summary.displayName
            if let purpose = app.summary.usageDescription ?? entry?.purpose { wire.usageDescription = purpose }
            wire.status = Int32(app.status.rawValue)
            wire.restrictedByPolicy = app.summary.isRestrictedByPolicy
            if let decided = app.summary.decidedAt { wire.decidedAtMs = Int64(decided.timeIntervalSince1970 * 1000) }
            wire.sharedCount = UInt32(clamping: app.summary.sharedCount)
            wire.createdCount = UInt32(clamping: app.summary.createdCount)
            wire.visibleCount = UInt32(clamping: app.visibleCount)
            return wire
        }
        return reply
    }
}
