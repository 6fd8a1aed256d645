import Synchronization

@testable import ContactsSync

/// Runs an action just before a sync sends a chosen request, such as killing the server in the middle of an
/// upload; and counts the requests sent by method. Wrap a harness's transport with ``wrap(_:)``.
final class RequestTrigger: Sendable {
    private struct Armed {
        var method: String
        /// Matching requests still to let through before the action runs.
        var skipping: Int
        var action: @Sendable () -> Void
    }

    private struct State {
        var armed: Armed?
        var sent: [String: Int] = [:]
        /// By method and path, for a test that looks at one book of an account.
        var sentTo: [String: Int] = [:]
    }

    private let state = Mutex(State())

    /// Runs `action` once, before the request of `method` that follows `skipping` others of it.
    func arm(method: String, skipping: Int, _ action: @escaping @Sendable () -> Void) {
        state.withLock { $0.armed = Armed(method: method, skipping: skipping, action: action) }
    }

    /// How many requests of a method went out since the last ``resetCounts()``.
    func sent(_ method: String) -> Int {
        state.withLock { $0.sent[method, default: 0] }
    }

    /// How many requests of a method went to a path (a book's, without its final slash) since the last reset.
    func sent(_ method: String, to path: String) -> Int {
        state.withLock { $0.sentTo["\(method) \(path)", default: 0] }
    }

    func resetCounts() {
        state.withLock {
            $0.sent = [:]
            $0.sentTo = [:]
        }
    }

    func wrap(_ transport: any DAVTransport) -> any DAVTransport {
        TriggeredTransport(wrapped: transport, trigger: self)
    }

    /// Counts a request and returns the action to run before it, if it is the chosen one.
    fileprivate func willSend(_ method: String, path: String) -> (@Sendable () -> Void)? {
        state.withLock { state in
            state.sent[method, default: 0] += 1
            state.sentTo["\(method) \(path.hasSuffix("/") ? String(path.dropLast()) : path)", default: 0] += 1
            guard var armed = state.armed, armed.method == method else { return nil }
            if armed.skipping > 0 {
                armed.skipping -= 1
                state.armed = armed
                return nil
            }
            state.armed = nil
            return armed.action
        }
    }
}

private struct TriggeredTransport: DAVTransport {
    let wrapped: any DAVTransport
    let trigger: RequestTrigger

    func send(_ request: DAVRequest) async throws -> DAVResponse {
        // Run outside the lock: the action may block (a process stopping).
        trigger.willSend(request.method, path: request.url.path)?()
        return try await wrapped.send(request)
    }

    func shutdown() async {
        await wrapped.shutdown()
    }
}
