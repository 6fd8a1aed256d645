import ContactsClient
import ContactsModel
import ContactsProtocol
import Foundation

extension CNContactStore {
    /// Starts a contact access button for the app's web page and returns the frame to embed.
    ///
    /// Daemon mode only: the frame is served by contactsd, framable only by the web origin the administrator
    /// registered for the app (`contacts apps register --web-origin`). The frame shows contacts matching the query
    /// that the app cannot see, to the person only; a genuine tap on a fully visible, legible button shares the
    /// contact (in not determined, after the simplified limited-access prompt), and the app receives the
    /// identifiers through ``WebAccessButtonSession/grants`` and `approvalCallback`. With full access the frame
    /// shows nothing; denied or restricted, nothing either.
    ///
    /// ```swift
    /// let session = try store.startWebAccessButton(WebAccessButton(queryString: "Ann")) { identifiers in
    ///     print("shared:", identifiers)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - button: The query, caption and style.
    ///   - approvalCallback: Called with the newly shared identifiers after each tap that shared something.
    /// - Returns: The session: the frame's URL and the grants.
    /// - Throws: `CNError.featureNotAvailable` (104) in embedded mode, when contactsd serves no screens, or when
    ///   the app has no registered web origin; `CNError.validationConfigurationError` (302) when the style is
    ///   illegible (contrast below 4.5:1) or out of range; `CNError.communicationError` (1) without the daemon.
    ///
    /// Parity: our addition, after `ContactAccessButton(queryString:ignoredEmails:ignoredPhoneNumbers:
    /// approvalCallback:)`.
    public func startWebAccessButton(
        _ button: WebAccessButton, approvalCallback: (@Sendable ([String]) -> Void)? = nil
    ) throws -> WebAccessButtonSession {
        guard let daemon = connection as? DaemonConnection else {
            throw CNError(
                .featureNotAvailable,
                userInfo: [
                    NSDebugDescriptionErrorKey:
                        "the contact access button for web pages is served by contactsd; this store is embedded"
                ])
        }
        let (grants, continuation) = AsyncStream.makeStream(of: [String].self)
        let reply = try daemon.startAccessButton(
            Self.wire(button),
            onGrant: { identifiers in
                approvalCallback?(identifiers)
                continuation.yield(identifiers)
            },
            onEnd: { continuation.finish() })
        guard let url = URL(string: reply.url) else { throw CNError(.communicationError) }
        let sessionID = reply.sessionID
        return WebAccessButtonSession(
            url: url, embeddingOrigin: reply.embeddingOrigin, grants: grants,
            end: { try daemon.endAccessButton(sessionID) },
            update: { queryString, emails, phones in
                var request = Contacts_V1_UpdateAccessButtonRequest()
                request.sessionID = sessionID
                request.queryString = queryString
                request.ignoredEmails = emails.sorted()
                request.ignoredPhoneNumbers = phones.sorted()
                try daemon.updateAccessButton(request)
            })
    }

    private static func wire(_ button: WebAccessButton) -> Contacts_V1_StartAccessButtonRequest {
        var request = Contacts_V1_StartAccessButtonRequest()
        request.queryString = button.queryString
        request.ignoredEmails = button.ignoredEmails.sorted()
        request.ignoredPhoneNumbers = button.ignoredPhoneNumbers.sorted()
        switch button.caption {
        case .defaultText: request.caption = 0
        case .email: request.caption = 1
        case .phone: request.caption = 2
        }
        var style = Contacts_V1_ButtonStyle()
        if let foreground = button.style.foreground { style.foreground = color(foreground) }
        if let tint = button.style.tint { style.tint = color(tint) }
        // Out-of-range values go to the daemon as they are (clamped to the wire's type) and are refused there.
        style.fontWeight = UInt32(clamping: button.style.fontWeight ?? 0)
        style.imageWidth = UInt32(clamping: button.style.imageWidth ?? 0)
        request.style = style
        return request
    }

    private static func color(_ color: WebAccessButton.Style.Color) -> Contacts_V1_ButtonColor {
        var wire = Contacts_V1_ButtonColor()
        wire.red = color.red
        wire.green = color.green
        wire.blue = color.blue
        return wire
    }
}
