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
}
