import ContactsEngine
import ContactsModel
import ContactsProtocol
import Foundation
import SwiftProtobuf
import Synchronization

/// An app's store in daemon mode: every call is a request to contactsd, which owns the data and decides what
/// this process may see from what the kernel says about it.
///
/// The connection opens on first use (so `CNContactStore()` cannot fail) and again after it was lost. A reader
/// thread (``DaemonLink``) hands each reply to the call waiting for its id, so calls from several threads, and
/// from inside an enumeration block, share the connection; enumeration and history stream in batches with
/// flow control: the daemon sends one batch, the block runs over it, then the client asks for the next one.
package final class DaemonConnection: ContactStoreConnection, ContactStorePrivacyConnection, @unchecked Sendable {
    // SAFETY: `link` and `nextID` are read and written only while `lock` is held; the link is Sendable.

    package let socketPath: String
    private let lock = NSLock()
    /// Held while connecting, so one thread connects and the others wait for its link.
    private let connecting = NSLock()
    private var link: DaemonLink?
    private var nextID: UInt64 = 0
    private let changeHandler = Mutex<(@Sendable () -> Void)?>(nil)

    package init(socketPath: String) {
        self.socketPath = socketPath
    }

    deinit {
        link?.shutDown()
    }

    /// Called (on a queue of the connection's) each time the daemon pushes a `ChangeNotice`: the store changed
    /// through another connection. Pushes start with the connection, on the first call.
    package func onChange(_ handler: @escaping @Sendable () -> Void) {
        changeHandler.withLock { $0 = handler }
    }

    // MARK: ContactStoreConnection

    /// The batch size asked for in a fetch of identifiers only (the daemon's own bound, 4,096 by default, caps
    /// it; docs/Protocol.md, "Streaming").
    static let identifierBatchSize = 4096

    /// The batches an array fetch lets the daemon send before it reads them (``enumerateContacts(_:body:)``): about
    /// 1 MB of contacts with all their keys, the most one fetch holds in the daemon and in the socket.
    static let keptFetchCredit: UInt32 = 4

    package func enumerateContacts(_ query: ContactQuery, body: (consuming ContactStorage) throws -> Bool)
        throws(CNError)
    {
        var request = Contacts_V1_FetchContactsRequest()
        if let predicate = query.predicate { request.predicate = Contacts_V1_Predicate(predicate) }
        request.keys = query.keys.keys
        request.sortOrder = Int32(query.sortOrder.rawValue)
        request.unify = query.unify
        // Batches as large as the store's pages: one round trip per page the daemon reads. Bare identifiers are
        // small, and a round trip cost more than reading 500 of them: the daemon lets their batches grow larger.
        request.batchSize = UInt32(
            query.keys.union(.identifierOnly) == .identifierOnly ? Self.identifierBatchSize : AuthorizedStore.batchSize)
        request.compactBatches = true
        // Contacts by column, decoded straight into storage (docs/Protocol.md, "Column batches").
        request.columnBatches = true
        // One batch at a time, as the embedded store reads them: the next batch is granted after this block ran
        // over the last, so contacts the block saves are visited too (EnumerationBatchTests). The daemon reads
        // that batch meanwhile and sends it only if nothing changed since; otherwise it reads it again
        // (docs/Protocol.md, "Streaming and flow control"). Granting two would let the daemon send the next batch
        // before the block ran, unchecked.
        //
        // An array fetch (`unifiedContacts(matching:)`) runs no block of the app's between batches, so nothing it
        // does can change what the next batch holds: the daemon may send its batches back to back, each still one
        // read transaction as the embedded store reads them. A name search over 100,000 contacts has about 2,100
        // hits in five batches, and each waited for this side's `Continue` to come, be queued and be checked
        // against the store's stamp and the gate before the held batch went out (docs/Daemon.md, "An array
        // fetch's batches back to back"). A few batches of credit, topped up one a batch, keep the daemon
        // reading while this side decodes, with at most ``keptFetchCredit`` batches on their way.
        request.initialBatches = query.keepsEveryContact ? Self.keptFetchCredit : 1
        let stream = try open(.fetchContacts(request))
        /// Hands one contact to the block; false when the block is done. Leaving early drops the stream: the
        /// daemon is told to stop (DaemonStream.deinit).
        func hand(_ storage: consuming ContactStorage) throws(CNError) -> Bool {
            do {
                return try body(storage)
            } catch {
                throw (error as? CNError) ?? CNError(.dataAccessError)
            }
        }
        while true {
            let batch = try stream.nextBatch()
            let last = batch.last
            if last { stream.finish() }
            switch consume batch {
            case .identifiers(let identifiers):
                // Each identifier's string is made as its contact is handed out, as the embedded store does: the
                // string of a contact the block dropped is freed before the next is made (IdentifierBatchFrame).
                for index in 0..<identifiers.count {
                    if try !hand(identifiers.storage(at: index)) { return }
                }
            case .contacts(var contacts):
                // Taken out of the batch, so the array has one owner and popping from it copies nothing.
                var storages = contacts.storages
                contacts.storages = []
                // Popping from the reversed batch moves each contact out to the block, as the embedded store hands
                // its batches over; iterating the array copied every contact (a retain and a release of each of its
                // fields), the largest item of this loop in a profile of the identifiers' enumeration.
                storages.withUnsafeMutableBufferPointer { $0.reverse() }
                while let storage = storages.popLast() {
                    if try !hand(storage) { return }
                }
            }
            if last { return }
            try stream.grant(1)
        }
    }

    package func contact(identifier: String, keys: ContactKeySet, unify: Bool) throws(CNError) -> ContactStorage? {
        var request = Contacts_V1_GetContactRequest()
        request.identifier = identifier
        request.keys = keys.keys
        request.unify = unify
        let stream = try open(.getContact(request))
        defer { stream.finish() }
        return try stream.nextContact()
    }

    package func groups(matching predicate: ContactsPredicate.Kind?) throws(CNError) -> [CNGroup.Fields] {
        var request = Contacts_V1_GroupsRequest()
        if let predicate { request.predicate = Contacts_V1_Predicate(predicate) }
        guard case .groups(let reply) = try call(.groups(request)) else { throw Self.unexpected }
        return reply.groups.map(CNGroup.Fields.init(wire:))
    }

    package func containers(matching predicate: ContactsPredicate.Kind?) throws(CNError) -> [ContainerRow] {
        var request = Contacts_V1_ContainersRequest()
        if let predicate { request.predicate = Contacts_V1_Predicate(predicate) }
        guard case .containers(let reply) = try call(.containers(request)) else { throw Self.unexpected }
        return reply.containers.enumerated().map { index, container in
            ContainerRow(
                id: Int64(index + 1), identifier: container.identifier, name: container.name,
                type: container.containerType ?? .unassigned, isDefault: container.isDefault,
                isReadOnly: container.isReadOnly)
        }
    }

    package func defaultContainerIdentifier() throws(CNError) -> String {
        guard case .stringValue(let reply) = try call(.defaultContainer(Contacts_V1_DefaultContainerRequest())) else {
            throw Self.unexpected
        }
        return reply.value
    }

    package func meContactIdentifier() throws(CNError) -> String? {
        guard case .stringValue(let reply) = try call(.meContact(Contacts_V1_MeContactRequest())) else {
            throw Self.unexpected
        }
        return reply.hasValue_p ? reply.value : nil
    }

    package func execute(_ operations: [SaveOperation], author: String?, saveIdentifier: String, refetch: Bool)
        throws(CNError)
    {
        var request = Contacts_V1_SaveRequest()
        request.operations = WireSave.message(operations)
        if let author {
            request.hasAuthor_p = true
            request.author = author
        }
        request.saveIdentifier = saveIdentifier
        // The embedded store reads a saved contact back only when it holds a new image (the thumbnail and the
        // image's availability derive from it); any other saved contact already shows the stored state, its
        // image-derived fields brought up to date in place. The daemon is asked for the stored state in the
        // first case only: building and serializing the saved contact's message were a third of contactsd's
        // samples in its save handler (67 of 201) in a profile of the one-contact save, and the app decoded it
        // again (docs/Daemon.md, "Performance").
        let readsBack =
            refetch
            && operations.contains { operation in
                switch operation {
                case .addContact(let contact, _), .updateContact(let contact): AuthorizedStore.needsReadBack(contact)
                default: false
                }
            }
        request.refetch = readsBack
        let body: Contacts_V1_ServerMessage.OneOf_Body
        do {
            body = try call(.save(request))
        } catch {
            throw Self.withAffectedRecords(error, from: operations)
        }
        guard case .save(let reply) = body else { throw Self.unexpected }
        guard refetch else { return }
        guard readsBack else {
            for operation in operations {
                switch operation {
                case .addContact(let contact, _), .updateContact(let contact):
                    _ = AuthorizedStore.updateDerivedFields(contact)
                default: continue
                }
            }
            return
        }
        // The daemon returns the stored state of each added and updated contact, in request order, as the
        // embedded store refreshes them in place.
        var refetched = reply.refetched.makeIterator()
        for operation in operations {
            switch operation {
            case .addContact(let contact, _), .updateContact(let contact):
                guard let stored = refetched.next() else { return }
                let linked = contact.storage.linkedIdentifiers
                contact.storage = try Self.storage(stored)
                contact.storage.linkedIdentifiers = linked
            default: continue
            }
        }
    }

    package func addContainer(name: String, type: CNContainerType, isReadOnly: Bool) throws(CNError) -> ContainerRow {
        throw CNError(.authorizationDenied)
    }

    package func setContainer(_ identifier: String, isReadOnly: Bool) throws(CNError) {
        throw CNError(.authorizationDenied)
    }

    // MARK: ContactStorePrivacyConnection

    package func authorizationStatus() -> CNAuthorizationStatus {
        guard
            case .authorizationStatus(let reply)? = try? call(
                .authorizationStatus(Contacts_V1_AuthorizationStatusRequest()))
        else { return .notDetermined }
        return CNAuthorizationStatus(rawValue: Int(reply.status)) ?? .notDetermined
    }

    package func requestAccess() async -> (granted: Bool, error: CNError?) {
        // The person may take a while to answer: the blocking call waits on a thread of its own, not on one of
        // the few threads of Swift's cooperative pool.
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: self.requestAccessBlocking())
            }
        }
    }

    private func requestAccessBlocking() -> (granted: Bool, error: CNError?) {
        do {
            guard case .requestAccess(let reply) = try call(.requestAccess(Contacts_V1_RequestAccessRequest())) else {
                return (false, CNError(.authorizationDenied))
            }
            return (reply.granted, reply.hasError ? CNError(wire: reply.error) : nil)
        } catch {
            return (false, error)
        }
    }

    package func privacyService() throws(CNError) -> PrivacyService {
        // The person's controls are not an app's, and a daemon client is always an app.
        throw CNError(.authorizationDenied)
    }

    /// The token of the store's current state.
    package func currentHistoryToken() throws(CNError) -> Data {
        guard case .bytesValue(let reply) = try call(.historyToken(Contacts_V1_HistoryTokenRequest())) else {
            throw Self.unexpected
        }
        return reply.value
    }

    // MARK: Requests

    /// Sends one request and waits for its reply; a CNError reply is thrown.
    package func call(_ body: Contacts_V1_ClientMessage.OneOf_Body) throws(CNError)
        -> Contacts_V1_ServerMessage.OneOf_Body
    {
        let stream = try open(body)
        defer { stream.finish() }
        return try stream.next()
    }

    /// Sends a request whose replies stream, or that continues with more messages (an import's chunks).
    package func open(_ body: Contacts_V1_ClientMessage.OneOf_Body) throws(CNError) -> DaemonStream {
        let link = try connected()
        let id = lock.withLock {
            nextID += 1
            return nextID
        }
        let stream = DaemonStream(link: link, id: id)
        try stream.send(body)
        return stream
    }

    /// Sends a request whose replies keep coming (a watch) and hands each to `each` until it returns false.
    func subscribe(
        _ body: Contacts_V1_ClientMessage.OneOf_Body,
        each: (Contacts_V1_ServerMessage.OneOf_Body) throws(CNError) -> Bool
    ) throws(CNError) {
        let stream = try open(body)
        defer { stream.finish() }
        while try each(try stream.next()) {}
    }

    /// The live link, connected and greeted when there is none or the last one broke.
    private func connected() throws(CNError) -> DaemonLink {
        if let link = lock.withLock({ self.link }), !link.isBroken { return link }
        connecting.lock()
        defer { connecting.unlock() }
        if let link = lock.withLock({ self.link }), !link.isBroken { return link }
        let link = try DaemonLink(path: socketPath) { [weak self] message in
            guard case .changeNotice = message.body else { return }
            // AccessRevoked needs nothing here: the daemon fails this connection's later calls with 100.
            self?.changeHandler.withLock { $0 }?()
        }
        let id = lock.withLock {
            self.link?.shutDown()
            self.link = link
            nextID += 1
            return nextID
        }
        let hello = DaemonStream(link: link, id: id)
        defer { hello.finish() }
        var message = Contacts_V1_Hello()
        message.protocolVersion = ProtocolVersion.current
        do throws(CNError) {
            try hello.send(.hello(message))
            guard case .welcome = try hello.next() else { throw Self.unexpected }
        } catch {
            // A refused peer keeps its connection, and every call gets the daemon's error (100 and the fix).
            if error.code != .authorizationDenied {
                link.shutDown()
                lock.withLock { if self.link === link { self.link = nil } }
            }
            throw error
        }
        return link
    }

    /// A batch's contacts, in either form (docs/Protocol.md, "Compact batches").
    static func storages(_ batch: Contacts_V1_ContactBatch) throws(CNError) -> [ContactStorage] {
        do {
            return try batch.storages()
        } catch {
            throw Self.unexpected
        }
    }

    private static func storage(_ contact: Contacts_V1_Contact) throws(CNError) -> ContactStorage {
        do {
            return try ContactStorage(wire: contact)
        } catch {
            throw Self.unexpected
        }
    }

    package static var unexpected: CNError {
        CNError(.dataAccessError, userInfo: [NSDebugDescriptionErrorKey: "contactsd sent an unexpected reply"])
    }
}
