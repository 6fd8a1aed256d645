import Foundation
import Testing
@testable import ContactsSync

/// A response is gathered up to the transport's limit and refused past it, with `responseTooLarge` and nothing
/// of the body in the error.
@Suite(.tags(.integration))
struct ResponseSizeTests {
    func listing(of server: CardDAVTestServer, limit: Int) async throws -> DAVResponse {
        let transport = try HTTPClientTransport(
            pinnedCertificate: server.certificate, timeouts: SyncTimeouts(connect: 5, read: 30, request: 60),
            maximumResponseSize: limit)
        let client = DAVClient(transport: transport, credentials: server.credentials)
        do {
            let (response, _) = try await client.send(
                DAVRequest(method: "PROPFIND", url: server.bookURL, depth: "1", xml: DAVRequestBody.etags), expecting: [207])
            await transport.shutdown()
            return response
        } catch {
            await transport.shutdown()
            throw error
        }
    }

    @Test(arguments: ServerKind.allCases)
    func aBodyWithinTheLimitIsReadWholeAndOnePastItIsRefused(kind: ServerKind) async throws {
        let server = try CardDAVTestServer.start(kind)
        for index in 0..<20 {
            try await server.put(Cards.person(uid: "size-\(index)", given: "Given", family: "Family\(index)"), name: "size-\(index).vcf")
        }
        let whole = try await listing(of: server, limit: 256 << 20)
        var hrefs = 0
        _ = try MultistatusParser.parse(whole.body) { item in
            if item.href.hasSuffix(".vcf") { hrefs += 1 }
        }
        #expect(hrefs == 20, "every card listed from a body gathered chunk by chunk")

        // Exactly the body's size is within the limit; a byte less is not.
        let exact = try await listing(of: server, limit: whole.body.count)
        #expect(exact.body.count == whole.body.count)
        do {
            _ = try await listing(of: server, limit: whole.body.count - 1)
            Issue.record("a body one byte over the limit was accepted")
        } catch let error as SyncError {
            #expect(error.code == .responseTooLarge)
            #expect(!"\(error)".contains("Family"), "no card text in the error")
        }
    }
}
