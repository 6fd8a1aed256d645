import CDaemonSupport
import ContactsProtocol
import ContactsSystem
import ContactsWebUI
import Foundation
import NIOCore
import SwiftProtobuf
import Synchronization

/// One app connection's state, confined to its own serial queue: who the peer is, its store connection, and
/// its streaming replies.
///
/// Every frame becomes a job on the queue, so a slow SQLite call or a stuck client holds this connection only;
/// other connections have their own queues. Streams advance one batch per job and only as far as the client's
/// credit allows (``Contacts_V1_Continue``), so no thread waits on a client and no reply grows without bound.
/// The exception: an idle session's short calls are answered on the event loop itself (``receive(_:)``).
final class ConnectionSession: @unchecked Sendable {
    // SAFETY: every mutable field is read and written on `queue` only (or inside `queue.sync` from the event
    // loop, which excludes the queue's jobs as well); `loopView` checks itself that it is used on the loop only.
    // TODO(#13): make this an actor once the engine's calls can be awaited without blocking the pool.

    private enum Phase {
        case identifying
        case refused(DaemonError)
        case identified(AppIdentity, EmbeddedConnection)
    }

    struct Stream {
        var source: any BatchSource
        var batchSize: Int
        var credit: Int
        /// The next batch, read and encoded while the client works on the last one (``BatchSource/readAhead(size:)``);
        /// at most one per stream, dropped with the stream.
        var ahead: (frame: [UInt8], last: Bool)?
    }

    let channel: any Channel
    let configuration: DaemonConfiguration
    let pending: PendingConsents
    let pickers: PendingPickers
    private let live: LiveSessions
    let stores: UserStores
    let notices: ChangeNotices
    let screens: ScreensSlot
    let queue: DispatchQueue
    private var phase = Phase.identifying
    private var greeted = false
    var streams: [UInt64: Stream] = [:]
    var exports: [UInt64: ExportJob] = [:]
    var imports: [UInt64: ImportUpload] = [:]
    private(set) var credentials: PeerCredentials?
    /// A change notice that waits for the client to read what it was sent (see ``pushChange()``).
    private var changeOwed = false
    /// What the event loop knows of this session, to decide whether a frame may be answered on the loop.
    private let loopView: NIOLoopBoundBox<LoopView>
    /// Writes handed to the loop from other threads that it has not made yet (``write(_:)``).
    let writesOnTheirWay = WriteCount()

    private struct LoopView {
        /// The jobs the loop queued whose end has not reached the loop yet (``enqueue(_:)``).
        var jobs = 0
        /// Whether the peer is identified and was greeted; once true, it stays true.
        var ready = false
        /// The calls answered on the loop since the socket's last read ended (``readEnded()``).
        var answeredInRead = 0
        /// Every job the loop queued so far (tests: a call answered on the loop queues nothing after it).
        var queued = 0
    }

    /// How many calls of one read the loop answers itself: a client that writes calls by the thousand gets the
    /// rest answered from its queue, so it holds the loop (and every other connection) for a few calls at most.
    private static let callsAnsweredPerRead = 8

    /// The largest frame the loop decodes to see whether it is a short call: short calls are small (the largest,
    /// a fetch by 256 identifiers, takes about 10 KiB), and a larger frame (a vCard chunk) is decoded on the queue.
    private static let shortCallFrameLimit = 32 * 1024

    init(
        channel: any Channel, configuration: DaemonConfiguration, pending: PendingConsents, pickers: PendingPickers,
        live: LiveSessions, stores: UserStores, notices: ChangeNotices, screens: ScreensSlot, label: String
    ) {
        self.channel = channel
        self.configuration = configuration
        self.pending = pending
        self.pickers = pickers
        self.live = live
        self.stores = stores
        self.notices = notices
        self.screens = screens
        self.queue = DispatchQueue(label: "contactsd.connection.\(label)")
        self.loopView = NIOLoopBoundBox.makeBoxSendingValue(LoopView(), eventLoop: channel.eventLoop)
    }

