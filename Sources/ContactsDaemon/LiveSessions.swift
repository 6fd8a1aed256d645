import Foundation
import Synchronization

/// The identified connections, by user and app, so a change the person makes reaches the app's open
/// connections at once (docs/Daemon.md: reduced access ends the app's data).
final class LiveSessions: Sendable {
    private struct Entry: Sendable {
        var uid: uid_t
        var bundleIdentifier: String
        var session: ConnectionSession
    }

    private let entries = Mutex<[ObjectIdentifier: Entry]>([:])

    func register(_ session: ConnectionSession, uid: uid_t, bundleIdentifier: String) {
        entries.withLock {
            $0[ObjectIdentifier(session)] = Entry(uid: uid, bundleIdentifier: bundleIdentifier, session: session)
        }
    }

    func unregister(_ session: ConnectionSession) {
        _ = entries.withLock { $0.removeValue(forKey: ObjectIdentifier(session)) }
    }

    /// How many connections are registered (tests: a closed connection leaves none behind).
    var count: Int {
        entries.withLock { $0.count }
    }

    /// Every identified connection.
    var all: [ConnectionSession] {
        entries.withLock { $0.values.map(\.session) }
    }

    /// The open connections of a user's apps.
    func sessions(uid: uid_t) -> [ConnectionSession] {
        entries.withLock { entries in entries.values.filter { $0.uid == uid }.map(\.session) }
    }

    /// The open connections of a user's app.
    func sessions(uid: uid_t, bundleIdentifier: String) -> [ConnectionSession] {
        entries.withLock { entries in
            entries.values.filter { $0.uid == uid && $0.bundleIdentifier == bundleIdentifier }.map(\.session)
        }
    }
}
