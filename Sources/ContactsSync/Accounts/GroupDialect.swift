/// How a server's cards describe groups. Servers store any card; the dialect is what the other clients of the
/// book understand.
public enum GroupDialect: String, Codable, Hashable, Sendable, CaseIterable {
    /// A card per group with `X-ADDRESSBOOKSERVER-KIND:group` and `X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:…`:
    /// iCloud, macOS and iOS, DAVx⁵, most vCard 3.0 books.
    case appleGroupCards = "apple"
    /// A vCard 4.0 card per group with `KIND:group` and `MEMBER` (RFC 6350).
    case vCard4Kind = "kind"
    /// No group cards: each contact lists its groups in `CATEGORIES` (Google, Thunderbird).
    case categories
}
