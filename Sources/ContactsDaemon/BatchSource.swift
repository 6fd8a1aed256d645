import ContactsProtocol
import ContactsSystem
import Foundation

/// A batch as a source gives it: a message's body, or a contact batch encoded straight from the store's rows.
enum SourceBatch {
    case message(Contacts_V1_ServerMessage.OneOf_Body)
    case encoded(ColumnBatchEncoder)

    /// The batch's frame; nil when it cannot be encoded (larger than a frame may be).
    func frame(id: UInt64, last: Bool) -> [UInt8]? {
        switch self {
        case .message(let body): ConnectionSession.frame(id: id, body)
        case .encoded(let encoder): encoder.frame(id: id, last: last)
        }
    }
}

/// A streaming reply read a batch at a time, as the client's credit allows (docs/Protocol.md, "Streaming").
protocol BatchSource: AnyObject {
    /// The next batch of at most `size` items, and whether it is the last.
    func nextBatch(size: Int) throws(CNError) -> (body: SourceBatch, last: Bool)
    /// The last, empty batch that answers Cancel.
    func cancelled() -> Contacts_V1_ServerMessage.OneOf_Body
    /// Reads the next batch before the client asks for it (while it works on the last one), or gives nil when
    /// this source does not read ahead or the read failed (the batch is then read again when asked for).
    func readAhead(size: Int) -> (body: SourceBatch, last: Bool)?
    /// Whether the batch read ahead may be sent as it is, asked when the client wants it. When not, the source
    /// went back to where it stood before reading it, and ``nextBatch(size:)`` reads it again.
    ///
    /// - Throws: The error that ends the stream instead (`authorizationDenied`, 100, when the app's access was
    ///   reduced meanwhile).
    func confirmReadAhead() throws(CNError) -> Bool
}

extension BatchSource {
    func readAhead(size: Int) -> (body: SourceBatch, last: Bool)? { nil }
    func confirmReadAhead() throws(CNError) -> Bool { false }
}

/// What a batch read ahead depends on besides the store's contents: the app's access, checked again by the gate
/// (it throws 100 when the access was reduced since the connection first read), and a stamp that changes with
/// every commit to the store file (``StoreDatabase/changeStamp()``).
struct ReadAheadCheck {
    let stamp: () throws(CNError) -> Int64
    let authorize: () throws(CNError) -> Void
}

/// A fetch's contacts, read from the store a page (one read transaction) per batch.
///
/// After each batch is sent, the next one is read at once and held while the client decodes the last one and
/// runs its block over it (docs/Protocol.md, "Read ahead"). It is sent only when nothing was committed to the
/// store since the moment before it was read (a save of the block's, of another connection, of another process)
/// and the gate still lets the app through; otherwise it is dropped and read again from where the client is, so
/// the client sees what it would have seen had the batch been read when it asked, as the embedded store reads it.
final class ContactBatches: BatchSource {
    private let contacts: FetchedContacts
    private var iterator: FetchedContacts.Iterator
    /// Whether the client asked for compact batches (docs/Protocol.md, "Compact batches").
    private let compact: Bool
    /// Whether the client also reads column batches (docs/Protocol.md, "Column batches").
    private let columns: Bool
    /// How a batch read ahead is checked; nil reads no batch ahead.
    private let check: ReadAheadCheck?
    /// The batch read ahead: where the read started, and the store's stamp taken before it.
    private var held: (start: FetchedContacts.Iterator.PagePosition, stamp: Int64)?
    /// Whether a batch was sent; whether the gate was passed for the next one already.
    private var started = false
    private var gatePassed = false

    /// Whether column batches are encoded from the store's rows where the store can read them that way; false
    /// converts every page's storages (tests compare the two).
    private let encodesRows: Bool

    init(
        _ contacts: FetchedContacts, compact: Bool, columns: Bool, readAhead check: ReadAheadCheck? = nil,
        encodesRows: Bool = true
    ) {
        self.contacts = contacts
        self.encodesRows = encodesRows
        self.iterator = contacts.makeIterator()
        self.compact = compact
        self.columns = compact && columns
        self.check = check
    }

