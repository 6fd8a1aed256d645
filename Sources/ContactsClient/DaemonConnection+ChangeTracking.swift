import ContactsEngine
import ContactsModel
import ContactsProtocol
import Foundation

// Change history, lazy fetches and linked contacts over the socket: the same calls as
// EmbeddedConnection+ChangeTracking, answered by the daemon through the same gate (docs/Protocol.md).
extension DaemonConnection: ChangeTrackingConnection {
    /// The daemon notices its store's changes itself and pushes them; there is no file to watch here.
    package var openedStoreURL: URL? { nil }

    package func changeHistory(_ query: ChangeHistoryQuery) throws(CNError) -> (
        events: ChangeHistoryEvents, token: Data
    ) {
        var request = Contacts_V1_ChangeHistoryRequest()
        if let token = query.startingToken {
            request.hasStartingToken_p = true
            request.startingToken = token
        }
        request.keys = query.keys.keys
        request.unify = query.unify
        request.includeGroupChanges = query.includeGroupChanges
        request.excludedAuthors = query.excludedAuthors.sorted()
        request.batchSize = UInt32(ChangeHistoryEvents.pageSize)
        request.initialBatches = 1
        let mutable = query.mutableObjects
        let open = { () throws(CNError) -> HistoryPages in
            try HistoryPages(stream: self.open(.changeHistory(request)), mutable: mutable)
        }
        // The first batch comes with the call, as the embedded store plans the fetch in the call: a refusal
        // (100, 102) is thrown here, and the token is the one of the state the events describe.
        let first = try open()
        let events = ChangeHistoryEvents(
            startsOver: first.startsOver, first: first, reopen: { () throws(CNError) in try open() })
        return (events, first.token)
    }

    package func contacts(_ query: ContactQuery, mutableObjects: Bool) throws(CNError) -> (
        contacts: FetchedContacts, token: Data
    ) {
        let token = try currentHistoryToken()
        var request = Contacts_V1_FetchContactsRequest()
        if let predicate = query.predicate { request.predicate = Contacts_V1_Predicate(predicate) }
        request.keys = query.keys.keys
        request.sortOrder = Int32(query.sortOrder.rawValue)
        request.unify = query.unify
        request.batchSize = UInt32(AuthorizedStore.batchSize)
        request.compactBatches = true
        request.initialBatches = 1
        let open = { () throws(CNError) -> ContactPages in try ContactPages(stream: self.open(.fetchContacts(request)))
        }
        let first = try open()
        let contacts = FetchedContacts(
            mutableObjects: mutableObjects, first: first, reopen: { () throws(CNError) in try open() })
        return (contacts, token)
    }

    package func link(_ identifiers: [String], preferredIdentifier: String?) throws(CNError) {
        var request = Contacts_V1_LinkRequest()
        request.contactIdentifiers = identifiers
        if let preferredIdentifier {
            request.hasPreferredIdentifier_p = true
            request.preferredIdentifier = preferredIdentifier
        }
        guard case .done = try call(.link(request)) else { throw Self.unexpected }
    }

    package func unlink(_ identifiers: [String]) throws(CNError) {
        var request = Contacts_V1_UnlinkRequest()
        request.contactIdentifiers = identifiers
        guard case .done = try call(.unlink(request)) else { throw Self.unexpected }
    }

    package func keepSeparate(_ first: String, _ second: String) throws(CNError) {
        var request = Contacts_V1_KeepSeparateRequest()
        request.firstIdentifier = first
        request.secondIdentifier = second
        guard case .done = try call(.keepSeparate(request)) else { throw Self.unexpected }
    }

    package func linkReason(forContact identifier: String) throws(CNError) -> ContactLinkReason? {
        var request = Contacts_V1_LinkReasonRequest()
        request.contactIdentifier = identifier
        guard case .linkReason(let reply) = try call(.linkReason(request)) else { throw Self.unexpected }
        guard reply.linked else { return nil }
        guard let rule = ContactLinkReason.Rule(rawValue: Int(reply.rule)) else { throw Self.unexpected }
        return ContactLinkReason(
            rule: rule, matchedContactIdentifier: reply.hasMatchedContact_p ? reply.matchedContactIdentifier : nil,
            matchedValueIdentifiers: reply.matchedValueIdentifiers, date: Date(timeIntervalSince1970: reply.date))
    }

    package func linkedIdentifiers(ofContact identifier: String) throws(CNError) -> [String] {
        var request = Contacts_V1_LinkedIdentifiersRequest()
        request.contactIdentifier = identifier
        guard case .stringList(let reply) = try call(.linkedIdentifiers(request)) else { throw Self.unexpected }
        return reply.values
    }
}

/// A history stream's batches as pages of events; the next batch is granted as each page is taken.
final class HistoryPages: StreamedPages {
    private let stream: DaemonStream
    private let mutable: Bool
    private var pending: [Contacts_V1_HistoryEvent]?
    private var ended = false
    let token: Data
    let startsOver: Bool

    /// Reads the first batch, which carries the token and whether the fetch starts over.
    init(stream: DaemonStream, mutable: Bool) throws(CNError) {
        self.stream = stream
        self.mutable = mutable
        guard case .historyBatch(let batch) = try stream.next() else { throw DaemonConnection.unexpected }
        token = batch.token
        startsOver = batch.startsOver
        pending = batch.events
        ended = batch.last
        if ended { stream.finish() }
    }

    func nextPage() throws(CNError) -> [CNChangeHistoryEvent]? {
        let events: [Contacts_V1_HistoryEvent]
        if let first = pending {
            pending = nil
            events = first
        } else {
            guard !ended else { return nil }
            try stream.grant(1)
            guard case .historyBatch(let batch) = try stream.next() else { throw DaemonConnection.unexpected }
            ended = batch.last
            if ended { stream.finish() }
            events = batch.events
        }
        do {
            return try events.map { message throws(WireError) in
                try CNChangeHistoryEvent.make(wire: message, mutable: mutable)
            }
        } catch {
            throw DaemonConnection.unexpected
        }
    }
}

/// A fetch stream's batches as pages of contacts; the next batch is granted as each page is taken.
///
/// Read through ``DaemonStream/nextBatch()``, as an enumeration reads them: a batch of bare identifiers reaches
/// the client as the frame's bytes (``IdentifierBatchFrame``), never as a message.
final class ContactPages: StreamedPages {
    private let stream: DaemonStream
    private var pending: [ContactStorage]?
    private var ended = false

    init(stream: DaemonStream) throws(CNError) {
        self.stream = stream
        pending = try read()
    }

    func nextPage() throws(CNError) -> [ContactStorage]? {
        if let first = pending {
            pending = nil
            return first
        }
        guard !ended else { return nil }
        try stream.grant(1)
        return try read()
    }

    /// The next batch's contacts; the stream is finished at its last batch.
    private func read() throws(CNError) -> [ContactStorage] {
        let batch = try stream.nextBatch()
        ended = batch.last
        if ended { stream.finish() }
        switch consume batch {
        case .contacts(let contacts): return contacts.storages
        case .identifiers(let identifiers): return (0..<identifiers.count).map { identifiers.storage(at: $0) }
        }
    }
}
