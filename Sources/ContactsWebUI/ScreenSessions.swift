import Foundation
import Synchronization

/// The browser sessions of the person's screens: each bound to the user whose one-time link opened it, with
/// its own CSRF token, and expiring.
final class ScreenSessions: Sendable {
    struct Session: Sendable {
        var uid: uid_t
        var csrf: SecretToken
    }

    private struct Entry {
        var session: Session
        var expires: ContinuousClock.Instant
    }

    private let entries = Mutex<[String: Entry]>([:])
    let lifetime: Duration

    init(lifetime: Duration) {
        self.lifetime = lifetime
    }

    /// Opens a session for a user; returns its id (the cookie's value).
    func open(uid: uid_t) -> SecretToken {
        let id = SecretToken()
        let now = ContinuousClock.now
        entries.withLock { entries in
            entries = entries.filter { $0.value.expires > now }
            entries[id.text] = Entry(session: Session(uid: uid, csrf: SecretToken()), expires: now + lifetime)
        }
        return id
    }

    /// Ends a session.
    func close(_ id: String) {
        _ = entries.withLock { $0.removeValue(forKey: id) }
    }

    /// The live session with this id; nil for an unknown or expired one.
    func session(_ id: String) -> Session? {
        let now = ContinuousClock.now
        return entries.withLock { entries in
            guard let entry = entries[id] else { return nil }
            guard entry.expires > now else {
                entries[id] = nil
                return nil
            }
            return entry.session
        }
    }
}
