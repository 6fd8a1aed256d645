import ContactsClient
import ContactsModel
import ContactsProtocol
import Foundation
import Synchronization
import Testing

/// The app's side of a contact reply read straight into storage (ContactReplyFrame), against a hostile or broken
/// daemon: a stand-in on a Unix socket answers each `GetContactRequest` with the bytes the test chose.
@Suite struct ContactReplyClientTests {
    /// A stand-in for contactsd: greets the app, then answers each contact request with `reply(identifier)`'s
    /// frame body, and each name search with `reply("search:" + name)`'s. Counts the connections it accepted.
    final class StandIn: Sendable {
        let path: String
        let connections = Count()
        private let descriptor: Int32

        init(directory: URL, reply: @escaping @Sendable (String, UInt64) throws -> [UInt8]) throws {
            path = directory.appendingPathComponent("contactsd.sock").path
            descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let path = self.path
            withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.utf8.prefix($0.count - 1)) }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            try #require(bound == 0 && listen(descriptor, 4) == 0)
            let listener = descriptor
            let connections = self.connections
            // A thread of its own: it blocks in accept(2) and read(2) while the test's calls wait for it. The thread
            // closes the listener once accept fails (after deinit's shutdown): closed by deinit while the thread was
            // serving a peer, its number could be reused by another test's socket, and this thread would then accept
            // that test's connections and answer them with this test's replies (seen once in CI).
            Thread {
                while true {
                    let peer = accept(listener, nil, nil)
                    guard peer >= 0 else {
                        close(listener)
                        return
                    }
                    connections.value.add(1, ordering: .sequentiallyConsistent)
                    Self.serve(peer, reply: reply)
                    close(peer)
                }
            }.start()
        }

        deinit {
            // Makes the thread's accept(2) fail; the thread closes the descriptor (see init).
            shutdown(descriptor, Int32(SHUT_RDWR))
        }

        private static func serve(_ peer: Int32, reply: (String, UInt64) throws -> [UInt8]) {
            var buffer = FrameBuffer()
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                while let frame = try? buffer.nextFrame() {
                    guard let message = try? Frame.decode(Contacts_V1_ClientMessage.self, from: frame) else { return }
                    var body: [UInt8] = []
                    switch message.body {
                    case .hello:
                        var welcome = Contacts_V1_ServerMessage()
                        welcome.id = message.id
                        welcome.welcome.protocolVersion = ProtocolVersion.current
                        body = (try? Frame.encode(welcome)).map { Array($0.dropFirst(Frame.headerLength)) } ?? []
                    case .getContact(let request):
                        body = (try? reply(request.identifier, message.id)) ?? []
                    case .fetchContacts(let request):
                        // A name search: its name says which batch to send (ColumnBatchClientTests).
                        guard case .contactsMatchingName(let name)? = request.predicate.kind else { continue }
                        body = (try? reply("search:" + name, message.id)) ?? []
                    default:
                        continue
                    }
                    let length = UInt32(body.count)
                    let frame = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: length >> $0) } + body
                    guard frame.withUnsafeBytes({ write(peer, $0.baseAddress, $0.count) }) == frame.count else {
                        return
                    }
                }
                let count = chunk.withUnsafeMutableBytes { read(peer, $0.baseAddress, $0.count) }
                guard count > 0 else { return }
                buffer.append(chunk[0..<count])
            }
        }
    }

    final class Count: Sendable {
        let value = Atomic<Int>(0)
    }

    /// Ann's reply, whose given name the test then breaks in place.
    static func annReply(id: UInt64) throws -> [UInt8] {
        var storage = ContactStorage(identifier: "ann", fetchedKeys: ContactKeySet([.givenName, .phoneNumbers]))
        storage.givenName = "Annabelle"
        storage.phoneNumbers = [CNLabeledValue(label: CNLabelHome, value: CNPhoneNumber(stringValue: "+1 555 0100"))]
        return Array(try ContactReplyFrame.encode(id: id, contact: storage).dropFirst(Frame.headerLength))
    }

    /// Where the given name's bytes start in a reply body.
    static func nameStart(_ body: [UInt8]) throws -> Int {
        let name = Array("Annabelle".utf8)
        return try #require(body.indices.first { Array(body[$0..<min($0 + name.count, body.count)]) == name })
    }

    static func standIn(_ directory: URL) throws -> StandIn {
        try StandIn(directory: directory) { identifier, id in
            var body = try annReply(id: id)
            let start = try nameStart(body)
            switch identifier {
            case "not-utf8": body.replaceSubrange(start..<(start + 3), with: [0xFF, 0xFE, 0xC0])
            case "past-the-end": body[start - 1] = 0x7F  // the name's length, past the end of the Contact
            case "wrong-wire-type": body[start - 2] = 0x2B  // given_name's key as a start group that never ends
            case "unknown-key":
                var message = Contacts_V1_ServerMessage()
                message.id = id
                message.contact.contact.identifier = "ann"
                message.contact.contact.keys = ["givenName", "notAContactKey"]
                body = Array(try Frame.encode(message).dropFirst(Frame.headerLength))
            case "none": body = Array(try ContactReplyFrame.encode(id: id, contact: nil).dropFirst(Frame.headerLength))
            default: break
            }
            return body
        }
    }

    @Test func aMalformedContactReplyFailsThatCallAloneWithDataAccessError() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reply-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let standIn = try Self.standIn(directory)
        let connection = DaemonConnection(socketPath: standIn.path)
        let keys = ContactKeySet([.givenName, .phoneNumbers])
        for identifier in ["not-utf8", "past-the-end", "wrong-wire-type", "unknown-key"] {
            let error = #expect(throws: CNError.self, "\(identifier)") {
                try connection.contact(identifier: identifier, keys: keys, unify: false)
            }
            #expect(error?.code == .dataAccessError, "\(identifier)")
            // The message names no contact data.
            #expect(error.map { "\($0)".contains("Annabelle") } == false, "\(identifier)")
        }
        // The connection stayed in step: the next replies are read whole, on the same connection.
        let ann = try #require(try connection.contact(identifier: "ann", keys: keys, unify: false))
        #expect(ann.givenName == "Annabelle")
        #expect(ann.phoneNumbers.map(\.value.stringValue) == ["+1 555 0100"])
        #expect(ann.phoneNumbers.map(\.label) == [CNLabelHome])
        #expect(try connection.contact(identifier: "none", keys: keys, unify: false) == nil)
        #expect(standIn.connections.value.load(ordering: .sequentiallyConsistent) == 1)
    }
}
