import ContactsProtocol
import ContactsSystem
import Foundation
import Synchronization

/// The apps waiting for the person's answer, per user: an app's `requestAccess` parks here until the person's
/// agent answers over its own connection, or until the timeout (then the app is not granted and nothing is
/// recorded, so it may ask again, as when nobody can ask).
///
/// The waiting app's connection never sees this list; only a person-agent connection of the same user does
/// (``ConnectionSession``), so an app cannot answer its own prompt.
final class PendingConsents: Sendable {
    /// One app waiting.
    struct Waiting: Sendable {
        var id: UInt64
        var uid: uid_t
        var request: ConsentRequest
        var askedAt: Date
    }

    private struct Entry {
        var waiting: Waiting
        var continuation: CheckedContinuation<ConsentAnswer?, Never>
    }

    private struct Watcher {
        var uid: uid_t
        var notify: @Sendable (Waiting) -> Void
    }

    private struct State {
        var nextID: UInt64 = 1
        var entries: [UInt64: Entry] = [:]
        /// The person's agents told of each new request of their user, by the connection that watches.
        var watchers: [ObjectIdentifier: Watcher] = [:]
    }

    private let state = Mutex(State())
    private let timeout: Duration

    init(timeout: Duration) {
        self.timeout = timeout
    }

    /// The agent an app's store of a user asks through.
    func agent(for uid: uid_t) -> any ConsentAgent {
        PersonConsentAgent(pending: self, uid: uid)
    }

    /// Parks a request until it is answered or times out; nil when it timed out.
    fileprivate func wait(for request: ConsentRequest, uid: uid_t) async -> ConsentAnswer? {
        let id = state.withLock { state -> UInt64 in
            defer { state.nextID += 1 }
            return state.nextID
        }
        let timeout = self.timeout
        return await withCheckedContinuation { continuation in
            let waiting = Waiting(id: id, uid: uid, request: request, askedAt: Date())
            let watchers = state.withLock { state in
                state.entries[id] = Entry(waiting: waiting, continuation: continuation)
                return state.watchers.values.filter { $0.uid == uid }
            }
            for watcher in watchers { watcher.notify(waiting) }
            // A timer on a queue rather than a sleeping task: the timeout must fire even when every thread of
            // Swift's small cooperative pool is blocked (an app's requestAccess once waited forever in the tests
            // because the task that would end it never got a thread).
            let (seconds, attoseconds) = timeout.components
            DispatchQueue.global().asyncAfter(deadline: .now() + Double(seconds) + Double(attoseconds) / 1e18) {
                _ = self.resolve(id, with: nil, uid: nil)
            }
        }
    }

    /// Tells `notify` of every request of a user that waits from now on, until ``unwatch(_:)``; returns those
    /// already waiting. One watch per owner (a connection); a second replaces the first.
    func watch(_ owner: ObjectIdentifier, uid: uid_t, notify: @escaping @Sendable (Waiting) -> Void) -> [Waiting] {
        state.withLock { state in
            state.watchers[owner] = Watcher(uid: uid, notify: notify)
            return state.entries.values.map(\.waiting).filter { $0.uid == uid }.sorted { $0.id < $1.id }
        }
    }

    /// Ends an owner's watch.
    func unwatch(_ owner: ObjectIdentifier) {
        _ = state.withLock { $0.watchers.removeValue(forKey: owner) }
    }

    /// The requests waiting for a user's answer, oldest first.
    func waiting(for uid: uid_t) -> [Waiting] {
        state.withLock { state in
            state.entries.values.map(\.waiting).filter { $0.uid == uid }.sorted { $0.id < $1.id }
        }
    }

    /// Answers a waiting request of a user; false when none has that number (answered, timed out, or another
    /// user's, which reads the same as none).
    @discardableResult
    func answer(_ id: UInt64, with answer: ConsentAnswer, uid: uid_t) -> Bool {
        resolve(id, with: answer, uid: uid)
    }

    /// Resumes a request once: whichever of the answer and the timeout comes first wins.
    private func resolve(_ id: UInt64, with answer: ConsentAnswer?, uid: uid_t?) -> Bool {
        let entry = state.withLock { state -> Entry? in
            guard let entry = state.entries[id], uid == nil || entry.waiting.uid == uid else { return nil }
            state.entries[id] = nil
            return entry
        }
        entry?.continuation.resume(returning: answer)
        return entry != nil
    }
}

/// The consent agent of a user's app stores in the daemon: the person answers through their agent.
private struct PersonConsentAgent: ConsentAgent {
    let pending: PendingConsents
    let uid: uid_t

    func consent(to request: ConsentRequest, candidates: ContactCandidateSource) async -> ConsentAnswer? {
        await pending.wait(for: request, uid: uid)
    }
}

extension Contacts_V1_PendingConsent {
    init(_ waiting: PendingConsents.Waiting) {
        self.init()
        requestID = waiting.id
        bundleIdentifier = waiting.request.app.bundleIdentifier
        displayName = waiting.request.app.displayName
        purpose = waiting.request.purpose
        style = waiting.request.style == .limitedOnly ? 1 : 0
        askedAtMs = Int64((waiting.askedAt.timeIntervalSince1970 * 1000).rounded())
        kind = 0
        page = "requests/\(waiting.id)"
    }
}
