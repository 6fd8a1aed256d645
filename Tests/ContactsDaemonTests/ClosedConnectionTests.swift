import ContactsClient
import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsDaemon

/// A peer that connects and goes away at once leaves nothing behind in the daemon (found by the fuzzer: such
/// connections closed before their identification registered them, and the daemon kept them for good).
@Suite struct ClosedConnectionTests {
    /// Connects to the daemon's socket and closes at once, before the daemon can identify the peer.
    private func connectAndLeave(_ path: String) throws {
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
    }

    @Test func connectionsClosedAtOnceLeaveNoSessionBehind() throws {
        let fixture = try DaemonFixture()
        try fixture.setAccess(.full)
        for _ in 0..<200 { try connectAndLeave(fixture.daemon.configuration.socketPath) }
        // An app that stays: its session is the one the daemon keeps.
        let app = fixture.appStore()
        _ = try ContactFixtures.identifiers(in: app)
        let deadline = Date().addingTimeInterval(60)
        while fixture.daemon.liveSessionCount > 1, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(fixture.daemon.liveSessionCount == 1)
    }
}
