/// The XML bodies of the requests a sync sends: PROPFIND, `addressbook-multiget` (RFC 6352) and
/// `sync-collection` (RFC 6578).
enum DAVRequestBody {
    private static let header = #"<?xml version="1.0" encoding="utf-8"?>"#
    private static let namespaces =
        #"xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav" xmlns:cs="http://calendarserver.org/ns/""#

    /// `current-user-principal`, asked of the URL the person gave.
    static let principal = propfind(["d:current-user-principal", "d:resourcetype"])

    /// `addressbook-home-set`, asked of the principal.
    static let homeSet = propfind(["c:addressbook-home-set", "d:current-user-principal"])

    /// What a collection is and what its server offers: asked of the home set with depth 1, or of a book.
    ///
    /// Not the sync token or ctag: discovery does not use them, and a server may compute them over every card
    /// of the book (Radicale hashes each card for either, 0.75 s of its time for a book of 10,000).
    static let collections = propfind([
        "d:resourcetype", "d:displayname", "c:supported-address-data", "d:current-user-privilege-set",
        "d:supported-report-set",
    ])

    /// The entity tag of every card of a book (depth 1), for servers without sync-collection.
    static let etags = propfind(["d:resourcetype", "d:getetag"])

    /// The collection's ctag and sync token alone (depth 0).
    static let collectionState = propfind(["cs:getctag", "d:sync-token"])

    static func propfind(_ properties: [String]) -> String {
        header + "<d:propfind \(namespaces)><d:prop>" + properties.map { "<\($0)/>" }.joined()
            + "</d:prop></d:propfind>"
    }

    /// The cards at some hrefs, with their entity tags.
    static func multiget(hrefs: [String]) -> String {
        var body = header + "<c:addressbook-multiget \(namespaces)><d:prop><d:getetag/><c:address-data/></d:prop>"
        body.reserveCapacity(body.utf8.count + hrefs.count * 80)
        for href in hrefs {
            body += "<d:href>" + escaped(href) + "</d:href>"
        }
        return body + "</c:addressbook-multiget>"
    }

    /// The changes since a token (empty for everything), with entity tags only.
    static func syncCollection(token: String?) -> String {
        header + "<d:sync-collection \(namespaces)><d:sync-token>" + escaped(token ?? "") + "</d:sync-token>"
            + "<d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>"
    }

    /// Text escaped for XML character data.
    static func escaped(_ text: String) -> String {
        guard text.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" }) else { return text }
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.append(character)
            }
        }
        return result
    }
}
