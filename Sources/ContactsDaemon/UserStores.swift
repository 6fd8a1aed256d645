import ContactsSystem
import Foundation
import Synchronization

/// The open store of each human user, opened on their first connection and shared by all their apps'
/// connections (one GRDB pool per store file, as the engine expects).
final class UserStores: Sendable {
    private let configuration: DaemonConfiguration
    private let notices: ChangeNotices
    private let stores = Mutex<[uid_t: StoreDatabase]>([:])

    init(configuration: DaemonConfiguration, notices: ChangeNotices) {
        self.configuration = configuration
        self.notices = notices
    }

    /// The store of a user, opened (and created, mode 0600 in a 0700 directory) when needed.
    func store(for uid: uid_t) throws(CNError) -> StoreDatabase {
        try stores.withLock { (stores: inout [uid_t: StoreDatabase]) throws(CNError) -> StoreDatabase in
            if let store = stores[uid] { return store }
            let url = configuration.storeURL(for: uid)
            ImportUpload.removeLeftovers(in: url.deletingLastPathComponent())
            do throws(StoreError) {
                var settings = ContactStoreConfiguration(url: url)
                settings.localeIdentifier = configuration.localeIdentifier
                settings.memoryMapSize = configuration.storeMemoryMapSize
                let store = try StoreDatabase.open(settings)
                stores[uid] = store
                notices.watch(store, uid: uid)
                return store
            } catch {
                throw error.contactsError
            }
        }
    }
}
