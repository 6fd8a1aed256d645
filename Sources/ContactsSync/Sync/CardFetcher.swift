import Foundation

/// Fetches cards from a book: `addressbook-multiget` for a batch, or GET one by one where the server has no
/// multiget.
struct CardFetcher: Sendable {
    let client: DAVClient
    let bookURL: URL
    let usesMultiget: Bool

    func fetch(_ hrefs: [String]) async throws -> FetchedCards {
        guard !hrefs.isEmpty else { return FetchedCards() }
        return usesMultiget ? try await multiget(hrefs) : try await getEach(hrefs)
    }

    /// A batch through `addressbook-multiget`.
    ///
    /// A card holding characters XML 1.0 cannot carry (control characters) breaks the whole multistatus on
    /// servers that write cards into it as they are (Xandikos). Halves are asked for until such cards stand
    /// alone, and each is then fetched with GET, whose body is the card itself and needs no XML. When no card of
    /// a batch of several comes back readable, the server's answers are broken, not one card: the sync stops
    /// with `malformedResponse` and the next one finishes the job.
    private func multiget(_ hrefs: [String]) async throws -> FetchedCards {
        var (result, unwritable) = try await multigetSplitting(hrefs)
        guard !unwritable.isEmpty else { return result }
        if hrefs.count > 1, unwritable.count == hrefs.count {
            throw SyncError(
                .malformedResponse, "REPORT: no card of a batch of \(hrefs.count) came back as well-formed XML")
        }
        result.append(try await getEach(unwritable))
        return result
    }

    /// A multiget split in halves when its answer is not well-formed XML; returns the cards and the hrefs that
    /// stayed unreadable alone.
    private func multigetSplitting(_ hrefs: [String]) async throws -> (FetchedCards, unwritable: [String]) {
        do {
            return (try await multigetOnce(hrefs), [])
        } catch let error as SyncError where error.code == .malformedResponse {
            guard hrefs.count > 1 else { return (FetchedCards(), hrefs) }
            var (result, unwritable) = try await multigetSplitting(Array(hrefs[..<(hrefs.count / 2)]))
            let (second, alsoUnwritable) = try await multigetSplitting(Array(hrefs[(hrefs.count / 2)...]))
            result.append(second)
            unwritable += alsoUnwritable
            return (result, unwritable)
        }
    }

    private func multigetOnce(_ hrefs: [String]) async throws -> FetchedCards {
        let request = DAVRequest(method: "REPORT", url: bookURL, depth: "1", xml: DAVRequestBody.multiget(hrefs: hrefs))
        let (response, _) = try await client.send(request)
        if (500..<600).contains(response.status) {
            // One card the server cannot serve fails the whole batch on some servers: halves are asked for
            // until the failing cards stand alone; they are reported, the rest come down.
            guard hrefs.count > 1 else {
                var result = FetchedCards()
                result.failed.append((hrefs[0], response.status))
                return result
            }
            var result = try await multiget(Array(hrefs[..<(hrefs.count / 2)]))
            result.append(try await multiget(Array(hrefs[(hrefs.count / 2)...])))
            if result.failed.count == hrefs.count {
                throw DAVClient.statusError(response.status, method: "REPORT")
            }
            return result
        }
        guard response.status == 207 else { throw DAVClient.statusError(response.status, method: "REPORT") }
        let status = try MultistatusParser.parse(response.body)
        // Servers may spell an href differently from the request (percent-encoding): matched by decoded path.
        var requested: [String: String] = [:]
        for href in hrefs { requested[Self.key(href)] = href }
        var result = FetchedCards()
        var answered: Set<String> = []
        for item in status.responses {
            guard let href = requested[Self.key(item.href)] else { continue }
            answered.insert(href)
            if let data = item.properties.addressData {
                result.cards.append(ServerCard(href: href, etag: item.properties.etag, bytes: Array(data.utf8)))
            } else if item.status == 404 || item.status == 410 {
                result.gone.append(href)
            } else {
                result.missing.append(href)
            }
        }
        result.missing += hrefs.filter { !answered.contains($0) }
        return result
    }

    private func getEach(_ hrefs: [String]) async throws -> FetchedCards {
        var result = FetchedCards()
        for href in hrefs {
            guard let url = URL(string: href, relativeTo: bookURL)?.absoluteURL else {
                result.missing.append(href)
                continue
            }
            let (response, _) = try await client.send(DAVRequest(method: "GET", url: url))
            switch response.status {
            case 200: result.cards.append(ServerCard(href: href, etag: response.etag, bytes: response.body))
            case 404, 410: result.gone.append(href)
            case 500..<600: result.failed.append((href, response.status))
            default: result.missing.append(href)
            }
        }
        if hrefs.count > 1, result.failed.count == hrefs.count, let status = result.failed.first?.status {
            throw DAVClient.statusError(status, method: "GET")
        }
        return result
    }

    /// An href in the one spelling hrefs are matched in.
    static func key(_ href: String) -> String {
        Href.canonical(href)
    }
}