    /// Identifies the peer from its credentials. It is the session's first job, so frames wait behind it.
    func start(credentials: EventLoopFuture<PeerCredentials>, identifier: PeerIdentifier, stores: UserStores) {
        queue.async {
            // Waiting on a future is allowed off the event loop; this queue is the session's own.
            do {
                let peer = try credentials.wait()
                self.credentials = peer
                self.phase = self.identify(peer, identifier: identifier, stores: stores)
                if case .identified(let app, _) = self.phase {
                    self.live.register(self, uid: peer.uid, bundleIdentifier: app.bundleIdentifier)
                }
            } catch {
                self.phase = .refused(DaemonError(.peerUnknown, "the peer's credentials could not be read"))
            }
        }
    }

    private func identify(_ credentials: PeerCredentials, identifier: PeerIdentifier, stores: UserStores) -> Phase {
        do throws(DaemonError) {
            let app = try identifier.identify(credentials)
            let store: StoreDatabase
            do {
                store = try stores.store(for: credentials.uid)
            } catch {
                return .refused(DaemonError(.peerUnknown, "the store of user \(credentials.uid) cannot be opened"))
            }
            let privacy = ContactStorePrivacyOptions(
                consentAgent: configuration.consentAgent ?? pending.agent(for: credentials.uid),
                // The pickers' trusted side: the person's screens of this user (PendingPickers).
                trustedAgent: pickers.agent(for: credentials.uid, owner: ObjectIdentifier(self)),
                environment: configuration.privacyEnvironment,
                administratorPolicy: configuration.administratorPolicy)
            // The person's agent is the person's own tool (the registry entitlement, given by the administrator,
            // and the kernel's uid): it reads and writes the user's book as the person, as the embedded tool
            // does; every other peer is an app behind the gate. docs/Daemon.md, "The person's tool".
            let isPerson = app.entitlements.granted.contains(DaemonConfiguration.personAgentEntitlement)
            return .identified(
                app, EmbeddedConnection(sharing: store, accessor: isPerson ? .person : .app(app), privacy: privacy))
        } catch {
            return .refused(error)
        }
    }

    /// Takes one frame from the event loop, and answers it there when the call is short and the session idle.
    ///
    /// A frame that comes while the session is idle (identified, greeted, none of the loop's jobs queued or
    /// running) and asks for a short call (``Contacts_V1_ClientMessage/isShortCall``) runs right here, inside
    /// `queue.sync`, and its reply is written on the loop at once: a queued job costs two thread hand-offs (a
    /// worker woken for the job, the loop woken through its eventfd for the write). Every other frame is a job on
    /// the queue, as before.
    ///
    /// Why this is safe:
    /// - **Order.** The loop counts the jobs it queued and learns of each one's end from a task the job posts to
    ///   the loop after its replies' writes (the loop runs its tasks in order). With none left, every earlier
    ///   frame was handled and its replies written, so an inline reply overtakes nothing; a frame that comes
    ///   while a job is queued or running goes behind it.
    /// - **No deadlock.** The loop waits only for the queue, never the reverse: the one job that waits for the
    ///   loop, the identification (``start(credentials:identifier:stores:)``), comes before the greeting, and
    ///   the loop learns the session is ready only from the greeting's end. What other threads put on the queue
    ///   meanwhile is short and waits for no one: a change notice, an export's end, a revocation (`revoke` runs
    ///   in `queue.sync` from another thread).
    /// - **The person.** A call that would ask the person, or wait for a prompt already showing, fails at once
    ///   inside ``PrivacyGate/withoutWaitingForPerson(_:)`` and is queued instead, to wait there as before: the
    ///   person's answer may have to come through this very loop.
    /// - **The stall.** What one call costs: a few indexed reads and the reply, the largest the first batch of a
    ///   fetch whose predicate an index answers (one page read; at most `maximumBatchSize` contacts, or
    ///   `maximumIdentifierBatchSize` bare identifiers). The rest of a fetch's credit is granted by a queued job,
    ///   and of the calls one read of the socket brings, the loop answers ``callsAnsweredPerRead`` at most: the
    ///   rest are queued.
    func receive(_ frame: ByteBuffer) {
        let view = loopView.value
        // A busy session's frames are decoded on its queue, as before: the loop decodes only what it may answer.
        guard view.ready, view.jobs == 0, writesOnTheirWay.isZero,
            view.answeredInRead < Self.callsAnsweredPerRead,
            frame.readableBytes <= Self.shortCallFrameLimit,
            let message = try? Contacts_V1_ClientMessage(serializedBytes: Array(frame.readableBytesView))
        else {
            return enqueue { self.handle(frame) }
        }
        guard message.isShortCall else { return enqueue { self.handle(message) } }
        loopView.value.answeredInRead += 1
        answerOnLoop(message)
    }

