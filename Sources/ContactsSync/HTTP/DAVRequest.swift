import Foundation

/// One HTTP request of the protocol, before authentication is added.
struct DAVRequest: Sendable {
    var method: String
    var url: URL
    var headers: [(name: String, value: String)] = []
    var body: [UInt8]?
    /// Whether this request lists an address book, whose answer may take the server minutes to begin
    /// (``SyncTimeouts/listing``) and grows with the book: a successful answer is written to a temporary file
    /// as it arrives (``DAVResponse/spooled``), not gathered in memory.
    var listsBook = false

    init(method: String, url: URL, headers: [(name: String, value: String)] = [], body: [UInt8]? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// A request with an XML body.
    init(method: String, url: URL, depth: String?, xml: String) {
        var headers: [(name: String, value: String)] = [("Content-Type", "application/xml; charset=utf-8")]
        if let depth { headers.append(("Depth", depth)) }
        self.init(method: method, url: url, headers: headers, body: Array(xml.utf8))
    }
}
