import ContactsModel
import ContactsVCard

/// How `CNContactStore.exportVCards(to:selection:options:)` writes cards.
///
/// ```swift
/// var options = ContactExportOptions()
/// options.version = .v4_0
/// options.groupStyle = .categories
/// try store.exportVCards(to: url, options: options)
/// ```
///
/// Parity: our addition.
public struct ContactExportOptions: Hashable, Sendable {
    /// How groups appear in the output.
    public enum GroupStyle: Hashable, Sendable {
        /// Apple's group cards for 3.0 (`X-ADDRESSBOOKSERVER-KIND:group`), vCard 4 group cards for 4.0.
        /// The default.
        case automatic
        /// A card per group with `X-ADDRESSBOOKSERVER-KIND:group` and `X-ADDRESSBOOKSERVER-MEMBER`, as
        /// Apple's Contacts and CardDAV servers write them, in either version.
        case appleGroupCards
        /// A card per group with `KIND:group` and `MEMBER` (RFC 6350), in either version.
        case vCard4Kind
        /// No group cards: each contact's card lists its groups' names in `CATEGORIES`.
        case categories
        /// No groups at all.
        case none
    }

    /// The vCard version; 3.0 unless set.
    public var version: VCardWritingOptions.Version
    /// Whether to write photos; true unless set.
    public var includesPhotos: Bool
    /// Whether to write notes; true unless set.
    public var includesNotes: Bool
    /// How groups are written; ``GroupStyle/automatic`` unless set. Group cards are written for a whole-store
    /// export (every group) and for a group's export (that group); a predicate's export has none.
    public var groupStyle: GroupStyle
    /// The order of the contact cards: `.none` (storage order, the fastest) unless set; `.userDefault`
    /// follows the person's setting.
    public var sortOrder: CNContactSortOrder = .none

    /// Creates options.
    ///
    /// - Parameters:
    ///   - version: The vCard version; 3.0 by default.
    ///   - includesPhotos: Whether to write photos; true by default.
    ///   - includesNotes: Whether to write notes; true by default.
    ///   - groupStyle: How groups are written; ``GroupStyle/automatic`` by default.
    public init(
        version: VCardWritingOptions.Version = .v3_0,
        includesPhotos: Bool = true,
        includesNotes: Bool = true,
        groupStyle: GroupStyle = .automatic
    ) {
        self.version = version
        self.includesPhotos = includesPhotos
        self.includesNotes = includesNotes
        self.groupStyle = groupStyle
    }

    var writingOptions: VCardWritingOptions {
        VCardWritingOptions(version: version, includesPhoto: includesPhotos, includesNote: includesNotes)
    }
}
