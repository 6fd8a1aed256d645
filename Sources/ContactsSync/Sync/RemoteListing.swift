/// What the server says changed in a book: from a sync-collection report (changes since a token) or from a
/// listing of every card's entity tag.
///
/// The cards themselves are not here: they went to the store as the listing was parsed (``ListingRecorder``),
/// and the download reads them back a batch at a time, so the listing is never whole in memory.
struct RemoteListing: Sendable {
    /// Whether the listing names every card of the book, so a known card missing from it was removed.
    var isComplete = false
    /// The token to ask from next time; nil for servers without sync-collection.
    var syncToken: String?
    /// The book's ctag when the server gave one.
    var ctag: String?
}
