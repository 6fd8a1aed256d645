/// The app's side of the contact access button: what to search for, and what to leave out.
///
/// Parity: `ContactAccessButton(queryString:ignoredEmails:ignoredPhoneNumbers:approvalCallback:)`.
public struct AccessButtonQuery: Hashable, Sendable {
    /// The text to match against contacts the app cannot see.
    public var queryString: String
    /// Contacts with any of these e-mail addresses are left out.
    public var ignoredEmails: Set<String>
    /// Contacts with any of these phone numbers are left out.
    public var ignoredPhoneNumbers: Set<String>
    /// How the app draws the button; an illegible style makes every tap grant nothing.
    public var style: AccessButtonStyle

    /// Creates a query.
    public init(
        queryString: String, ignoredEmails: Set<String>? = nil, ignoredPhoneNumbers: Set<String>? = nil,
        style: AccessButtonStyle = .standard
    ) {
        self.queryString = queryString
        self.ignoredEmails = ignoredEmails ?? []
        self.ignoredPhoneNumbers = ignoredPhoneNumbers ?? []
        self.style = style
    }
}