    /// The socket's read ended (every frame of it was received): the next read may have calls answered on the loop.
    func readEnded() {
        loopView.value.answeredInRead = 0
    }

    /// Runs a short call on the event loop (``receive(_:)``), or queues it when it needs the person.
    private func answerOnLoop(_ message: Contacts_V1_ClientMessage) {
        var call = message
        var laterCredit = 0
        if case .fetchContacts(var request) = message.body, request.initialBatches > 1 {
            // The loop sends the first batch only.
            laterCredit = Int(request.initialBatches) - 1
            request.initialBatches = 1
            call.body = .fetchContacts(request)
        }
        // Whether the stream is still open once its first batch went out: a fetch answered in one batch (most
        // phone and e-mail lookups) needs no job to grant the rest of its credit, which would wake the queue and
        // keep the next call off the loop until it ended.
        let (queueInstead, streaming) = queue.sync { () -> (Bool, Bool) in
            // Ready means identified; anything else is the queue's to answer (a refusal, say).
            guard case .identified(let app, let connection) = phase else { return (true, false) }
            let outcome = connection.gate.withoutWaitingForPerson { () throws(CNError) in
                try self.dispatch(call, app: app, connection: connection)
            }
            switch outcome {
            case nil:
                return (true, false)
            case .success:
                return (false, streams[message.id] != nil)
            case .failure(let error):
                send(id: message.id, .error(Contacts_V1_Error(error)))
                return (false, false)
            }
        }
        if queueInstead {
            // Nothing was sent or kept: the call runs again on the queue, where it may wait for the person.
            enqueue { self.handle(message) }
        } else if laterCredit > 0, streaming {
            let credit = laterCredit
            enqueue { self.grant(credit, to: message.id) }
        }
    }

    /// Queues a job from the event loop, counted there until its end reaches the loop (``receive(_:)``).
    private func enqueue(_ job: @escaping @Sendable () -> Void) {
        loopView.value.jobs += 1
        loopView.value.queued += 1
        queue.async {
            job()
            self.jobEnded()
        }
    }

    /// How many jobs the loop queued for this session so far; asked from off the loop (tests).
    func queuedJobCount() throws -> Int {
        try channel.eventLoop.submit { self.loopView.value.queued }.wait()
    }

    /// Tells the loop that one of its jobs ended; posted after the job's writes, so it reaches the loop after them.
    private func jobEnded() {
        let ready: Bool
        if greeted, case .identified = phase { ready = true } else { ready = false }
        // A closed channel reads no more frames; its loop may be shutting down.
        guard channel.isActive else { return }
        channel.eventLoop.execute {
            self.loopView.value.jobs -= 1
            if ready { self.loopView.value.ready = true }
        }
    }

    /// Ends the session: streams are dropped, the pidfd is closed.
    func close() {
        live.unregister(self)
        pending.unwatch(ObjectIdentifier(self))
        pickers.unwatch(ObjectIdentifier(self))
        // The app went away: its pickers stop waiting for the person (cancelled, nothing sent anywhere).
        pickers.cancelAll(of: ObjectIdentifier(self))
        queue.async {
            // Again on the queue: a peer that goes away at once closes before its identification (the queue's
            // first job) registered the session, and the registry would keep a closed session for good (the
            // fuzzer found the daemon's memory growing with every such connection).
            self.live.unregister(self)
            self.pending.unwatch(ObjectIdentifier(self))
            self.pickers.unwatch(ObjectIdentifier(self))
            self.screens.buttons.end(owner: ObjectIdentifier(self))
            self.streams.removeAll()
            for job in self.exports.values { job.cancel() }
            self.exports.removeAll()
            for upload in self.imports.values { upload.discard() }
            self.imports.removeAll()
            self.credentials?.close()
            self.credentials = nil
        }
    }

