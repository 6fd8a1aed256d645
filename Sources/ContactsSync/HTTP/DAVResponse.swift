/// One HTTP response, its body read whole (responses are bounded: one batch of cards at most), or, for a
/// book's listing, written to a private temporary file (``spooled``).
struct DAVResponse: Sendable {
    var status: Int
    var headers: [(name: String, value: String)]
    /// The body, unless it was spooled to a file.
    var body: [UInt8]
    /// A listing's successful body, in a file instead of ``body`` (``DAVRequest/listsBook``).
    var spooled: SpooledBody?

    init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = [], spooled: SpooledBody? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.spooled = spooled
    }

    /// The first value of a header, matched without regard to case.
    func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The `ETag` header, which a server sends after a write when it stored the body as sent.
    var etag: String? { header("ETag") }

    var isSuccess: Bool { (200..<300).contains(status) }
}
