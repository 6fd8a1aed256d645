import Foundation

/// Finds a server's address books from a URL the person gives, as RFC 6764 and RFC 6352 describe: the URL
/// itself (a book, or a page that names the principal), else `/.well-known/carddav`; then the principal's
/// `addressbook-home-set`; then the books in the home set.
///
/// A pure state machine: ``start()`` and ``receive(_:from:)`` return the next action, and the caller sends the
/// requests (``AccountDiscoverer``), so every path is testable without a server.
struct DiscoveryMachine {
    enum Action: Sendable {
        /// Send this request and pass the response to ``receive(_:from:)``.
        case send(DAVRequest)
        /// Discovery ended with these books.
        case finish(books: [DiscoveredAddressBook], principal: URL?)
        case fail(SyncError)
    }

    private enum State {
        case probingStart
        case probingWellKnown
        case readingPrincipal(URL)
        case listingHome(URL, principal: URL?)
        case readingBook(URL, principal: URL?)
        case done
    }

    private let startURL: URL
    private var state = State.probingStart

    init(url: URL) {
        startURL = url
    }

    mutating func start() -> Action {
        state = .probingStart
        return .send(DAVRequest(method: "PROPFIND", url: startURL, depth: "0", xml: DAVRequestBody.principal))
    }

    mutating func receive(_ response: DAVResponse, from url: URL) -> Action {
        if response.status == 401 {
            state = .done
            return .fail(DAVClient.statusError(401, method: "PROPFIND"))
        }
        switch state {
        case .probingStart, .probingWellKnown:
            return probed(response, from: url)
        case .readingPrincipal(let principal):
            return readPrincipal(response, principal: principal, from: url)
        case .listingHome(_, let principal):
            return listed(response, principal: principal, from: url, single: false)
        case .readingBook(_, let principal):
            return listed(response, principal: principal, from: url, single: true)
        case .done:
            return .fail(SyncError(.unexpectedStatus, "discovery already ended"))
        }
    }

    private mutating func probed(_ response: DAVResponse, from url: URL) -> Action {
        let found = response.status == 207 ? (try? MultistatusParser.parse(response.body)) : nil
        let here = found?.responses.first { Self.sameResource($0.href, url) } ?? found?.responses.first
        if let here, here.properties.isAddressBook {
            return readBook(url, principal: nil)
        }
        if let principalHref = here?.properties.currentUserPrincipal,
            let principal = URL(string: principalHref, relativeTo: url)?.absoluteURL
        {
            state = .readingPrincipal(principal)
            return .send(DAVRequest(method: "PROPFIND", url: principal, depth: "0", xml: DAVRequestBody.homeSet))
        }
        if case .probingStart = state, var components = URLComponents(url: startURL, resolvingAgainstBaseURL: false) {
            components.path = "/.well-known/carddav"
            components.query = nil
            if let wellKnown = components.url {
                state = .probingWellKnown
                return .send(DAVRequest(method: "PROPFIND", url: wellKnown, depth: "0", xml: DAVRequestBody.principal))
            }
        }
        state = .done
        if response.status == 207 || found != nil {
            return .fail(SyncError(.noAddressBooks, "the server names no principal and the URL is not an address book"))
        }
        return .fail(DAVClient.statusError(response.status, method: "PROPFIND"))
    }

    private mutating func readPrincipal(_ response: DAVResponse, principal: URL, from url: URL) -> Action {
        guard response.status == 207 else {
            state = .done
            return .fail(DAVClient.statusError(response.status, method: "PROPFIND"))
        }
        let found: Multistatus
        do {
            found = try MultistatusParser.parse(response.body)
        } catch {
            state = .done
            return .fail(
                error as? SyncError ?? SyncError(.malformedResponse, "the principal's properties cannot be read"))
        }
        let homes = found.responses.flatMap(\.properties.addressBookHomeSet)
        // Without a home set, books may sit in the principal itself.
        let home = homes.first.flatMap { URL(string: $0, relativeTo: url)?.absoluteURL } ?? principal
        state = .listingHome(home, principal: principal)
        return .send(DAVRequest(method: "PROPFIND", url: home, depth: "1", xml: DAVRequestBody.collections))
    }

    private mutating func readBook(_ book: URL, principal: URL?) -> Action {
        state = .readingBook(book, principal: principal)
        return .send(DAVRequest(method: "PROPFIND", url: book, depth: "0", xml: DAVRequestBody.collections))
    }

    private mutating func listed(_ response: DAVResponse, principal: URL?, from url: URL, single: Bool) -> Action {
        state = .done
        guard response.status == 207 else { return .fail(DAVClient.statusError(response.status, method: "PROPFIND")) }
        do {
            let found = try MultistatusParser.parse(response.body)
            var books = found.responses.compactMap { DiscoveredAddressBook($0, base: url) }
            if single { books = Array(books.prefix(1)) }
            guard !books.isEmpty else { return .fail(SyncError(.noAddressBooks, "the server lists no address book")) }
            return .finish(books: books, principal: principal)
        } catch {
            return .fail(error as? SyncError ?? SyncError(.malformedResponse, "the book list cannot be read"))
        }
    }

    /// Whether an href names a URL's resource (hrefs are usually absolute paths).
    static func sameResource(_ href: String, _ url: URL) -> Bool {
        guard let resolved = URL(string: href, relativeTo: url)?.absoluteURL else { return false }
        return resolved.path.trimmingSuffix("/") == url.path.trimmingSuffix("/")
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
