import ContactsSystem
import Dispatch
import Foundation
import Synchronization

/// Tells each user's connected apps that their store changed (`ChangeNotice`, docs/Protocol.md), as
/// `CNContactStoreDidChange` tells an embedded app of other processes' saves.
///
/// Two sources: a connection's own committed change (save, link, import), announced at once to the user's other
/// connections; and a commit by another connection to the file (the person's tool, embedded), noticed by
/// polling each open store's ``StoreDatabase/CommitMarker`` every ``pollInterval``, as the embedded watcher
/// polls. Notices carry no data; an app learns what changed from the change history, through the gate.
final class ChangeNotices: Sendable {
    static let pollInterval: DispatchTimeInterval = .milliseconds(250)

    private struct Watch {
        var timer: any DispatchSourceTimer
        var marker: StoreDatabase.CommitMarker?
    }

    private let live: LiveSessions
    private let queue = DispatchQueue(label: "contactsd.change-notices")
    // The timers are made, kept and cancelled under the lock: a Dispatch source is not Sendable.
    private let watches = Mutex<[uid_t: Watch]>([:])

    init(live: LiveSessions) {
        self.live = live
    }

    /// Announces a change a connection committed to its user's other connections.
    func changed(uid: uid_t, by origin: ConnectionSession) {
        for session in live.sessions(uid: uid) where session !== origin {
            session.pushChange()
        }
    }

    /// Starts watching a user's store for other connections' commits; once per store.
    ///
    /// The first marker is read here, as the store opens, not at the timer's first tick: a commit made between
    /// the open and a late first tick (a loaded machine) was taken for the starting point and never announced.
    func watch(_ store: StoreDatabase, uid: uid_t) {
        let start = try? store.commitMarker()
        watches.withLock { watches in
            guard watches[uid] == nil else { return }
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.schedule(deadline: .now(), repeating: Self.pollInterval, leeway: .milliseconds(50))
            timer.setEventHandler { [weak self, weak store] in
                guard let self, let store else { return }
                self.poll(store, uid: uid)
            }
            watches[uid] = Watch(timer: timer, marker: start)
            timer.resume()
        }
    }

    /// Stops every watch (the daemon stops).
    func stop() {
        watches.withLock { watches in
            for watch in watches.values {
                watch.timer.setEventHandler(handler: nil)
                watch.timer.cancel()
            }
            watches.removeAll()
        }
    }

    private func poll(_ store: StoreDatabase, uid: uid_t) {
        // A store busy with a long write makes this wait on the poll queue only.
        guard let marker = try? store.commitMarker() else { return }
        let external = watches.withLock { watches -> Bool in
            guard let previous = watches[uid]?.marker else {
                watches[uid]?.marker = marker
                return false
            }
            watches[uid]?.marker = marker
            return marker.dataVersion != previous.dataVersion && marker.lastTransaction > previous.lastTransaction
        }
        guard external else { return }
        for session in live.sessions(uid: uid) {
            session.pushChange()
        }
    }
}
