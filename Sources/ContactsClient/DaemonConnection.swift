import ContactsEngine
import ContactsModel
import ContactsProtocol
import Foundation
import SwiftProtobuf
import Synchronization

/// An app's store in daemon mode: every call is a request to contactsd, which owns the data and decides what
/// this process may see from what the kernel says about it.
///
/// The connection opens on first use (so `CNContactStore()` cannot fail) and again after it was lost; one call
/// is in flight at a time. Enumeration streams in batches with flow control: the daemon sends one batch, the
/// block runs over it (and may call the store again, on the same connection), then the client asks for the
/// next one.
package final class DaemonConnection: ContactStoreConnection, ContactStorePrivacyConnection, @unchecked Sendable {
    // SAFETY: `state` is only touched inside `lock`, which serializes calls; the lock is recursive so the
    // enumeration block may call the store again. TODO(#13): replace with an actor-based client once the
    // public API has async forms.

    private struct State {
        var socket: DaemonSocket?
        var nextID: UInt64 = 0
        var bundleIdentifier = ""
    }

    package let socketPath: String
    private let lock = NSRecursiveLock()
    private var state = State()

    package init(socketPath: String) {
        self.socketPath = socketPath
    }

    // MARK: ContactStoreConnection

    package func enumerateContacts(_ query: ContactQuery, body: (consuming ContactStorage) throws -> Bool) throws(CNError) {
        var request = Contacts_V1_FetchContactsRequest()
        if let predicate = query.predicate { request.predicate = Contacts_V1_Predicate(predicate) }
        request.keys = query.keys.keys
        request.sortOrder = Int32(query.sortOrder.rawValue)
        request.unify = query.unify
        request.batchSize = 256
        request.initialBatches = 1
        try locked { () throws(CNError) in
            let id = try send(.fetchContacts(request))
            while true {
                let batch: Contacts_V1_ContactBatch
                switch try receive(id) {
                case .contactBatch(let received): batch = received
                default: throw Self.unexpected
                }
                var stopped = false
                for contact in batch.contacts {
                    let storage = try Self.storage(contact)
                    do {
                        if try !body(storage) {
                            stopped = true
                            break
                        }
                    } catch {
                        try cancel(id, ended: batch.last)
                        throw (error as? CNError) ?? CNError(.dataAccessError)
                    }
                }
                if batch.last { return }
                if stopped {
                    try cancel(id, ended: false)
                    return
                }
                var more = Contacts_V1_Continue()
                more.batches = 1
                try send(.continue(more), id: id)
            }
        }
    }

    package func contact(identifier: String, keys: ContactKeySet, unify: Bool) throws(CNError) -> ContactStorage? {
        var request = Contacts_V1_GetContactRequest()
        request.identifier = identifier
        request.keys = keys.keys
        request.unify = unify
        guard case .contact(let reply) = try call(.getContact(request)) else { throw Self.unexpected }
        return reply.hasContact ? try Self.storage(reply.contact) : nil
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

    package func execute(_ operations: [SaveOperation], author: String?, saveIdentifier: String, refetch: Bool) throws(CNError) {
        var request = Contacts_V1_SaveRequest()
        request.operations = WireSave.message(operations)
        if let author {
            request.hasAuthor_p = true
            request.author = author
        }
        request.saveIdentifier = saveIdentifier
        request.refetch = refetch
        guard case .save(let reply) = try call(.save(request)) else { throw Self.unexpected }
        guard refetch else { return }
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
        guard case .authorizationStatus(let reply)? = try? call(.authorizationStatus(Contacts_V1_AuthorizationStatusRequest()))
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
    func call(_ body: Contacts_V1_ClientMessage.OneOf_Body) throws(CNError) -> Contacts_V1_ServerMessage.OneOf_Body {
        try locked { () throws(CNError) in
            let id = try send(body)
            return try receive(id)
        }
    }

    /// Sends a request whose replies keep coming (a watch) and hands each to `each` until it returns false.
    /// It holds the connection meanwhile: a watch gets a connection of its own.
    func subscribe(
        _ body: Contacts_V1_ClientMessage.OneOf_Body,
        each: (Contacts_V1_ServerMessage.OneOf_Body) throws(CNError) -> Bool
    ) throws(CNError) {
        try locked { () throws(CNError) in
            let id = try send(body)
            while try each(try receive(id)) {}
        }
    }

    private func locked<T>(_ body: () throws(CNError) -> T) throws(CNError) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// The open socket, connected and greeted on first use.
    private func socket() throws(CNError) -> DaemonSocket {
        if let socket = state.socket { return socket }
        let socket = try DaemonSocket(path: socketPath)
        state.socket = socket
        do throws(CNError) {
            var hello = Contacts_V1_Hello()
            hello.protocolVersion = ProtocolVersion.current
            let id = try send(.hello(hello))
            guard case .welcome(let welcome) = try receive(id) else { throw Self.unexpected }
            state.bundleIdentifier = welcome.bundleIdentifier
        } catch {
            // A refused peer keeps its connection, and every call gets the daemon's error (100 and the fix).
            if error.code != .authorizationDenied { state.socket = nil }
            throw error
        }
        return socket
    }

    @discardableResult
    private func send(_ body: Contacts_V1_ClientMessage.OneOf_Body, id existing: UInt64? = nil) throws(CNError) -> UInt64 {
        let id: UInt64
        if let existing {
            id = existing
        } else {
            state.nextID += 1
            id = state.nextID
        }
        var message = Contacts_V1_ClientMessage()
        message.id = id
        message.body = body
        let bytes: [UInt8]
        do {
            bytes = try Frame.encode(message)
        } catch {
            throw CNError(.dataAccessError)
        }
        let socket: DaemonSocket
        if let open = state.socket {
            socket = open
        } else {
            socket = try self.socket()
        }
        do throws(CNError) {
            try socket.write(bytes)
        } catch {
            state.socket = nil
            throw error
        }
        return id
    }

    /// The reply to a request; pushed messages (id 0) in between are set aside.
    private func receive(_ id: UInt64) throws(CNError) -> Contacts_V1_ServerMessage.OneOf_Body {
        guard let socket = state.socket else { throw CNError(.dataAccessError) }
        while true {
            let frame: [UInt8]
            do throws(CNError) {
                frame = try socket.readFrame()
            } catch {
                state.socket = nil
                throw error
            }
            guard let message = try? Contacts_V1_ServerMessage(serializedBytes: frame) else {
                state.socket = nil
                throw Self.unexpected
            }
            guard message.id == id else { continue }
            if case .error(let error) = message.body { throw CNError(wire: error) }
            guard let body = message.body else { throw Self.unexpected }
            return body
        }
    }

    /// Ends a stream early; the daemon answers with a last, empty batch, which is read here.
    private func cancel(_ id: UInt64, ended: Bool) throws(CNError) {
        guard !ended else { return }
        try send(.cancel(Contacts_V1_Cancel()), id: id)
        while true {
            guard case .contactBatch(let batch) = try receive(id) else { return }
            if batch.last { return }
        }
    }

    private static func storage(_ contact: Contacts_V1_Contact) throws(CNError) -> ContactStorage {
        do {
            return try ContactStorage(wire: contact)
        } catch {
            throw Self.unexpected
        }
    }

    static var unexpected: CNError {
        CNError(.dataAccessError, userInfo: [NSDebugDescriptionErrorKey: "contactsd sent an unexpected reply"])
    }
}
