/// One card of a server's listing, as a sync writes it to the store while the listing is parsed.
package struct SyncListingEntry: Sendable, Hashable {
    package var href: String
    /// The card's entity tag as listed; nil for a removal, or when the server named none.
    package var etag: String?
    /// Whether the server listed the card as removed (a 404 in a `sync-collection` report).
    package var isRemoved: Bool

    package init(href: String, etag: String?, isRemoved: Bool = false) {
        self.href = href
        self.etag = etag
        self.isRemoved = isRemoved
    }
}
