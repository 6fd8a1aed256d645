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

    /// A listing of a large book on one line, as Radicale writes it: 70,000 responses, about 12 MB, more than
    /// libxml2 takes in one piece. Read whole, and handed over one by one.
    @Test
    func aListingLargerThanTenMegabytesIsReadWhole() throws {
        var body = #"<?xml version="1.0" encoding="utf-8"?><multistatus xmlns="DAV:">"#
        for index in 0..<70_000 {
            body +=
                "<response><href>/alice/book/u\(index).vcf</href><propstat><prop><getetag>\"etag-\(index)-0123456789abcdef"
                + "0123456789abcdef\"</getetag></prop><status>HTTP/1.1 200 OK</status></propstat></response>"
        }
        body += "<sync-token>token-9</sync-token></multistatus>"
        let bytes = Array(body.utf8)
        #expect(bytes.count > 10_000_000)
        var hrefs: [String] = []
        let status = try MultistatusParser.parse(bytes) { hrefs.append($0.href) }
        #expect(hrefs.count == 70_000)
        #expect(hrefs.last == "/alice/book/u69999.vcf")
        #expect(status.syncToken == "token-9")
        #expect(try MultistatusParser.parse(bytes).responses.count == 70_000)
    }
}
