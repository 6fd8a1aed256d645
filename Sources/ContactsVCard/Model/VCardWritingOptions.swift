/// Options for writing vCards: the version and whether photos and notes are included.
///
/// `CNContactVCardSerialization.data(with:)` uses ``default``: vCard 3.0 shaped like Apple's exports, with
/// the photo and the note of each contact that holds those keys.
///
/// ```swift
/// var options = VCardWritingOptions()
/// options.version = .v4_0
/// options.includesPhoto = false
/// let data = try CNContactVCardSerialization.data(with: contacts, options: options)
/// ```
///
/// Parity: our addition. Apple reads its equivalent settings from user preferences.
public struct VCardWritingOptions: Hashable, Sendable {
    /// The vCard version to write.
    public enum Version: Hashable, Sendable {
        /// vCard 3.0 (RFC 2426), what Apple's Contacts writes.
        case v3_0
        /// vCard 4.0 (RFC 6350).
        case v4_0
    }

    /// The version to write; 3.0 unless set.
    public var version: Version
    /// Whether to write `PHOTO` for contacts whose image data key is available and set.
    public var includesPhoto: Bool
    /// Whether to write `NOTE` for contacts whose note key is available and set.
    public var includesNote: Bool

    /// Creates options.
    ///
    /// - Parameters:
    ///   - version: The vCard version; 3.0 by default.
    ///   - includesPhoto: Whether to write photos; true by default.
    ///   - includesNote: Whether to write notes; true by default.
    public init(version: Version = .v3_0, includesPhoto: Bool = true, includesNote: Bool = true) {
        self.version = version
        self.includesPhoto = includesPhoto
        self.includesNote = includesNote
    }

    /// vCard 3.0 with photos and notes when the contacts hold them.
    public static let `default` = VCardWritingOptions()
}
