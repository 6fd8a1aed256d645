import ContactsClient
import ContactsProtocol
import ContactsSystem
import ContactsTestSupport
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

extension CNContactStore {
    /// The history after a token as lines, and the next token.
    func historyLines(after token: Data?, groups: Bool = false, keys: [String] = []) throws -> (
        lines: [String], token: Data
    ) {
        let request = CNChangeHistoryFetchRequest()
        request.startingToken = token
        request.includeGroupChanges = groups
        request.additionalContactKeyDescriptors = keys.map { $0 as NSString }
        let result = try changeHistory(for: request)
        let visitor = HistoryTranscript(.namesAndContainers)
        for event in result.value { event.accept(visitor) }
        if let error = result.value.error { throw error }
        return (visitor.lines, result.currentHistoryToken)
    }
}

/// The `CNContactStoreDidChange` notifications one store posts, as (save identifiers, originated externally).
final class NotificationRecorder {
    struct Entry: Sendable, Equatable {
        var saveIdentifiers: [String]?
        var external: Bool
        var keys: Set<String>
    }

    /// The entries, shared with the observer's closure.
    private final class Log: Sendable {
        let entries = Mutex<[Entry]>([])
    }

    private let log = Log()
    private let observer: any NSObjectProtocol

    init(_ store: CNContactStore) {
        let log = self.log
        observer = NotificationCenter.default.addObserver(forName: .CNContactStoreDidChange, object: store, queue: nil)
        {
            let info = $0.userInfo ?? [:]
            let entry = Entry(
                saveIdentifiers: info["CNNotificationSaveIdentifiersKey"] as? [String],
                external: info["CNNotificationOriginationExternally"] as? Bool ?? false,
                keys: Set(info.keys.compactMap { $0 as? String }))
            log.entries.withLock { $0.append(entry) }
        }
    }

    deinit {
        NotificationCenter.default.removeObserver(observer)
    }

    var received: [Entry] { log.entries.withLock { $0 } }

    /// Waits (sleeping, not blocking a thread) until `count` notifications arrived or `seconds` passed.
    func wait(for count: Int, within seconds: Int = 180) async throws -> [Entry] {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while received.count < count, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        return received
    }
}

/// A raw client of the app's socket: it connects, says Hello and sends what it is told. It reads only when
/// asked (``reply(to:)``), keeping every byte it received, to show what crossed the socket; one that is never
/// asked is a stuck app.
final class RawClient: @unchecked Sendable {
    // SAFETY: one test uses it, one call at a time (the read runs off the pool while the test awaits it).
    // TODO(#13): none; test client.
    private let descriptor: Int32
    private var buffer = FrameBuffer()
    private var everything: [UInt8] = []
    private var messages: [Contacts_V1_ServerMessage] = []

    /// - Parameter receiveTimeout: Seconds a read may wait, so that a reply that never comes fails the test
    ///   instead of hanging it; nil: no limit.
    init(path: String, receiveTimeout: Int? = nil) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else { throw CNError(.communicationError) }
        if let receiveTimeout {
            var timeout = timeval(tv_sec: receiveTimeout, tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }
        var hello = Contacts_V1_Hello()
        hello.protocolVersion = ProtocolVersion.current
        try send(id: 1, .hello(hello))
    }

    deinit {
        close(descriptor)
    }

    func send(id: UInt64, _ body: Contacts_V1_ClientMessage.OneOf_Body) throws {
        var message = Contacts_V1_ClientMessage()
        message.id = id
        message.body = body
        let bytes = try Frame.encode(message)
        let written = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard written == bytes.count else { throw CNError(.communicationError) }
    }

    /// Reads until the reply to `id` arrives; returns it, every message and every byte received on the connection
    /// so far.
    func reply(to id: UInt64) throws -> (
        message: Contacts_V1_ServerMessage, messages: [Contacts_V1_ServerMessage], everything: [UInt8]
    ) {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            while let body = try buffer.nextFrame() {
                let message = try Frame.decode(Contacts_V1_ServerMessage.self, from: body)
                messages.append(message)
                if message.id == id { return (message, messages, everything) }
            }
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw CNError(.communicationError) }
            everything += chunk[0..<count]
            buffer.append(chunk[0..<count])
        }
    }
}
