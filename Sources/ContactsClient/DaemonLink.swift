import ContactsModel
import ContactsProtocol
import Foundation

/// One connection to contactsd: the socket, the thread that reads it, and the replies waiting for their callers.
///
/// The protocol lets replies interleave (docs/Protocol.md): a stream's batches, a `requestAccess` answered
/// minutes later, and messages the daemon pushes with id 0. So one thread per connection reads every frame and
/// files it under its request id; a caller waits for its own id only, and many calls (an enumeration block
/// calling the store again, another thread) share the connection. Pushes go to ``onPush`` on a queue of
/// their own, so an observer that calls the store does not wait on the thread that must read its reply.
final class DaemonLink: @unchecked Sendable {
    // SAFETY: `mailboxes` and `failure` are touched only while `condition` is locked; `socket` is written by
    // one thread at a time (`writeLock`) and read by the reader thread alone.

    private let socket: DaemonSocket
    private let condition = NSCondition()
    private let writeLock = NSLock()
    /// The replies of the requests being waited for; a reply for any other id (a cancelled stream's tail) is dropped.
    private var mailboxes: [UInt64: [Contacts_V1_ServerMessage]] = [:]
    private var failure: CNError?
    private let pushes = DispatchQueue(label: "contacts.daemon-pushes")
    private let onPush: @Sendable (Contacts_V1_ServerMessage) -> Void

    /// Connects and starts reading.
    init(path: String, onPush: @escaping @Sendable (Contacts_V1_ServerMessage) -> Void) throws(CNError) {
        socket = try DaemonSocket(path: path)
        self.onPush = onPush
        // A thread of its own, not Dispatch's or Swift's pools: it blocks in recv(2) for the link's lifetime.
        let thread = Thread { [self] in read() }
        thread.name = "contacts.daemon-reader"
        thread.start()
    }

    /// Whether the connection broke; a broken link is replaced by the next call.
    var isBroken: Bool {
        condition.locked { failure != nil }
    }

    /// Ends the connection; the reader thread returns and waiters get an error.
    func shutDown() {
        socket.shutDown()
    }

    /// Starts waiting for the replies of a request id; call before sending it.
    func expect(_ id: UInt64) {
        condition.locked { mailboxes[id] = [] }
    }

    /// Stops waiting for a request's replies; later ones are dropped.
    func forget(_ id: UInt64) {
        condition.locked { _ = mailboxes.removeValue(forKey: id) }
    }

    /// Writes one message.
    func send(_ message: Contacts_V1_ClientMessage) throws(CNError) {
        let bytes: [UInt8]
        do {
            bytes = try Frame.encode(message)
        } catch {
            throw CNError(
                .dataAccessError, userInfo: [NSDebugDescriptionErrorKey: "a request is too large for contactsd"])
        }
        writeLock.lock()
        defer { writeLock.unlock() }
        do throws(CNError) {
            try socket.write(bytes)
        } catch {
            socket.shutDown()
            throw error
        }
    }

    /// The next reply to a request, waiting for it; an `Error` reply is thrown.
    func next(_ id: UInt64) throws(CNError) -> Contacts_V1_ServerMessage.OneOf_Body {
        let message = try condition.locked { () throws(CNError) -> Contacts_V1_ServerMessage in
            while true {
                if let first = mailboxes[id]?.first {
                    mailboxes[id]?.removeFirst()
                    return first
                }
                if let failure { throw failure }
                guard mailboxes[id] != nil else { throw DaemonConnection.unexpected }
                condition.wait()
            }
        }
        if case .error(let error) = message.body { throw CNError(wire: error) }
        guard let body = message.body else { throw DaemonConnection.unexpected }
        return body
    }

    /// The reader thread: files each frame under its id until the connection ends.
    private func read() {
        while true {
            let message: Contacts_V1_ServerMessage
            do {
                let frame = try socket.readFrame()
                message = try Contacts_V1_ServerMessage(serializedBytes: frame)
            } catch {
                fail((error as? CNError) ?? DaemonConnection.unexpected)
                return
            }
            if message.id == 0 {
                if case .error(let error) = message.body {
                    // A broken frame: the daemon closes the connection after telling why.
                    fail(CNError(wire: error))
                    return
                }
                let onPush = self.onPush
                pushes.async { onPush(message) }
                continue
            }
            condition.locked {
                guard mailboxes[message.id] != nil else { return }
                mailboxes[message.id]?.append(message)
                condition.broadcast()
            }
        }
    }

    private func fail(_ error: CNError) {
        condition.locked {
            if failure == nil { failure = error }
            condition.broadcast()
        }
    }
}

extension NSCondition {
    fileprivate func locked<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
