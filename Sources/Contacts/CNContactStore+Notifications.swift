import ContactsClient
import ContactsEngine
import ContactsModel
import Foundation

/// The userInfo keys of `CNContactStoreDidChange`. Apple does not declare them; apps use these strings.
enum ChangeNotificationKey {
    /// `[String]`: the identifiers of the save requests that caused an in-process notification.
    static let saveIdentifiers = "CNNotificationSaveIdentifiersKey"
    /// `[CNContactStore]`: the stores of this process that saved.
    static let sources = "CNNotificationSourcesKey"
    /// `true` when the change came from another process.
    static let originatedExternally = "CNNotificationOriginationExternally"
}

extension CNContactStore {
    /// The watcher of a connection's store file, or nil when the connection cannot be watched.
    static func makeChangeWatcher(for connection: any ContactStoreConnection) -> StoreChangeWatcher? {
        // The daemon pushes its changes (startWatchingExternalChanges); an app has no file to watch.
        guard !(connection is DaemonConnection), let tracking = connection as? any ChangeTrackingConnection else {
            return nil
        }
        return StoreChangeWatcher { tracking.openedStoreURL }
    }

    /// Starts announcing other processes' changes; called once from each initializer.
    func startWatchingExternalChanges() {
        let announce: @Sendable () -> Void = { [weak self] in
            self?.postStoreDidChange(userInfo: [ChangeNotificationKey.originatedExternally: true])
        }
        if let daemon = connection as? DaemonConnection {
            // The daemon's ChangeNotice: another connection (another app, the person) changed the store.
            daemon.onChange(announce)
        } else {
            changeWatcher?.start(handler: announce)
        }
    }

    /// Announces a change this store committed, after the commit and with no lock held, so observers may
    /// call the store from the handler.
    ///
    /// - Parameter saveIdentifiers: The identifiers of the save requests, empty for link changes and imports.
    package func postStoreDidChange(saveIdentifiers: [String]) {
        postStoreDidChange(userInfo: [
            ChangeNotificationKey.saveIdentifiers: saveIdentifiers,
            ChangeNotificationKey.sources: [self],
        ])
    }

    private func postStoreDidChange(userInfo: [String: Any]) {
        NotificationCenter.default.post(name: .CNContactStoreDidChange, object: self, userInfo: userInfo)
    }
}
