import Foundation
import Synchronization

/// The per-load secrets of the contact access button's frames: each page load of a frame in the person's
/// browser gets one, and a tap's POST must carry it. Single use, bound to the session and the user, expiring.
///
/// The secret exists only in the frame's page, which the embedding page cannot read (another origin) and the
/// app cannot get (the frame holds it only for a browser that sends the person's button cookie). So a tap POST
/// with it comes from a frame the person's browser loaded; a replayed one finds the secret spent.
final class AccessButtonSecrets: Sendable {
    private struct Entry {
        var session: String
        var uid: uid_t
        var expires: ContinuousClock.Instant
    }

    /// Enough for many frames open at once; beyond it the oldest secret goes first.
    static let capacity = 4096
    private let entries = Mutex<[String: Entry]>([:])
    let lifetime: Duration

    init(lifetime: Duration) {
        self.lifetime = lifetime
    }

    /// A new secret for one load of a session's frame, by a user's browser.
    func issue(session: String, uid: uid_t) -> String {
        let secret = SecretToken().text
        let now = ContinuousClock.now
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries = entries.filter { $0.value.expires > now } }
            if entries.count >= Self.capacity, let oldest = entries.min(by: { $0.value.expires < $1.value.expires }) {
                entries[oldest.key] = nil
            }
            entries[secret] = Entry(session: session, uid: uid, expires: now + lifetime)
        }
        return secret
    }

    /// Spends a secret: true once, for the session and user it was issued to, before it expires. The secret is
    /// removed whatever the outcome, so a second use (a replay) fails.
    func redeem(_ secret: String, session: String, uid: uid_t) -> Bool {
        guard secret.utf8.count == 64 else { return false }
        let entry = entries.withLock { $0.removeValue(forKey: secret) }
        guard let entry, entry.expires > ContinuousClock.now else { return false }
        return entry.session == session && entry.uid == uid
    }
}
