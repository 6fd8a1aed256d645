import Foundation
import Synchronization

/// Requests parked for the person, per user: each waits until the person answers it, its app's connection goes
/// away, or its timeout passes, whichever comes first, and is resumed exactly once. The consent prompts
/// (``PendingConsents``) and the pickers (``PendingPickers``) are two kinds of it.
///
/// A person-agent connection may watch a user's requests: it is told of each new one, never of its answer.
final class WaitingRequests<Item: Sendable, Answer: Sendable>: Sendable {
    /// One request waiting.
    struct Waiting: Sendable {
        var id: UInt64
        var uid: uid_t
        /// The app's connection that waits, when it is to be cancelled with that connection.
        var owner: ObjectIdentifier?
        var item: Item
        var askedAt: Date
    }

    private struct Entry {
        var waiting: Waiting
        var continuation: CheckedContinuation<Answer?, Never>
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

    /// Parks a request until it is answered, cancelled or timed out; nil unless answered.
    ///
    /// - Parameter item: Makes the request's contents from the number it is given.
    func wait(uid: uid_t, owner: ObjectIdentifier? = nil, _ item: (UInt64) -> Item) async -> Answer? {
        let id = state.withLock { state -> UInt64 in
            defer { state.nextID += 1 }
            return state.nextID
        }
        let waiting = Waiting(id: id, uid: uid, owner: owner, item: item(id), askedAt: Date())
        let timeout = self.timeout
        return await withCheckedContinuation { continuation in
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
    /// already waiting, oldest first. One watch per owner (a connection); a second replaces the first.
    func watch(_ owner: ObjectIdentifier, uid: uid_t, notify: @escaping @Sendable (Waiting) -> Void) -> [Waiting] {
        state.withLock { state in
            state.watchers[owner] = Watcher(uid: uid, notify: notify)
            return Self.waiting(in: state, uid: uid)
        }
    }

    /// Ends an owner's watch.
    func unwatch(_ owner: ObjectIdentifier) {
        _ = state.withLock { $0.watchers.removeValue(forKey: owner) }
    }

    /// The requests waiting for a user, oldest first.
    func waiting(for uid: uid_t) -> [Waiting] {
        state.withLock { Self.waiting(in: $0, uid: uid) }
    }

    private static func waiting(in state: borrowing State, uid: uid_t) -> [Waiting] {
        state.entries.values.map(\.waiting).filter { $0.uid == uid }.sorted { $0.id < $1.id }
    }

    /// Answers a waiting request of a user; false when none has that number (answered, timed out, or another
    /// user's, which reads the same as none).
    @discardableResult
    func answer(_ id: UInt64, with answer: Answer, uid: uid_t) -> Bool {
        resolve(id, with: answer, uid: uid)
    }

    /// Cancels every request a connection waits for: the app went away, so the person is not asked for nothing.
    func cancelAll(of owner: ObjectIdentifier) {
        let ids = state.withLock { state in
            state.entries.values.filter { $0.waiting.owner == owner }.map(\.waiting.id)
        }
        for id in ids { _ = resolve(id, with: nil, uid: nil) }
    }

    /// Resumes a request once: whichever of the answer, the cancellation and the timeout comes first wins.
    private func resolve(_ id: UInt64, with answer: Answer?, uid: uid_t?) -> Bool {
        let entry = state.withLock { state -> Entry? in
            guard let entry = state.entries[id], uid == nil || entry.waiting.uid == uid else { return nil }
            state.entries[id] = nil
            return entry
        }
        entry?.continuation.resume(returning: answer)
        return entry != nil
    }
}