    /// The person reduced this app's access: the app is told at once (`AccessRevoked`; its store fails later
    /// calls with 100 through the revocation generation), and its process is terminated unless the person
    /// keeps it running. Runs on this session's queue, while its pidfd is open; returns whether a process was
    /// signalled.
    func revoke(terminate: Bool) -> Bool {
        queue.sync {
            send(id: 0, .accessRevoked(Contacts_V1_AccessRevoked()))
            guard terminate, let credentials else { return false }
            // A daemon that is its own peer (run in-process: the fuzzer, the tests) must not end itself.
            guard credentials.pid != getpid() else { return false }
            if let pidfd = credentials.pidfd {
                // The pidfd names this very process: a PID reused since cannot be hit.
                return contacts_pidfd_send_signal(pidfd, SIGKILL) == 0
            }
            // Without SO_PEERPIDFD the PID is all there is; it is checked to still be the peer's just before.
            return credentials.isStillRunning && kill(credentials.pid, SIGKILL) == 0
        }
    }

    /// Tells the app its store changed (`ChangeNotice`). A client that does not read its socket is sent no
    /// more until it has read what it was sent: one notice waits, however many changes there were, so a stuck
    /// client costs the daemon nothing and stalls no one (``writabilityChanged()``).
    func pushChange() {
        queue.async {
            guard case .identified = self.phase else { return }
            guard self.channel.isWritable else {
                self.changeOwed = true
                return
            }
            self.changeOwed = false
            self.send(id: 0, .changeNotice(Contacts_V1_ChangeNotice()))
        }
    }

    /// The client read enough of what it was sent: a notice that waited goes now, and streams with credit go on.
    func writabilityChanged() {
        // Counted as the loop's job: it may send many batches, and no short call may wait for it on the loop.
        enqueue {
            guard self.channel.isWritable else { return }
            if self.changeOwed {
                self.changeOwed = false
                self.send(id: 0, .changeNotice(Contacts_V1_ChangeNotice()))
            }
            for id in self.streams.keys.sorted() {
                do throws(CNError) {
                    try self.advance(id: id, adding: 0)
                } catch {
                    self.send(id: id, .error(Contacts_V1_Error(error)))
                }
            }
        }
    }

    /// Tells the user's other connections that this one committed a change.
    func announceChange() {
        guard let uid = credentials?.uid else { return }
        notices.changed(uid: uid, by: self)
    }

    // MARK: Requests

    private func handle(_ frame: ByteBuffer) {
        let message: Contacts_V1_ClientMessage
        do {
            message = try Contacts_V1_ClientMessage(serializedBytes: Array(frame.readableBytesView))
        } catch {
            return fail(id: 0, DaemonError(.protocolViolation, "a frame is not a client message"), close: true)
        }
        handle(message)
    }

    private func handle(_ message: Contacts_V1_ClientMessage) {
        guard greeted else { return greet(message) }
        guard case .identified(let app, let connection) = phase else {
            if case .refused(let error) = phase { return fail(id: message.id, error, close: false) }
            return
        }
        do throws(CNError) {
            try dispatch(message, app: app, connection: connection)
        } catch {
            send(id: message.id, .error(Contacts_V1_Error(error)))
        }
    }

