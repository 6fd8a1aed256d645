import ContactsModel
import ContactsProtocol
import Foundation

/// One connection to contactsd: the socket, whoever reads it, and the replies waiting for their callers.
///
/// The protocol lets replies interleave (docs/Protocol.md): a stream's batches, a `requestAccess` answered
/// minutes later, and messages the daemon pushes with id 0. So whoever reads the socket files each frame under
/// its request id, and a caller waits for its own id only; many calls (an enumeration block calling the store
/// again, another thread) share the connection.
///
/// Who reads: a caller waiting for a reply reads the socket itself while no other thread does, so its reply
/// wakes it directly rather than a reader thread that then wakes it (one thread hand-off less per call,
/// docs/Daemon.md, "Performance"). While no call has waited for ``idleDelay``, a thread of the link's reads
/// instead, so pushes (`ChangeNotice`, `AccessRevoked`) arrive when the app makes no calls; a caller that
/// comes while it waits in poll(2) wakes it through a second descriptor, and reads its own reply. Pushes go to
/// ``onPush`` on a queue of their own, so an observer that calls the store does not wait on the thread that
/// must read its reply.
final class DaemonLink: @unchecked Sendable {
    // SAFETY: every `var` is touched only while `condition` is locked; `socket` is written by one thread at a
    // time (`writeLock`) and read only by the thread that holds the reading turn (`reading`, taken and given
    // back under `condition`).

    /// How long a connection is quiet before the link's own thread reads it: short enough that a push waits
    /// at most this long, long enough that back-to-back calls never hand the socket to it and back.
    static let idleDelay: UInt64 = 2_000_000

    private let socket: DaemonSocket
    private let waker: DaemonWaker
    private let condition = NSCondition()
    private let writeLock = NSLock()
    /// The replies of the requests being waited for; a reply for any other id (a cancelled stream's tail) is dropped.
    private var mailboxes: [UInt64: [Reply]] = [:]
    private var failure: CNError?
    /// Whether a thread has the reading turn (a caller, or the link's thread).
    private var reading = false
    /// Whether the link's thread has the turn and waits in poll(2), to be woken for a caller.
    private var idleReaderWaits = false
    /// Whether the link's thread was woken and has not given the turn back yet.
    private var woken = false
    /// Threads waiting on `condition`, so a frame filed for nobody else wakes nobody.
    private var sleepers = 0
    /// Calls inside ``next(_:)``; the link's thread reads only while there are none.
    private var callers = 0
    /// When a call last started or ended (DispatchTime's uptime nanoseconds).
    private var lastCall: UInt64 = DispatchTime.now().uptimeNanoseconds
    private let pushes = DispatchQueue(label: "contacts.daemon-pushes")
    private let onPush: @Sendable (Contacts_V1_ServerMessage) -> Void

    /// Connects, and starts the thread that reads while the app makes no calls.
    init(path: String, onPush: @escaping @Sendable (Contacts_V1_ServerMessage) -> Void) throws(CNError) {
        socket = try DaemonSocket(path: path)
        waker = try DaemonWaker()
        self.onPush = onPush
        // A thread of its own, not Dispatch's or Swift's pools: it blocks in poll(2) for the link's lifetime.
        let thread = Thread { [self] in readWhileIdle() }
        thread.name = "contacts.daemon-reader"
        thread.start()
    }

    /// Whether the connection broke; a broken link is replaced by the next call.
    var isBroken: Bool {
        condition.locked { failure != nil }
    }

    /// Ends the connection; readers return and waiters get an error.
    func shutDown() {
        socket.shutDown()
    }

