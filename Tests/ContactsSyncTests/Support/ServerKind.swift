import Testing

/// The CardDAV servers the tests run: both from PyPI, started on loopback by each test.
enum ServerKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// Radicale 3: HTTP Basic over plain http, books in a folder tree, sync-collection, vCard 3.0.
    case radicale
    /// Xandikos: books in git repositories, sync-collection, stores cards byte for byte.
    case xandikos

    var testDescription: String { rawValue }
}
