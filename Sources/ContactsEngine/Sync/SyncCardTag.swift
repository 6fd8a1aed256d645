/// A card's entity tag and whether its creation is still being sent, for comparing with a server's listing.
package struct SyncCardTag: Sendable, Hashable {
    package var etag: String?
    package var isPendingCreate: Bool

    package init(etag: String?, isPendingCreate: Bool) {
        self.etag = etag
        self.isPendingCreate = isPendingCreate
    }
}