    private func greet(_ message: Contacts_V1_ClientMessage) {
        guard case .hello(let hello) = message.body else {
            return fail(id: message.id, DaemonError(.protocolViolation, "the first message must be Hello"), close: true)
        }
        guard hello.protocolVersion >= ProtocolVersion.current else {
            return fail(
                id: message.id,
                DaemonError(.unsupportedVersion, "protocol version \(hello.protocolVersion) is not supported"),
                close: true)
        }
        // Greeted whatever the identity: a refused peer's later calls get its refusal (100), not a protocol error.
        greeted = true
        var welcome = Contacts_V1_Welcome()
        welcome.protocolVersion = ProtocolVersion.current
        switch phase {
        case .identified(let app, _):
            welcome.bundleIdentifier = app.bundleIdentifier
            send(id: message.id, .welcome(welcome))
        case .refused(let error):
            // The peer learns why (with the fix) and keeps the connection, so its calls fail with 100, as an app
            // without access does; it gets no data.
            fail(id: message.id, error, close: false)
        case .identifying:
            fail(id: message.id, DaemonError(.peerUnknown, "the peer was not identified"), close: true)
        }
    }

    private func dispatch(_ message: Contacts_V1_ClientMessage, app: AppIdentity, connection: EmbeddedConnection)
        throws(CNError)
    {
        let id = message.id
        switch message.body {
        case .authorizationStatus:
            var reply = Contacts_V1_AuthorizationStatusReply()
            reply.status = Int32(connection.authorizationStatus().rawValue)
            send(id: id, .authorizationStatus(reply))
        case .requestAccess:
            requestAccess(id: id, connection: connection)
        case .fetchContacts(let request):
            try startStream(id: id, request: request, connection: connection)
        case .continue(let more):
            if let job = exports[id] {
                job.grant(Int(more.batches))
            } else {
                try advance(id: id, adding: Int(more.batches))
            }
        case .cancel:
            if let stream = streams.removeValue(forKey: id) { send(id: id, stream.source.cancelled()) }
            exports.removeValue(forKey: id)?.cancel()
            imports.removeValue(forKey: id)?.discard()
        case .getContact(let request):
            let keys = try Self.keys(request.keys)
            let storage = try connection.contact(identifier: request.identifier, keys: keys, unify: request.unify)
            sendContact(id: id, storage)
        case .groups(let request):
            let predicate = try Self.predicate(request.hasPredicate ? request.predicate : nil)
            var reply = Contacts_V1_GroupsReply()
            reply.groups = try connection.groups(matching: predicate).map(Contacts_V1_Group.init)
            send(id: id, .groups(reply))
        case .containers(let request):
            let predicate = try Self.predicate(request.hasPredicate ? request.predicate : nil)
            var reply = Contacts_V1_ContainersReply()
            reply.containers = try connection.containers(matching: predicate).map { row in
                Contacts_V1_Container(
                    identifier: row.identifier, name: row.name, type: row.type, isDefault: row.isDefault,
                    isReadOnly: row.isReadOnly)
            }
            send(id: id, .containers(reply))
        case .defaultContainer:
            var reply = Contacts_V1_StringReply()
            reply.hasValue_p = true
            reply.value = try connection.defaultContainerIdentifier()
            send(id: id, .stringValue(reply))
        case .meContact:
            var reply = Contacts_V1_StringReply()
            if let identifier = try connection.meContactIdentifier() {
                reply.hasValue_p = true
                reply.value = identifier
            }
            send(id: id, .stringValue(reply))
        case .save(let request):
            try save(id: id, request: request, connection: connection)
        case .historyToken:
            var reply = Contacts_V1_BytesReply()
            reply.value = try connection.currentHistoryToken()
            send(id: id, .bytesValue(reply))
        case .pendingConsents:
            let uid = try personAgentUID(app)
            var reply = Contacts_V1_PendingConsentsReply()
            reply.requests = pending.waiting(for: uid).map(Contacts_V1_PendingConsent.init)
            send(id: id, .pendingConsents(reply))
        case .answerConsent(let request):
            let uid = try personAgentUID(app)
            var reply = Contacts_V1_AnswerConsentReply()
            reply.answered = pending.answer(request.requestID, with: try Self.answer(request), uid: uid)
            send(id: id, .answerConsent(reply))
        case .setAppAccess(let request):
            let uid = try personAgentUID(app)
            send(id: id, .setAppAccess(try setAppAccess(request, uid: uid)))
        case .appAccess:
            send(id: id, .appAccess(try appAccessList(uid: try personAgentUID(app))))
        case .setMeContact(let request):
            // The agent's connection acts as the person (``identify``); the check keeps the rule in one place.
            _ = try personAgentUID(app)
            try connection.setMeContact(request.hasContactIdentifier ? request.contactIdentifier : nil)
            announceChange()
            send(id: id, .done(Contacts_V1_Done()))
        case .changeHistory(let request):
            try startHistory(id: id, request: request, connection: connection)
        case .link, .unlink, .keepSeparate, .linkReason, .linkedIdentifiers:
            try link(message, connection: connection)
        case .contactsWithCardUid, .cardUid:
            try cardIdentity(message, connection: connection)
        case .importVcards(let request):
            try startImport(id: id, request: request, connection: connection)
        case .vcardChunk(let chunk):
            try receiveChunk(id: id, chunk: chunk, connection: connection)
        case .exportVcards(let request):
            try startExport(id: id, request: request, connection: connection)
        case .personScreensLink(let request):
            send(id: id, .personScreensLink(try screensLink(request, uid: try personAgentUID(app))))
        case .watchConsents:
            watchConsents(id: id, uid: try personAgentUID(app))
        case .contactPicker(let request):
            try pickContacts(id: id, request: request, connection: connection)
        case .accessPicker:
            presentAccessPicker(id: id, connection: connection)
        case .startAccessButton(let request):
            try startAccessButton(id: id, request, app: app)
        case .endAccessButton(let request):
            try endAccessButton(id: id, request)
        case .updateAccessButton(let request):
            try updateAccessButton(id: id, request)
        case .hello, .none:
            throw CNError(.dataAccessError, userInfo: [NSDebugDescriptionErrorKey: "unexpected message"])
        }
    }