    func nextBatch(size: Int) throws(CNError) -> (body: SourceBatch, last: Bool) {
        if let held {
            // Read ahead and never sent: read again.
            self.held = nil
            iterator.rewind(to: held.start)
        }
        // Every batch after the first passes the gate again, as a call would: reduced access ends the stream.
        if started, !gatePassed, let check { try check.authorize() }
        started = true
        gatePassed = false
        return try page(size: size)
    }

    func readAhead(size: Int) -> (body: SourceBatch, last: Bool)? {
        guard let check, held == nil else { return nil }
        let start = iterator.pagePosition
        do throws(CNError) {
            // Taken before the read: a commit between this stamp and the read's snapshot makes the batch look
            // stale when it is not, never the other way round.
            let stamp = try check.stamp()
            let batch = try page(size: size)
            held = (start, stamp)
            return batch
        } catch {
            iterator.rewind(to: start)
            return nil
        }
    }

    func confirmReadAhead() throws(CNError) -> Bool {
        guard let check, let held else { return false }
        self.held = nil
        // The stamp first, then the gate: a reduction committed after the stamp is still seen by the gate, and
        // one committed before it changed the stamp. A stamp that cannot be read counts as a change.
        let stamp = try? check.stamp()
        try check.authorize()
        if stamp == held.stamp { return true }
        iterator.rewind(to: held.start)
        gatePassed = true
        return false
    }

    func cancelled() -> Contacts_V1_ServerMessage.OneOf_Body {
        var batch = Contacts_V1_ContactBatch()
        batch.last = true
        return .contactBatch(batch)
    }

    /// Reads the next page. A column batch is encoded from the store's rows as they are read
    /// (``ColumnBatchEncoder``) when the store can read the page that way; otherwise, and for other forms, the
    /// page's storages are converted.
    private func page(size: Int) throws(CNError) -> (body: SourceBatch, last: Bool) {
        if columns, encodesRows {
            var encoder = ColumnBatchEncoder(contacts: size)
            if let (_, last) = try iterator.nextPage(limit: size, into: &encoder) { return (.encoded(encoder), last) }
        }
        let (contacts, last) = try iterator.nextPage(limit: size)
        return (.message(body(contacts, last: last)), last)
    }

    private func body(_ page: consuming [ContactStorage], last: Bool) -> Contacts_V1_ServerMessage.OneOf_Body {
        if compact { return .contactBatch(Contacts_V1_ContactBatch(compact: page, last: last, columns: columns)) }
        var batch = Contacts_V1_ContactBatch()
        batch.contacts = page.map { Contacts_V1_Contact($0) }
        batch.last = last
        return .contactBatch(batch)
    }
}

/// A change-history fetch's events, read from the store a page at a time; every batch carries the fetch's token.
final class HistoryBatches: BatchSource {
    private let events: ChangeHistoryEvents
    private var iterator: ChangeHistoryEvents.Iterator
    private let token: Data

    init(_ events: ChangeHistoryEvents, token: Data) {
        self.events = events
        self.iterator = events.makeIterator()
        self.token = token
    }

    func nextBatch(size: Int) throws(CNError) -> (body: SourceBatch, last: Bool) {
        var batch = emptyBatch()
        var count = 0
        while count < size, let event = iterator.next() {
            count += 1
            if let message = Contacts_V1_HistoryEvent(event) { batch.events.append(message) }
        }
        if let error = events.error { throw (error as? CNError) ?? CNError(.dataAccessError) }
        batch.last = count < size
        return (.message(.historyBatch(batch)), batch.last)
    }

    func cancelled() -> Contacts_V1_ServerMessage.OneOf_Body {
        var batch = emptyBatch()
        batch.last = true
        return .historyBatch(batch)
    }

    private func emptyBatch() -> Contacts_V1_HistoryBatch {
        var batch = Contacts_V1_HistoryBatch()
        batch.token = token
        batch.startsOver = events.startsOver
        return batch
    }
}
