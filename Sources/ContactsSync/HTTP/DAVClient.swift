import Foundation

/// Sends the protocol's requests for one account: adds the credentials, follows redirects keeping the
/// method (WebDAV methods must not turn into GET), and turns transport failures into ``SyncError``s.
struct DAVClient: Sendable {
    let transport: any DAVTransport
    let credentials: CardDAVCredentials?
    /// At most this many redirects per request.
    var maximumRedirects = 5

    /// Sends a request, following redirects.
    ///
    /// - Returns: The final response, whatever its status, and the URL that gave it.
    /// - Throws: ``SyncError`` `redirectLoop` when a redirect repeats a URL or they do not end; the transport's
    ///   errors.
    func send(_ request: DAVRequest) async throws -> (response: DAVResponse, url: URL) {
        var request = request
        var visited: Set<String> = [request.url.absoluteString]
        for _ in 0...maximumRedirects {
            var outgoing = request
            if let credentials { outgoing.headers.append(("Authorization", credentials.basicAuthorization)) }
            let response = try await transport.send(outgoing)
            guard [301, 302, 303, 307, 308].contains(response.status) else { return (response, request.url) }
            guard let location = response.header("Location"),
                let next = URL(string: location, relativeTo: request.url)?.absoluteURL
            else {
                throw SyncError(
                    .unexpectedStatus, "\(request.method): redirect without a location", status: response.status)
            }
            // A redirect must not take the credentials to another server, nor from https to http.
            guard next.host?.lowercased() == request.url.host?.lowercased(),
                next.scheme == request.url.scheme || next.scheme == "https"
            else {
                throw SyncError(
                    .forbidden, "\(request.method): the server redirected to another host", status: response.status)
            }
            guard visited.insert(next.absoluteString).inserted else {
                throw SyncError(
                    .redirectLoop, "\(request.method): the server's redirects go round in a circle",
                    status: response.status)
            }
            request.url = next
        }
        throw SyncError(.redirectLoop, "\(request.method): more than \(maximumRedirects) redirects")
    }

    /// Sends a request and requires one of some statuses.
    func send(_ request: DAVRequest, expecting statuses: Set<Int>) async throws -> (response: DAVResponse, url: URL) {
        let result = try await send(request)
        guard statuses.contains(result.response.status) else {
            throw Self.statusError(result.response.status, method: request.method)
        }
        return result
    }

    /// The error for a status a request did not expect.
    static func statusError(_ status: Int, method: String) -> SyncError {
        switch status {
        case 401: SyncError(.unauthorized, "\(method): the server refused the credentials", status: status)
        case 403: SyncError(.forbidden, "\(method): the server refused the request", status: status)
        case 404, 410: SyncError(.notFound, "\(method): not found on the server", status: status)
        case 500..<600: SyncError(.serverError, "\(method): the server failed with status \(status)", status: status)
        default: SyncError(.unexpectedStatus, "\(method): unexpected status \(status)", status: status)
        }
    }
}
