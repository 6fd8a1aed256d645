/// A card as the server sent it.
struct ServerCard: Sendable {
    var href: String
    var etag: String?
    var bytes: [UInt8]
}

/// What one fetch of cards brought.
struct FetchedCards: Sendable {
    var cards: [ServerCard] = []
    /// Hrefs the server answered 404 for: removed since the listing.
    var gone: [String] = []
    /// Hrefs asked for that the server did not answer for.
    var missing: [String] = []
    /// Hrefs the server failed on (5xx) when asked for alone, with the status.
    var failed: [(href: String, status: Int)] = []

    mutating func append(_ other: FetchedCards) {
        cards += other.cards
        gone += other.gone
        missing += other.missing
        failed += other.failed
    }
}
