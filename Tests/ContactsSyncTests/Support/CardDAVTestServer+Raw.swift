import ContactsTestSupport
import Foundation

@testable import ContactsSync

/// Direct access to the server's cards, as another client would see them, to set up and check tests.
extension CardDAVTestServer {
    /// A client with the server's credentials and, over TLS, its certificate pinned.
    func rawClient() throws -> DAVClient {
        DAVClient(
            transport: try HTTPClientTransport(
                pinnedCertificate: certificate, timeouts: SyncTimeouts(connect: 5, read: 30, request: 60)),
            credentials: credentials)
    }

    /// Runs requests with a raw client, closed after.
    func withRawClient<T>(_ body: (DAVClient) async throws -> T) async throws -> T {
        let client = try rawClient()
        do {
            let result = try await body(client)
            await client.transport.shutdown()
            return result
        } catch {
            await client.transport.shutdown()
            throw error
        }
    }

    func url(ofCard name: String) -> URL {
        URL(string: bookPath + name, relativeTo: baseURL)!.absoluteURL
    }

    /// Writes a card as another client would; returns its entity tag.
    @discardableResult
    func put(_ card: String, name: String) async throws -> String? {
        try await put(Array(card.utf8), name: name)
    }

    @discardableResult
    func put(_ bytes: [UInt8], name: String) async throws -> String? {
        let request = DAVRequest(
            method: "PUT", url: url(ofCard: name), headers: [("Content-Type", "text/vcard; charset=utf-8")], body: bytes
        )
        let response = try await withRawClient { try await $0.send(request).response }
        guard response.isSuccess else { throw ServerError("PUT \(name) answered \(response.status)") }
        return response.etag
    }

    /// A card's bytes, or nil when it does not exist.
    func get(_ name: String) async throws -> [UInt8]? {
        let response = try await withRawClient {
            try await $0.send(DAVRequest(method: "GET", url: url(ofCard: name))).response
        }
        return response.status == 200 ? response.body : nil
    }

    func delete(_ name: String) async throws {
        _ = try await withRawClient { try await $0.send(DAVRequest(method: "DELETE", url: url(ofCard: name))) }
    }

    /// The names of the book's cards, sorted.
    func cardNames() async throws -> [String] {
        let request = DAVRequest(method: "PROPFIND", url: bookURL, depth: "1", xml: DAVRequestBody.etags)
        let response = try await withRawClient { try await $0.send(request, expecting: [207]).response }
        let status = try MultistatusParser.parse(response.body)
        return status.responses.map(\.href).filter { !$0.hasSuffix("/") }.map { ($0 as NSString).lastPathComponent }
            .sorted()
    }

    /// Every card's text, by name.
    func cards() async throws -> [String: String] {
        var result: [String: String] = [:]
        for name in try await cardNames() {
            if let bytes = try await get(name) { result[name] = String(decoding: bytes, as: UTF8.self) }
        }
        return result
    }
}
