import ContactsClient
import ContactsProtocol
import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsDaemon

/// Bad input on the socket ends that connection with an error, never the daemon, and other clients go on.
@Suite struct DaemonFaultTests {
    /// Writes raw bytes to the daemon and reads what it says until it closes (or a short timeout).
    private func exchange(_ bytes: [UInt8], socket path: String) throws -> [UInt8] {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(connected == 0)
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received += chunk[0..<count]
        }
        return received
    }

    private func frame(_ message: Contacts_V1_ClientMessage) throws -> [UInt8] {
        try Frame.encode(message)
    }

    static let badInputs: [(name: String, bytes: [UInt8])] = [
        ("a length prefix over 16 MiB", [0x7F, 0xFF, 0xFF, 0xFF, 1, 2, 3]),
        ("bytes that are no message", [0, 0, 0, 4, 0xFF, 0xFF, 0xFF, 0xFF]),
        ("half a frame, then the end", [0, 0, 0, 100, 1, 2]),
        ("nothing at all", []),
    ]

    @Test(arguments: 0..<badInputs.count)
    func badFramesCloseThatConnectionAndTheDaemonServesOthers(index: Int) throws {
        let fixture = try DaemonFixture()
        try ContactFixtures.save([ContactFixtures.person("Ann", "Lee")], in: fixture.person)
        try fixture.setAccess(.full)
        _ = try exchange(Self.badInputs[index].bytes, socket: fixture.daemon.configuration.socketPath)
        let names = try fixture.appStore().unifiedContacts(
            matching: CNContact.predicateForContacts(matchingName: "ann"),
            keysToFetch: [CNContactGivenNameKey as CNKeyDescriptor])
        #expect(names.map(\.givenName) == ["Ann"], "after \(Self.badInputs[index].name)")
    }

    @Test func aFirstMessageOtherThanHelloOrAnOldVersionGetsAnErrorAndAClosedConnection() throws {
        let fixture = try DaemonFixture()
        var status = Contacts_V1_ClientMessage()
        status.id = 1
        status.authorizationStatus = Contacts_V1_AuthorizationStatusRequest()
        var old = Contacts_V1_ClientMessage()
        old.id = 1
        old.hello.protocolVersion = 0
        for message in [status, old] {
            var buffer = FrameBuffer()
            buffer.append(try exchange(try frame(message), socket: fixture.daemon.configuration.socketPath))
            let reply = try Contacts_V1_ServerMessage(serializedBytes: try #require(try buffer.nextFrame()))
            guard case .error(let error) = reply.body else {
                Issue.record("expected an error, got \(String(describing: reply.body))")
                continue
            }
            #expect(!error.debugDescription_p.isEmpty)
        }
    }
}
