/// How long a sync waits for the server, in seconds.
public struct SyncTimeouts: Codable, Hashable, Sendable {
    /// To open a connection.
    public var connect: Double
    /// Between two reads of a response.
    public var read: Double
    /// For a whole request and its response.
    public var request: Double
    /// For a listing of an address book (a `sync-collection` report, a `PROPFIND` of every card's entity tag),
    /// from the request to the last byte of its answer: this replaces both `read` and `request` for those
    /// requests only.
    ///
    /// A server may compute the whole listing before it sends its first byte: Radicale took longer than a
    /// minute for a book of 100,000 cards on a loaded two-core machine, so the `read` limit that catches a
    /// stalled download would end every first sync of a large book. Every other request keeps the short
    /// limits, so a server that stops answering is still noticed within `read` seconds of a card download. (A
    /// `sync-collection` with a token is given the same allowance: a server may walk the whole book to answer it.)
    public var listing: Double

    public init(connect: Double = 10, read: Double = 60, request: Double = 300, listing: Double = 900) {
        self.connect = connect
        self.read = read
        self.request = request
        self.listing = listing
    }

    public init(from decoder: any Decoder) throws {
        // Timeouts saved by an older build lack `listing`: it takes its default.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let standard = SyncTimeouts()
        connect = try container.decodeIfPresent(Double.self, forKey: .connect) ?? standard.connect
        read = try container.decodeIfPresent(Double.self, forKey: .read) ?? standard.read
        request = try container.decodeIfPresent(Double.self, forKey: .request) ?? standard.request
        listing = try container.decodeIfPresent(Double.self, forKey: .listing) ?? standard.listing
    }

    public static let standard = SyncTimeouts()
}
