/// Decides which cards to download and which local records the server removed, from a listing and what the
/// store knows. Pure: the same listing and state always give the same plan.
enum SyncPlanner {
    struct Plan: Sendable, Equatable {
        /// Hrefs to fetch, in listing order.
        var downloads: [String] = []
        /// Hrefs the server no longer has, which the store knows.
        var removals: [String] = []
    }

    /// - Parameters:
    ///   - listing: What the server said.
    ///   - known: What the store knows of the hrefs in the listing, or of every href for a complete listing.
    static func plan(_ listing: RemoteListing, known: [String: (etag: String?, isPendingCreate: Bool)]) -> Plan {
        var plan = Plan()
        var listed: Set<String> = []
        for (href, etag) in listing.changed where listed.insert(href).inserted {
            // Without an entity tag the card cannot be compared, so it is fetched.
            if let etag, let stored = known[href], stored.etag == etag { continue }
            plan.downloads.append(href)
        }
        for href in listing.removed where !listed.contains(href) && known[href] != nil {
            plan.removals.append(href)
        }
        if listing.isComplete {
            // A card created locally whose upload never arrived is not a removal: it is still to be sent.
            for (href, stored) in known where !listed.contains(href) && !stored.isPendingCreate {
                if !plan.removals.contains(href) { plan.removals.append(href) }
            }
            plan.removals.sort()
        }
        return plan
    }
}