    /// Starts waiting for the replies of a request id; call before sending it. The link's thread, if it waits
    /// for the socket, is told to give up its turn now, while the request travels, so the caller reads its reply.
    func expect(_ id: UInt64) {
        let wake = condition.locked {
            mailboxes[id] = []
            lastCall = DispatchTime.now().uptimeNanoseconds
            return takeTurnFromIdleReader()
        }
        if wake { waker.wake() }
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

    /// A reply as the link read it: a message, or a contact reply or a column batch read straight into storage
    /// (``ContactReplyFrame``, ``ColumnBatchFrame``), with no message in between.
    enum Reply {
        case message(Contacts_V1_ServerMessage)
        case contact(Result<ContactStorage?, CNError>)
        case batch(Result<ColumnBatchFrame.Batch, CNError>)
        case identifiers(Result<IdentifierBatchFrame.Batch, CNError>)
    }

    /// The next reply to a request, waiting for it (and reading the socket while nobody else does); an `Error`
    /// reply is thrown.
    func next(_ id: UInt64) throws(CNError) -> Contacts_V1_ServerMessage.OneOf_Body {
        guard case .message(let message) = try nextReply(id) else { throw DaemonConnection.unexpected }
        guard let body = message.body else { throw DaemonConnection.unexpected }
        return body
    }

    /// The reply to a `GetContactRequest`: the contact, or nil when there is none; an `Error` reply is thrown.
    func nextContact(_ id: UInt64) throws(CNError) -> ContactStorage? {
        guard case .contact(let contact) = try nextReply(id) else { throw DaemonConnection.unexpected }
        return try contact.get()
    }

    /// The next batch of a `FetchContactsRequest`'s reply: its contacts, and whether it is the last; an `Error`
    /// reply, or a batch that is not well formed, is thrown.
    func nextBatch(_ id: UInt64) throws(CNError) -> DaemonStream.Batch {
        switch try nextReply(id) {
        case .batch(let batch): return .contacts(try batch.get())
        case .identifiers(let batch): return .identifiers(try batch.get())
        case .message(let message):
            guard case .contactBatch(let batch) = message.body else { throw DaemonConnection.unexpected }
            return .contacts(ColumnBatchFrame.Batch(storages: try DaemonConnection.storages(batch), last: batch.last))
        case .contact: throw DaemonConnection.unexpected
        }
    }

    /// The next reply to a request, in any form; an `Error` reply is thrown.
    private func nextReply(_ id: UInt64) throws(CNError) -> Reply {
        let reply = try condition.locked { () throws(CNError) -> Reply in
            callers += 1
            defer {
                callers -= 1
                lastCall = DispatchTime.now().uptimeNanoseconds
            }
            while true {
                if let first = mailboxes[id]?.first {
                    mailboxes[id]?.removeFirst()
                    return first
                }
                if let failure { throw failure }
                guard mailboxes[id] != nil else { throw DaemonConnection.unexpected }
                if !reading {
                    if let mine = readOneFrame(for: id) { return mine }
                    continue
                }
                if takeTurnFromIdleReader() { waker.wake() }
                sleepers += 1
                condition.wait()
                sleepers -= 1
            }
        }
        if case .message(let message) = reply, case .error(let error) = message.body { throw CNError(wire: error) }
        return reply
    }

    /// Reads one frame with the lock released; called with `condition` locked and the turn free. Returns the
    /// frame when it is the reply to `id` (whose mailbox was empty, so nothing was before it), and files it
    /// otherwise.
    private func readOneFrame(for id: UInt64?) -> Reply? {
        reading = true
        condition.unlock()
        let result: Result<(UInt64, Reply), CNError>
        do {
            result = .success(try Self.decode(try socket.readFrame()))
        } catch {
            result = .failure((error as? CNError) ?? DaemonConnection.unexpected)
        }
        condition.lock()
        reading = false
        var mine: Reply?
        switch result {
        case .failure(let error):
            if failure == nil { failure = error }
        case .success((let replyID, let reply)):
            if let id, replyID == id {
                mine = reply
            } else if case .message(let message) = reply {
                file(message)
            } else if mailboxes[replyID] != nil {
                mailboxes[replyID]?.append(reply)
            }
        }
        // Others may now read, or have mail: wake them, unless nobody waits.
        if sleepers > 0 { condition.broadcast() }
        return mine
    }

    /// A frame's body as a reply and the id it answers. A contact reply is read straight into storage: decoding it
    /// into a `Contact` message and then copying that into storage was the app's half of the 20 µs the two sides
    /// spent on a contact's protobuf (docs/Daemon.md, "A contact's reply written and read by hand").
    /// A column batch likewise (``ColumnBatchFrame``): SwiftProtobuf's messages were about half of the app's
    /// work in an enumeration. A batch of bare identifiers is kept as its bytes (``IdentifierBatchFrame``), each
    /// identifier's string made as its contact is handed out. Each one's malformed content fails its own call only.
    private static func decode(_ frame: [UInt8]) throws -> (UInt64, Reply) {
        if let reply = try ContactReplyFrame.decode(frame) {
            return (reply.id, .contact(reply.value.mapError { _ in DaemonConnection.unexpected }))
        }
        if let reply = try ColumnBatchFrame.decode(frame) {
            return (reply.id, .batch(reply.value.mapError { _ in DaemonConnection.unexpected }))
        }
        if let reply = try IdentifierBatchFrame.decode(frame) {
            return (reply.id, .identifiers(reply.value.mapError { _ in DaemonConnection.unexpected }))
        }
        let message = try Contacts_V1_ServerMessage(serializedBytes: frame)
        return (message.id, .message(message))
    }

    /// Files a frame that is not the reader's own reply; called with `condition` locked.
    private func file(_ message: Contacts_V1_ServerMessage) {
        if message.id == 0 {
            if case .error(let error) = message.body {
                // A broken frame: the daemon closes the connection after telling why.
                if failure == nil { failure = CNError(wire: error) }
                return
            }
            let onPush = self.onPush
            pushes.async { onPush(message) }
            return
        }
        guard mailboxes[message.id] != nil else { return }
        mailboxes[message.id]?.append(.message(message))
    }

    /// Whether the link's thread must be woken to give up its turn; called with `condition` locked.
    private func takeTurnFromIdleReader() -> Bool {
        guard idleReaderWaits, !woken else { return false }
        woken = true
        return true
    }

    /// The link's thread: while no call has waited for ``idleDelay``, waits for the socket and reads what comes
    /// (pushes, or the tail of a cancelled stream); ends when the connection does.
    private func readWhileIdle() {
        condition.lock()
        defer { condition.unlock() }
        while failure == nil {
            let now = DispatchTime.now().uptimeNanoseconds
            let quietSince = lastCall &+ Self.idleDelay
            guard callers == 0, !reading, now >= quietSince else {
                let remaining = callers == 0 && !reading && quietSince > now ? quietSince - now : Self.idleDelay
                condition.unlock()
                waker.sleep(nanoseconds: remaining)
                condition.lock()
                continue
            }
            reading = true
            idleReaderWaits = true
            condition.unlock()
            let readable = socket.waitUntilReadable(orWoken: waker)
            condition.lock()
            idleReaderWaits = false
            if woken {
                woken = false
                waker.drain()
            }
            reading = false
            if readable, callers == 0 {
                _ = readOneFrame(for: nil)
            } else if sleepers > 0 {
                // A caller wanted the turn: hand it over.
                condition.broadcast()
            }
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
