import ContactsProtocol
import ContactsSystem
import Foundation

/// A streaming reply read a batch at a time, as the client's credit allows (docs/Protocol.md, "Streaming").
protocol BatchSource: AnyObject {
    /// The next batch of at most `size` items, and whether it is the last.
    func nextBatch(size: Int) throws(CNError) -> (body: Contacts_V1_ServerMessage.OneOf_Body, last: Bool)
    /// The last, empty batch that answers Cancel.
    func cancelled() -> Contacts_V1_ServerMessage.OneOf_Body
}

/// A fetch's contacts, read from the store a page at a time.
final class ContactBatches: BatchSource {
    private let contacts: FetchedContacts
    private var iterator: FetchedContacts.Iterator
    /// Whether the client asked for compact batches (docs/Protocol.md, "Compact batches").
    private let compact: Bool
    /// Whether the client also reads column batches (docs/Protocol.md, "Column batches").
    private let columns: Bool

    init(_ contacts: FetchedContacts, compact: Bool, columns: Bool) {
        self.contacts = contacts
        self.iterator = contacts.makeIterator()
        self.compact = compact
        self.columns = compact && columns
    }

    func nextBatch(size: Int) throws(CNError) -> (body: Contacts_V1_ServerMessage.OneOf_Body, last: Bool) {
        var page: [ContactStorage] = []
        page.reserveCapacity(size)
        while page.count < size, let storage = iterator.nextStorage() {
            page.append(storage)
        }
        if let error = contacts.error { throw (error as? CNError) ?? CNError(.dataAccessError) }
        let last = page.count < size
        if compact { return (.contactBatch(Contacts_V1_ContactBatch(compact: page, last: last, columns: columns)), last) }
        var batch = Contacts_V1_ContactBatch()
        batch.contacts = page.map { Contacts_V1_Contact($0) }
        batch.last = last
        return (.contactBatch(batch), last)
    }

    func cancelled() -> Contacts_V1_ServerMessage.OneOf_Body {
        var batch = Contacts_V1_ContactBatch()
        batch.last = true
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

    func nextBatch(size: Int) throws(CNError) -> (body: Contacts_V1_ServerMessage.OneOf_Body, last: Bool) {
        var batch = emptyBatch()
        var count = 0
        while count < size, let event = iterator.next() {
            count += 1
            if let message = Contacts_V1_HistoryEvent(event) { batch.events.append(message) }
        }
        if let error = events.error { throw (error as? CNError) ?? CNError(.dataAccessError) }
        batch.last = count < size
        return (.historyBatch(batch), batch.last)
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
