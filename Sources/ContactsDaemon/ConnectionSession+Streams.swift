import ContactsProtocol
import ContactsSystem
import Foundation
import NIOCore

/// A connection's streaming replies: contact fetches and change history, sent a batch at a time as the client's
/// credit allows (docs/Protocol.md, "Streaming and flow control"), the next batch read ahead while the client
/// works on the last. Runs on the session's queue, as every job of the session does.
extension ConnectionSession {
    func startStream(id: UInt64, request: Contacts_V1_FetchContactsRequest, connection: EmbeddedConnection)
        throws(CNError)
    {
        var query = ContactQuery(
            predicate: try Self.predicate(request.hasPredicate ? request.predicate : nil),
            keys: try Self.keys(request.keys),
            sortOrder: CNContactSortOrder(rawValue: Int(request.sortOrder)) ?? .none,
            unify: request.unify)
        if query.sortOrder == .userDefault { query.sortOrder = .none }
        // The history token goes unused here (an app that wants it asks for it): no read transaction for it.
        let contacts = try connection.fetchedContacts(query, mutableObjects: false)
        let database = try connection.database()
        let check = ReadAheadCheck(
            stamp: { () throws(CNError) in
                do throws(StoreError) { return try database.changeStamp() } catch { throw error.contactsError }
            },
            authorize: { () throws(CNError) in _ = try connection.authorized() })
        let batches = ContactBatches(
            contacts, compact: request.compactBatches, columns: request.columnBatches, readAhead: check)
        // A batch of bare identifiers is small: it may hold more contacts, within its own bound.
        let largest =
            query.keys.union(.identifierOnly) == .identifierOnly
            ? configuration.maximumIdentifierBatchSize : configuration.maximumBatchSize
        try startStream(
            id: id, batches, batchSize: request.batchSize, largest: largest, initialBatches: request.initialBatches)
    }

    /// Plans a change-history fetch through the gate (as the embedded store does in the call) and streams it.
    func startHistory(id: UInt64, request: Contacts_V1_ChangeHistoryRequest, connection: EmbeddedConnection)
        throws(CNError)
    {
        let query = ChangeHistoryQuery(
            startingToken: request.hasStartingToken_p ? request.startingToken : nil, keys: try Self.keys(request.keys),
            unify: request.unify, includeGroupChanges: request.includeGroupChanges,
            excludedAuthors: Set(request.excludedAuthors))
        let (events, token) = try connection.changeHistory(query)
        try startStream(
            id: id, HistoryBatches(events, token: token), batchSize: request.batchSize,
            largest: configuration.maximumBatchSize, initialBatches: request.initialBatches)
    }

    func startStream(
        id: UInt64, _ source: any BatchSource, batchSize: UInt32, largest: Int, initialBatches: UInt32
    ) throws(CNError) {
        let size = max(1, min(Int(batchSize == 0 ? 256 : batchSize), largest))
        streams[id] = Stream(source: source, batchSize: size, credit: max(1, Int(initialBatches)))
        try advance(id: id, adding: 0)
    }

    /// Grants a stream the credit the event loop held back from its first batch (``answerOnLoop(_:)``).
    func grant(_ credit: Int, to id: UInt64) {
        do throws(CNError) {
            try advance(id: id, adding: credit)
        } catch {
            send(id: id, .error(Contacts_V1_Error(error)))
        }
    }

    /// Sends batches while the stream has credit and the client reads what it is sent (a client that grants
    /// credit but stops reading is sent no more until it reads: its batches never pile up in the daemon); the
    /// last batch ends the stream. Out of credit, it reads the next batch ahead while the client works on the last.
    func advance(id: UInt64, adding credit: Int) throws(CNError) {
        guard var stream = streams[id] else { return }
        stream.credit += credit
        while stream.credit > 0, channel.isWritable {
            let frame: [UInt8]?
            let last: Bool
            do throws(CNError) {
                if let ahead = stream.ahead, try stream.source.confirmReadAhead() {
                    (frame, last) = ahead
                } else {
                    let batch = try stream.source.nextBatch(size: stream.batchSize)
                    (frame, last) = (batch.body.frame(id: id, last: batch.last), batch.last)
                }
                stream.ahead = nil
            } catch {
                streams[id] = nil
                throw error
            }
            if let frame { write(frame) }
            if last {
                streams[id] = nil
                return
            }
            stream.credit -= 1
        }
        // Only a client that reads what it is sent gets a batch read ahead: one batch at most waits in the daemon.
        // Never on the event loop (a short call's first batch, ``receive(_:)``): the loop's stall stays one page,
        // and the next batch is read when the client asks for it, on the queue, which then reads ahead as usual.
        if stream.ahead == nil, stream.credit == 0, channel.isWritable, !channel.eventLoop.inEventLoop,
            let batch = stream.source.readAhead(size: stream.batchSize)
        {
            stream.ahead = batch.body.frame(id: id, last: batch.last).map { ($0, batch.last) }
        }
        streams[id] = stream
    }

    /// How many streams this connection keeps open, and how many of them hold a batch read ahead (tests: a
    /// cancelled or closed stream leaves neither behind).
    func streamCounts() -> (open: Int, readAhead: Int) {
        queue.sync { (streams.count, streams.values.filter { $0.ahead != nil }.count) }
    }

    /// A batch's frame, encoded before it is written (a batch read ahead waits encoded).
    static func frame(id: UInt64, _ body: Contacts_V1_ServerMessage.OneOf_Body) -> [UInt8]? {
        var message = Contacts_V1_ServerMessage()
        message.id = id
        message.body = body
        return try? Frame.encode(message)
    }

    /// Writes an encoded frame, as ``send(id:_:)`` does.
    ///
    /// Off the loop (the queue's jobs, a revocation, a push), the write reaches the loop as a task, and until it has
    /// run the loop answers no call itself: an answer written at once would overtake it (``receive(_:)``).
    func write(_ frame: [UInt8]) {
        guard channel.isActive else { return }
        var buffer = channel.allocator.buffer(capacity: frame.count)
        buffer.writeBytes(frame)
        if channel.eventLoop.inEventLoop { return channel.writeAndFlush(buffer, promise: nil) }
        writesOnTheirWay.increment()
        let channel = self.channel
        let writes = writesOnTheirWay
        let bytes = buffer
        channel.eventLoop.execute {
            channel.writeAndFlush(bytes, promise: nil)
            writes.decrement()
        }
    }
}