    /// The person's changes to apps' access and their store, as the daemon applies them for every way in.
    var personChanges: PersonAccessChanges {
        PersonAccessChanges(configuration: configuration, stores: stores, live: live)
    }

    /// The user whose apps' requests a person-agent peer may see; 100 for any other peer (an app asking to
    /// answer its own prompt).
    func personAgentUID(_ app: AppIdentity) throws(CNError) -> uid_t {
        guard app.entitlements.granted.contains(DaemonConfiguration.personAgentEntitlement), let credentials else {
            throw CNError(.authorizationDenied)
        }
        return credentials.uid
    }

    /// Applies the person's change to an app's access in the user's store; on a reduction, ends the app's open
    /// connections' data and (unless kept) its processes.
    private func setAppAccess(_ request: Contacts_V1_SetAppAccessRequest, uid: uid_t) throws(CNError)
        -> Contacts_V1_SetAppAccessReply
    {
        let change: AccessChange
        switch request.decision {
        case 0: change = .denied
        case 1: change = .full
        case 2: change = .limited(Set(request.limitedIdentifiers))
        case 3: change = .reset
        case 4: change = .share(Set(request.limitedIdentifiers))
        case 5: change = .unshare(Set(request.limitedIdentifiers))
        default:
            throw CNError(
                .dataAccessError, userInfo: [NSDebugDescriptionErrorKey: "unknown decision \(request.decision)"])
        }
        let outcome = try personChanges.apply(
            change, for: request.bundleIdentifier, keepProcesses: request.keepProcesses, uid: uid, requester: self)
        var reply = Contacts_V1_SetAppAccessReply()
        reply.reduced = outcome.reduced
        reply.terminatedProcesses = UInt32(clamping: outcome.terminated)
        return reply
    }

    private static func answer(_ request: Contacts_V1_AnswerConsentRequest) throws(CNError) -> ConsentAnswer {
        switch request.decision {
        case 0: return .deny
        case 1: return .full
        case 2: return .limited(Set(request.limitedIdentifiers))
        default:
            throw CNError(
                .dataAccessError, userInfo: [NSDebugDescriptionErrorKey: "unknown decision \(request.decision)"])
        }
    }

