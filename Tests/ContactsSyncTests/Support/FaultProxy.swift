import ContactsTestSupport
import Foundation

@testable import ContactsSync

/// Fixtures/servers/fault_proxy.py in front of a plain-http test server, on its own port of 127.0.0.1: a sync
/// pointed at the proxy reaches the server until a test injects a fault.
final class FaultProxy: Sendable {
    let server: CardDAVTestServer
    let port: Int
    private let process: ServerProcess

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/servers/fault_proxy.py")

    /// One fault, as the proxy's control endpoint takes it.
    struct Fault: Encodable, Sendable {
        enum Action: String, Encodable, Sendable {
            case status, malformed, slow, drop, truncate
            case redirectLoop = "redirect-loop"
        }

        var method: String
        var action: Action
        /// Matched as a substring of the request's path.
        var path: String?
        var status: Int?
        var seconds: Double?
        var keep: Int?
        /// How many matching requests the fault applies to.
        var count = 1
        /// How many matching requests go through untouched first.
        var after = 0
    }

    private init(server: CardDAVTestServer, port: Int, process: ServerProcess) {
        self.server = server
        self.port = port
        self.process = process
    }

    /// Starts the proxy and waits until it accepts connections; it stops when released.
    static func start(in front: CardDAVTestServer) throws -> FaultProxy {
        guard !front.usesTLS else { throw ServerError("the fault proxy speaks plain http to its upstream") }
        let port = try ServerProcess.freePort()
        let process = ServerProcess(
            executable: try ServerProcess.python(),
            arguments: [script.path, String(port), front.baseURL.absoluteString],
            port: port, logFile: front.directory.appendingPathComponent("proxy.log"))
        try process.start()
        return FaultProxy(server: front, port: port, process: process)
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/")! }

    /// Adds a fault.
    func inject(_ fault: Fault) async throws {
        let body = try JSONEncoder().encode(fault)
        try await control("POST", body: [UInt8](body))
    }

    /// Removes every fault.
    func clear() async throws {
        try await control("DELETE")
    }

    /// The requests the proxy saw, as "METHOD /path", oldest first.
    func requests() async throws -> [String] {
        let response = try await send("GET", path: "__log__")
        return String(decoding: response.body, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    private func control(_ method: String, body: [UInt8]? = nil) async throws {
        let response = try await send(method, path: "__fault__", body: body)
        guard response.isSuccess else { throw ServerError("the fault proxy answered \(response.status) to \(method)") }
    }

    private func send(_ method: String, path: String, body: [UInt8]? = nil) async throws -> DAVResponse {
        let transport = try HTTPClientTransport(
            pinnedCertificate: nil, timeouts: SyncTimeouts(connect: 5, read: 10, request: 20))
        do {
            let response = try await transport.send(
                DAVRequest(method: method, url: baseURL.appendingPathComponent(path), body: body))
            await transport.shutdown()
            return response
        } catch {
            await transport.shutdown()
            throw error
        }
    }
}
