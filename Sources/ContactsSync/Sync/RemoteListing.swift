/// What the server says changed in a book: from a sync-collection report (changes since a token) or from a
/// listing of every card's entity tag.
struct RemoteListing: Sendable {
    /// Cards that are new or may have changed, with their entity tags.
    var changed: [(href: String, etag: String?)] = []
    /// Cards the server says were removed.
    var removed: [String] = []
    /// Whether `changed` lists every card of the book, so a known card missing from it was removed.
    var isComplete = false
    /// The token to ask from next time; nil for servers without sync-collection.
    var syncToken: String?
    /// The book's ctag when the server gave one.
    var ctag: String?
}
