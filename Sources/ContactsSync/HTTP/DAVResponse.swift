/// One HTTP response, its body read whole (responses are bounded: one batch of cards at most).
struct DAVResponse: Sendable {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first value of a header, matched without regard to case.
    func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The `ETag` header, which a server sends after a write when it stored the body as sent.
    var etag: String? { header("ETag") }

    var isSuccess: Bool { (200..<300).contains(status) }
}