    private func requestAccess(id: UInt64, connection: EmbeddedConnection) {
        // The answer may take the person a while: wait off this connection's queue, so the app's other calls
        // (a status query, say) still get answers, and reply when the person has answered. The wait blocks a
        // thread of its own (ThreadTaskExecutor), never Swift's small cooperative pool.
        DispatchQueue.global().async {
            let (granted, error) =
                ThreadTaskExecutor.runBlocking { await connection.requestAccess() }
                ?? (false, CNError(.authorizationDenied))
            var reply = Contacts_V1_RequestAccessReply()
            reply.granted = granted
            if let error { reply.error = Contacts_V1_Error(error) }
            self.send(id: id, .requestAccess(reply))
        }
    }

    private func save(id: UInt64, request: Contacts_V1_SaveRequest, connection: EmbeddedConnection) throws(CNError) {
        let operations: [SaveOperation]
        do {
            operations = try WireSave.operations(request.operations)
        } catch {
            throw CNError(.dataAccessError, userInfo: [NSDebugDescriptionErrorKey: "malformed save request"])
        }
        try connection.execute(
            operations, author: request.hasAuthor_p ? request.author : nil, saveIdentifier: request.saveIdentifier,
            refetch: request.refetch)
        announceChange()
        var reply = Contacts_V1_SaveReply()
        if request.refetch {
            for operation in operations {
                switch operation {
                case .addContact(let contact, _), .updateContact(let contact):
                    reply.refetched.append(Contacts_V1_Contact(contact.storage))
                default: continue
                }
            }
        }
        send(id: id, .save(reply))
    }

    // MARK: Replies

    func send(id: UInt64, _ body: Contacts_V1_ServerMessage.OneOf_Body) {
        // A reply or push that comes after the peer went away (a picker or button session ending, a timer) has
        // nowhere to go; writing it would hand a task to an event loop that may already have shut down.
        guard channel.isActive, let frame = Self.frame(id: id, body) else { return }
        write(frame)
    }

    /// Sends a `ContactReply`, written straight from the storage (``ContactReplyFrame``: no `Contact` message built,
    /// no nested size passes: a third less time on the reply in a profile); a reply it cannot write
    /// (a frame past the limit) goes through the message and ``send(id:_:)``, as before.
    private func sendContact(id: UInt64, _ storage: ContactStorage?) {
        guard channel.isActive else { return }
        guard let frame = try? ContactReplyFrame.encode(id: id, contact: storage) else {
            var reply = Contacts_V1_ContactReply()
            if let storage { reply.contact = Contacts_V1_Contact(storage) }
            return send(id: id, .contact(reply))
        }
        write(frame)
    }

    private func fail(id: UInt64, _ error: DaemonError, close: Bool) {
        var wire = Contacts_V1_Error(error.contactsError)
        wire.debugDescription_p = error.message
        send(id: id, .error(wire))
        if close { channel.close(promise: nil) }
    }

    static func keys(_ names: [String]) throws(CNError) -> ContactKeySet {
        var properties: [ContactProperty] = []
        for name in names {
            guard let property = ContactProperty(key: name) else {
                throw CNError(.unauthorizedKeys, userInfo: [CNErrorUserInfoKeyPathsKey: [name]])
            }
            properties.append(property)
        }
        return ContactKeySet(properties)
    }

    static func predicate(_ wire: Contacts_V1_Predicate?) throws(CNError) -> ContactsPredicate.Kind? {
        guard let wire else { return nil }
        do {
            return try ContactsPredicate.Kind(wire: wire)
        } catch {
            throw CNError(.predicateInvalid)
        }
    }
}

/// A count shared by a session's threads and its loop (``ConnectionSession/writesOnTheirWay``).
final class WriteCount: Sendable {
    private let value = Atomic<Int>(0)

    func increment() { value.add(1, ordering: .sequentiallyConsistent) }
    func decrement() { value.subtract(1, ordering: .sequentiallyConsistent) }
    var isZero: Bool { value.load(ordering: .sequentiallyConsistent) == 0 }
}
