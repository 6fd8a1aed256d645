import ContactsEngine
import Foundation

/// Asks a book what changed: `sync-collection` since the stored token where the server has it, else every
/// card's entity tag.
///
/// An expired or unknown token (`valid-sync-token` precondition, or a 403/409/410 to a non-empty token) falls
/// back to a full comparison; a truncated report (507 on the book in the multistatus, RFC 6578 §3.6) is
/// continued from the token it returned until the server has said everything.
///
/// Each answer is read from the file it was spooled to and every listed card goes to the store as it is parsed
/// (``ListingRecorder``): the listing is never whole in memory.
struct RemoteLister: Sendable {
    let client: DAVClient
    let bookURL: URL

    /// What the listing found, and whether the server turned out not to support sync-collection.
    struct Outcome: Sendable {
        var listing: RemoteListing
        var supportsSyncCollection: Bool
        /// Whether the stored token was refused and everything was listed again.
        var tokenExpired = false
    }

    /// - Parameter recorder: Where the listed cards go, as they are parsed.
    func list(
        token: String?, storedCTag: String?, supportsSyncCollection: Bool, into recorder: ListingRecorder
    ) async throws -> Outcome {
        if supportsSyncCollection {
            if let outcome = try await syncCollection(token: token, into: recorder) { return outcome }
            // The server does not answer the report after all: compare entity tags from now on.
            try recorder.restart()
            var outcome = try await etags(storedCTag: nil, into: recorder)
            outcome.supportsSyncCollection = false
            return outcome
        }
        return try await etags(storedCTag: storedCTag, into: recorder)
    }

    /// The report, looping over truncated answers; nil when the server does not support it.
    private func syncCollection(token: String?, into recorder: ListingRecorder) async throws -> Outcome? {
        var listing = RemoteListing()
        listing.isComplete = token == nil
        var current = token
        var tokenExpired = false
        // A server that truncates forever without moving its token would loop; a generous bound stops it.
        for _ in 0..<10_000 {
            var request = DAVRequest(
                method: "REPORT", url: bookURL, depth: "0", xml: DAVRequestBody.syncCollection(token: current))
            request.listsBook = true
            let (response, _) = try await client.send(request)
            switch response.status {
            case 207:
                break
            case 400, 403, 409, 410:
                // RFC 6578 §3.2: an invalid token is a 403 (or 409) with the valid-sync-token precondition;
                // some servers answer other 4xx. Either way the token is no good: start over from nothing.
                // Without a token, the refusal means the server does not offer the report.
                guard current != nil else { return nil }
                try recorder.restart()
                listing = RemoteListing()
                listing.isComplete = true
                current = nil
                tokenExpired = true
                continue
            case 401:
                throw DAVClient.statusError(401, method: "REPORT")
            case 500..<600:
                throw DAVClient.statusError(response.status, method: "REPORT")
            default:
                return nil
            }
            var truncated = false
            let status = try MultistatusParser.parse(response) { item in
                if DiscoveryMachine.sameResource(item.href, bookURL) {
                    // The book itself in its own report: 507 says the answer was cut short.
                    truncated = truncated || item.status == 507
                } else if item.status == 404 || item.status == 410 {
                    try recorder.add(SyncListingEntry(href: Href.canonical(item.href), etag: nil, isRemoved: true))
                } else if !item.properties.resourceTypes.contains("collection") {
                    try recorder.add(SyncListingEntry(href: Href.canonical(item.href), etag: item.properties.etag))
                }
            }
            try recorder.flush()
            guard let next = status.syncToken, !next.isEmpty else {
                throw SyncError(.malformedResponse, "REPORT: the sync-collection answer has no sync-token")
            }
            listing.syncToken = next
            if truncated && next == current {
                // A truncated answer that did not move the token would repeat itself: what was listed stands,
                // but it is not the whole book, so nothing missing from it counts as removed.
                listing.isComplete = false
                return Outcome(listing: listing, supportsSyncCollection: true, tokenExpired: tokenExpired)
            }
            if !truncated {
                return Outcome(listing: listing, supportsSyncCollection: true, tokenExpired: tokenExpired)
            }
            current = next
        }
        throw SyncError(.malformedResponse, "REPORT: the server truncated its answer without end")
    }

    /// Every card's entity tag (PROPFIND depth 1), unless the ctag shows nothing changed.
    private func etags(storedCTag: String?, into recorder: ListingRecorder) async throws -> Outcome {
        let state = DAVRequest(method: "PROPFIND", url: bookURL, depth: "0", xml: DAVRequestBody.collectionState)
        let (stateResponse, _) = try await client.send(state, expecting: [207])
        let ctag = try MultistatusParser.parse(stateResponse.body).responses.first?.properties.ctag
        if let ctag, let storedCTag, ctag == storedCTag {
            return Outcome(listing: RemoteListing(ctag: ctag), supportsSyncCollection: false)
        }
        var request = DAVRequest(method: "PROPFIND", url: bookURL, depth: "1", xml: DAVRequestBody.etags)
        request.listsBook = true
        let (response, _) = try await client.send(request, expecting: [207])
        var listing = RemoteListing()
        listing.isComplete = true
        listing.ctag = ctag
        _ = try MultistatusParser.parse(response) { item in
            guard !DiscoveryMachine.sameResource(item.href, bookURL),
                !item.properties.resourceTypes.contains("collection")
            else { return }
            try recorder.add(SyncListingEntry(href: Href.canonical(item.href), etag: item.properties.etag))
        }
        try recorder.flush()
        return Outcome(listing: listing, supportsSyncCollection: false)
    }
}
