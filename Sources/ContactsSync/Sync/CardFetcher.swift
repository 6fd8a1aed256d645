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

    private func multiget(_ hrefs: [String]) async throws -> FetchedCards {
        let request = DAVRequest(method: "REPORT", url: bookURL, depth: "1", xml: DAVRequestBody.multiget(hrefs: hrefs))
        let (response, _) = try await client.send(request, expecting: [207])
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
            case 500..<600: throw DAVClient.statusError(response.status, method: "GET")
            default: result.missing.append(href)
            }
        }
        return result
    }

    /// An href reduced to its decoded path, for matching.
    static func key(_ href: String) -> String {
        let path = URL(string: href).map { $0.path.isEmpty ? href : $0.path } ?? href
        return path.removingPercentEncoding ?? path
    }
}
