import Foundation

/// Hrefs in one spelling: servers percent-encode differently (`@` or `%40`), and the store matches hrefs as
/// text, so every href is decoded and encoded again the same way before it is compared or stored.
enum Href {
    /// Characters left as they are: RFC 3986's unreserved ones and the path separator.
    private static let kept = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/")

    /// The path of an href (absolute URL or path), decoded and encoded again with only unreserved characters
    /// left as they are.
    static func canonical(_ href: String) -> String {
        var path = href
        if let url = URL(string: href), url.scheme != nil,
            let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        {
            path = components.percentEncodedPath
        }
        let decoded = path.removingPercentEncoding ?? path
        return decoded.addingPercentEncoding(withAllowedCharacters: kept) ?? path
    }
}
