import Testing
@testable import ContactsSync

/// The multistatus reader refuses bodies that are not whole XML documents, which the platform's parser
/// recovers from without failing.
@Suite
struct MultistatusParserTests {
    static let whole = """
        <?xml version="1.0"?><d:multistatus xmlns:d="DAV:"><d:response><d:href>/book/a.vcf</d:href>\
        <d:propstat><d:prop><d:getetag>"1"</d:getetag></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat>\
        </d:response><d:sync-token>token-2</d:sync-token></d:multistatus>
        """

    static let broken = [
        // Cut in the middle of a tag, as a dropped connection leaves it.
        "<?xml version='1.0'?><multistatus xmlns='DAV:'><response><href>/x</hre",
        // Cut between elements: every tag is whole, the root is never closed.
        String(whole.prefix(whole.count - "</d:multistatus>".count)),
        // Tags closed in the wrong order.
        "<multistatus xmlns='DAV:'><response></multistatus></response>",
        "",
        "injected failure",
    ]

    @Test
    func aWholeBodyIsRead() throws {
        let status = try MultistatusParser.parse(Array(Self.whole.utf8))
        #expect(status.responses.map(\.href) == ["/book/a.vcf"])
        #expect(status.responses.first?.properties.etag == "\"1\"")
        #expect(status.syncToken == "token-2")
    }

    @Test(arguments: broken)
    func aBodyThatIsNotWholeXMLIsMalformed(body: String) {
        let error = #expect(throws: SyncError.self) { try MultistatusParser.parse(Array(body.utf8)) }
        #expect(error?.code == .malformedResponse)
    }
}
