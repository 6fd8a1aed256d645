/// What a server offers for one address book, found by discovery and refined by syncs.
public struct AddressBookCapabilities: Codable, Hashable, Sendable {
    /// Whether the book answers `sync-collection` reports (RFC 6578); without it, a sync compares entity tags.
    public var supportsSyncCollection: Bool
    /// Whether the book answers `addressbook-multiget`; without it, cards are fetched one by one with GET.
    public var supportsMultiget: Bool
    /// The vCard versions the book accepts (`supported-address-data`), "3.0" when it does not say.
    public var vCardVersions: [String]
    /// Whether the person may not write the book (no write privilege): its container is read-only for apps
    /// (206 and 207 on saves) and a sync only downloads.
    public var isReadOnly: Bool
    /// How groups are written to the book.
    public var groupDialect: GroupDialect
    /// Whether the person chose the dialect; a chosen dialect is never replaced by what a sync detects.
    public var groupDialectIsChosen: Bool

    public init(
        supportsSyncCollection: Bool = true, supportsMultiget: Bool = true, vCardVersions: [String] = ["3.0"],
        isReadOnly: Bool = false, groupDialect: GroupDialect = .appleGroupCards, groupDialectIsChosen: Bool = false
    ) {
        self.supportsSyncCollection = supportsSyncCollection
        self.supportsMultiget = supportsMultiget
        self.vCardVersions = vCardVersions
        self.isReadOnly = isReadOnly
        self.groupDialect = groupDialect
        self.groupDialectIsChosen = groupDialectIsChosen
    }

    /// The version cards are written in: 4.0 only for a vCard 4 dialect on a book that takes it.
    var writesVersion4: Bool {
        vCardVersions.contains("4.0") && (groupDialect == .vCard4Kind || !vCardVersions.contains("3.0"))
    }
}
