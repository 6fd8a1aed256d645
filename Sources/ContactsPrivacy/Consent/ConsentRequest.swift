/// What a consent agent shows the person: the app, its purpose, and which choices to offer.
///
/// Parity: our addition; the content of Apple's consent alerts.
public struct ConsentRequest: Hashable, Sendable {
    /// Which prompt to show.
    public enum Style: Hashable, Sendable {
        /// iOS 18's two stages: share at all? then share all contacts or select contacts.
        case standard
        /// The simplified prompt of the contact access button: limited access or nothing.
        case limitedOnly
    }

    /// The app asking.
    public var app: AppIdentity
    /// The app's purpose string (`NSContactsUsageDescription`).
    public var purpose: String
    /// Which prompt to show.
    public var style: Style

    /// Creates a request.
    public init(app: AppIdentity, purpose: String, style: Style = .standard) {
        self.app = app
        self.purpose = purpose
        self.style = style
    }
}
