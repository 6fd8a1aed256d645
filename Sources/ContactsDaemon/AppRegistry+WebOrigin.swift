import Foundation

extension AppRegistry {
    /// The origin an administrator wrote for an app's web pages, in the form a browser sends it: lowercase
    /// `http` or `https`, a host, and a port only when it is not the scheme's default. Nil for anything else:
    /// a path, a query, credentials, a wildcard, `null`, or characters that could end a header value.
    ///
    /// The daemon puts the origin in the button frame's `Content-Security-Policy: frame-ancestors` and uses it as
    /// the frame's `postMessage` target, so only an origin in exactly this form is accepted: a registry entry
    /// with any other `webOrigin` has no button.
    ///
    /// ```swift
    /// AppRegistry.webOrigin("HTTPS://Friends.Example:443")   // "https://friends.example"
    /// AppRegistry.webOrigin("https://*.example")             // nil
    /// ```
    package static func webOrigin(_ text: String) -> String? {
        guard text.count <= 255, let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host?.lowercased(), !host.isEmpty,
            components.user == nil, components.password == nil, components.query == nil, components.fragment == nil,
            components.path.isEmpty || components.path == "/"
        else { return nil }
        // Letters, digits, '-' and '.' for names; an IPv6 literal stays out (its brackets are not worth the risk).
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-.")
        guard host.allSatisfy({ allowed.contains($0) }), !host.hasPrefix("."), !host.hasSuffix(".") else { return nil }
        let defaultPort = scheme == "https" ? 443 : 80
        if let port = components.port {
            guard (1...65535).contains(port) else { return nil }
            return port == defaultPort ? "\(scheme)://\(host)" : "\(scheme)://\(host):\(port)"
        }
        return "\(scheme)://\(host)"
    }

    /// The registered web origin of an app, host or sandboxed, by bundle identifier, from a trusted file only;
    /// nil when the app has none (or an invalid one).
    func webOrigin(of bundleIdentifier: String) -> String? {
        for file in files() where file.isTrusted {
            if let entry = file.entry, entry.bundleIdentifier == bundleIdentifier {
                return entry.webOrigin.flatMap(Self.webOrigin)
            }
            if let entry = file.sandboxedEntry, entry.bundleIdentifier == bundleIdentifier {
                return entry.webOrigin.flatMap(Self.webOrigin)
            }
        }
        return nil
    }
}
