import Foundation

/// A contact access button for a web page, which contactsd serves as a cross-origin frame.
///
/// The app describes the button as SwiftUI's `ContactAccessButton` does (a query string, the e-mail addresses
/// and phone numbers to leave out, a caption and a style); ``CNContactStore/startWebAccessButton(_:approvalCallback:)``
/// returns the address of the frame to put in the app's page. The frame shows the person contacts matching the
/// query that the app cannot see; the app never sees them, and learns only the identifiers the person shares.
///
/// ```swift
/// var button = WebAccessButton(queryString: "ann@example.com")
/// button.caption = .email
/// let session = try CNContactStore().startWebAccessButton(button)
/// page.embed(session.url)                         // <iframe src="..."> on the registered origin
/// for await identifiers in session.grants { ... } // newly shared contacts
/// ```
///
/// Parity: our addition, shaped after `ContactAccessButton(queryString:ignoredEmails:ignoredPhoneNumbers:
/// approvalCallback:)`, its `Caption` and its style modifiers (font weight, foreground, tint, image width).
public struct WebAccessButton: Hashable, Sendable {
    /// What the button shows under a contact's name.
    public enum Caption: Hashable, Sendable {
        /// The system's text ("Share with “App”").
        case defaultText
        /// The contact's e-mail address that matches the query, else its first.
        case email
        /// The contact's phone number that matches the query, else its first.
        case phone
    }

    /// How the button is drawn. contactsd refuses a style whose text and background contrast less than 4.5:1.
    public struct Style: Hashable, Sendable {
        /// A color in sRGB, each component from 0 to 1.
        public struct Color: Hashable, Sendable {
            public var red: Double
            public var green: Double
            public var blue: Double

            public init(red: Double, green: Double, blue: Double) {
                self.red = red
                self.green = green
                self.blue = blue
            }
        }

        /// The weight of the name, as a CSS weight from 100 to 900 in steps of 100; nil: 600.
        public var fontWeight: Int?
        /// The text color; nil: white.
        public var foreground: Color?
        /// The button's background; nil: the system's dark blue.
        public var tint: Color?
        /// The width of the contact's image, in points from 16 to 96; nil: 32.
        public var imageWidth: Int?

        public init(fontWeight: Int? = nil, foreground: Color? = nil, tint: Color? = nil, imageWidth: Int? = nil) {
            self.fontWeight = fontWeight
            self.foreground = foreground
            self.tint = tint
            self.imageWidth = imageWidth
        }
    }

    /// The text to match against the names, e-mail addresses and phone numbers of contacts.
    public var queryString: String
    /// Contacts with any of these e-mail addresses are left out.
    public var ignoredEmails: Set<String>
    /// Contacts with any of these phone numbers are left out.
    public var ignoredPhoneNumbers: Set<String>
    public var caption: Caption
    public var style: Style

    /// Creates a button description.
    public init(
        queryString: String, ignoredEmails: Set<String>? = nil, ignoredPhoneNumbers: Set<String>? = nil,
        caption: Caption = .defaultText, style: Style = Style()
    ) {
        self.queryString = queryString
        self.ignoredEmails = ignoredEmails ?? []
        self.ignoredPhoneNumbers = ignoredPhoneNumbers ?? []
        self.caption = caption
        self.style = style
    }
}

/// A contact access button contactsd serves for the app's web page, until ``end()`` or the store goes away.
///
/// Parity: our addition (see ``WebAccessButton``).
public final class WebAccessButtonSession: Sendable {
    /// The frame to embed in the app's page, `http://127.0.0.1:<port>/button/<session>`. Only the person's
    /// browser sees contacts in it.
    public let url: URL
    /// The only origin allowed to frame the button (the administrator registered it for the app); the frame's
    /// `postMessage` with the shared identifiers goes to it.
    public let embeddingOrigin: String
    /// The identifiers of the contacts the person shares through the button, one element per tap that
    /// shared something, sorted; the sequence finishes when the session ends.
    public let grants: AsyncStream<[String]>
    private let ending: @Sendable () throws -> Void
    private let updating: @Sendable (String, Set<String>, Set<String>) throws -> Void

    init(
        url: URL, embeddingOrigin: String, grants: AsyncStream<[String]>, end: @escaping @Sendable () throws -> Void,
        update: @escaping @Sendable (String, Set<String>, Set<String>) throws -> Void
    ) {
        self.url = url
        self.embeddingOrigin = embeddingOrigin
        self.grants = grants
        self.ending = end
        self.updating = update
    }

    /// Gives the button a new query, as a `ContactAccessButton` follows the search field it sits under; its
    /// caption and style stay. Matches the frame shows for the old query are taken back at once (a tap on one
    /// grants nothing); load the frame again (set the iframe's `src` anew) to show the new query's matches.
    ///
    /// ```swift
    /// try session.update(queryString: "Ann L")
    /// ```
    ///
    /// - Throws: `CNError.recordDoesNotExist` (200) when the session ended; `CNError.validationConfigurationError`
    ///   (302) for a query over the limits (1,000 characters, 1,000 ignored values of each kind).
    public func update(queryString: String, ignoredEmails: Set<String> = [], ignoredPhoneNumbers: Set<String> = [])
        throws
    {
        try updating(queryString, ignoredEmails, ignoredPhoneNumbers)
    }

    /// Ends the session: the frame shows nothing from now on and ``grants`` finishes.
    ///
    /// - Throws: `CNError.recordDoesNotExist` (200) when the session already ended.
    public func end() throws {
        try ending()
    }
}
