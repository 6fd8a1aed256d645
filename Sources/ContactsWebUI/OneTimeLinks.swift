import Foundation
import Synchronization

/// The one-time links the person's agent asked for: each token enters the screens once, for the user it was
/// made for, before it expires.
final class OneTimeLinks: Sendable {
    struct Grant: Sendable {
        var uid: uid_t
        /// The page the link lands on, relative to the root ("", "settings", "requests/7").
        var page: String
    }

    private struct Entry {
        var grant: Grant
        var expires: ContinuousClock.Instant
    }

    private let entries = Mutex<[String: Entry]>([:])
    let lifetime: Duration

    init(lifetime: Duration) {
        self.lifetime = lifetime
    }

    /// A new token for a user's link.
    func issue(_ grant: Grant) -> SecretToken {
        let token = SecretToken()
        let now = ContinuousClock.now
        entries.withLock { entries in
            entries = entries.filter { $0.value.expires > now }
            entries[token.text] = Entry(grant: grant, expires: now + lifetime)
        }
        return token
    }

    /// Consumes a token: its grant the first time, before it expires; nil for a used, expired or unknown one.
    /// The token is removed whatever the outcome, so a replay finds nothing.
    func redeem(_ token: String) -> Grant? {
        let entry = entries.withLock { $0.removeValue(forKey: token) }
        guard let entry, entry.expires > ContinuousClock.now else { return nil }
        return entry.grant
    }
}
