import Foundation
import Testing

@testable import ContactsSync

/// A response is gathered up to the transport's limit and refused past it, with `responseTooLarge` and nothing
/// of the body in the error.
@Suite(.tags(.integration))
struct ResponseSizeTests {
    func listing(of server: CardDAVTestServer, limit: Int, listsBook: Bool = false) async throws -> DAVResponse {
        let transport = try HTTPClientTransport(
            pinnedCertificate: server.certificate, timeouts: SyncTimeouts(connect: 5, read: 30, request: 60),
            maximumResponseSize: limit)
        let client = DAVClient(transport: transport, credentials: server.credentials)
        var request = DAVRequest(method: "PROPFIND", url: server.bookURL, depth: "1", xml: DAVRequestBody.etags)
        request.listsBook = listsBook
        do {
            let (response, _) = try await client.send(request, expecting: [207])
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
            try await server.put(
                Cards.person(uid: "size-\(index)", given: "Given", family: "Family\(index)"), name: "size-\(index).vcf")
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

    /// A book's listing is written to a file only its owner can read and that has no name (so a killed process
    /// leaves nothing behind), parsed from there, and closed once the answer is gone; the limit holds for it as
    /// for a body in memory.
    @Test(arguments: ServerKind.allCases)
    func aListingGoesToAPrivateNamelessFileAndKeepsTheLimit(kind: ServerKind) async throws {
        let server = try CardDAVTestServer.start(kind)
        for index in 0..<20 {
            try await server.put(
                Cards.person(uid: "size-\(index)", given: "Given", family: "Family\(index)"), name: "size-\(index).vcf")
        }
        var size = 0
        do {
            let whole = try await listing(of: server, limit: 256 << 20, listsBook: true)
            let spooled = try #require(whole.spooled, "a listing's answer is spooled")
            #expect(whole.body.isEmpty, "and not also held in memory")
            size = spooled.size
            var status = stat()
            #expect(fstat(spooled.descriptor, &status) == 0)
            #expect(status.st_mode & 0o777 == 0o600, "only its owner may read it")
            #expect(status.st_nlink == 0, "no directory names it")
            #expect(Int(status.st_size) == size)
            var hrefs = 0
            _ = try MultistatusParser.parse(whole) { item in
                if item.href.hasSuffix(".vcf") { hrefs += 1 }
            }
            #expect(hrefs == 20, "every card listed from the file")
        }

        let exact = try await listing(of: server, limit: size, listsBook: true)
        #expect(exact.spooled?.size == size)
        do {
            _ = try await listing(of: server, limit: size - 1, listsBook: true)
            Issue.record("a listing one byte over the limit was accepted")
        } catch let error as SyncError {
            #expect(error.code == .responseTooLarge)
            #expect(!"\(error)".contains("Family"), "no card text in the error")
        }
    }
}
