import ContactsProtocol
import ContactsSystem
import ContactsWebUI
import Foundation

/// An app's contact access buttons for its web page (docs/WebUI.md): the daemon checks the app's request,
/// answers with the frame's address, and later pushes what the person shares through it.
extension ConnectionSession {
    /// Opens a button session for the app and replies with its frame's URL; grants follow under the same id.
    ///
    /// - Throws: 302 for an illegible style or an invalid caption, weight or image width; 104 when the daemon
    ///   serves no screens or the registry gives the app no web origin; 500 when the connection holds too many
    ///   sessions.
    func startAccessButton(id: UInt64, _ request: Contacts_V1_StartAccessButtonRequest, app: AppIdentity)
        throws(CNError)
    {
        let (query, look) = try Self.button(request, origin: try webOrigin(of: app))
        guard let screens = screens.current else {
            throw CNError(
                .featureNotAvailable,
                userInfo: [NSDebugDescriptionErrorKey: "contactsd serves no screens (it was started with --no-screens)"]
            )
        }
        guard let uid = credentials?.uid else { throw CNError(.authorizationDenied) }
        let sessionID = SecretToken().text
        let configuration = configuration
        let stores = stores
        let session = AccessButtonSession(
            id: sessionID, uid: uid, app: app, query: query, look: look, owner: ObjectIdentifier(self),
            deliver: { [weak self] identifiers in
                var grant = Contacts_V1_AccessButtonGrant()
                grant.sessionID = sessionID
                grant.identifiers = identifiers
                self?.send(id: id, .accessButtonGrant(grant))
            },
            // Done under the session's request id: no grant follows.
            ended: { [weak self] in self?.send(id: id, .done(Contacts_V1_Done())) },
            run: { session in
                // The person's side of the user's store, with this session as the agents the flow asks.
                let agents = AccessButtonAgents(session: session)
                let store = CNContactStore(
                    connection: EmbeddedConnection(
                        sharing: try stores.store(for: uid), accessor: .person,
                        privacy: ContactStorePrivacyOptions(
                            consentAgent: agents, trustedAgent: agents, environment: configuration.privacyEnvironment,
                            administratorPolicy: configuration.administratorPolicy)),
                    watchingChanges: false)
                return try await store.accessControls().runAccessButton(
                    for: session.app, query: session.query, trustedAgent: agents)
            })
        guard self.screens.buttons.add(session) else {
            throw CNError(
                .policyViolation,
                userInfo: [
                    NSDebugDescriptionErrorKey:
                        "a connection may hold \(AccessButtons.maximumPerConnection) button sessions; end one first"
                ])
        }
        var reply = Contacts_V1_AccessButtonSession()
        reply.sessionID = sessionID
        reply.url = "\(screens.origin)/button/\(sessionID)"
        reply.embeddingOrigin = look.embeddingOrigin
        send(id: id, .accessButtonSession(reply))
    }

    /// Ends one of this connection's button sessions.
    func endAccessButton(id: UInt64, _ request: Contacts_V1_EndAccessButtonRequest) throws(CNError) {
        guard screens.buttons.end(request.sessionID, owner: ObjectIdentifier(self)) else {
            throw CNError(.recordDoesNotExist, userInfo: [NSDebugDescriptionErrorKey: "no such button session"])
        }
        send(id: id, .done(Contacts_V1_Done()))
    }

    /// Gives one of this connection's button sessions a new query, checked as a new session's is.
    ///
    /// - Throws: 302 for a query over the limits; 200 when the connection has no session with that id.
    func updateAccessButton(id: UInt64, _ request: Contacts_V1_UpdateAccessButtonRequest) throws(CNError) {
        guard let session = screens.buttons.session(request.sessionID), session.owner == ObjectIdentifier(self) else {
            throw CNError(.recordDoesNotExist, userInfo: [NSDebugDescriptionErrorKey: "no such button session"])
        }
        // The look was checked when the session started; the legibility the flow checks is the session's own.
        session.update(
            try Self.query(
                request.queryString, ignoredEmails: request.ignoredEmails,
                ignoredPhoneNumbers: request.ignoredPhoneNumbers, style: session.query.style))
        send(id: id, .done(Contacts_V1_Done()))
    }

    /// The web origin the administrator registered for the app: the only one that may frame its button.
    private func webOrigin(of app: AppIdentity) throws(CNError) -> String {
        let registry = configuration.appRegistry
        guard let origin = registry.webOrigin(of: app.bundleIdentifier) else {
            throw CNError(
                .featureNotAvailable,
                userInfo: [
                    NSDebugDescriptionErrorKey:
                        "\(app.bundleIdentifier) has no web origin in the registry (contacts apps register --web-origin)"
                ])
        }
        return origin
    }

    /// The app's query and look, checked: the daemon, not the app, decides whether the button is legible.
    static func button(_ request: Contacts_V1_StartAccessButtonRequest, origin: String) throws(CNError)
        -> (AccessButtonQuery, AccessButtonLook)
    {
        func invalid(_ message: String) -> CNError {
            CNError(.validationConfigurationError, userInfo: [NSDebugDescriptionErrorKey: message])
        }
        guard let caption = AccessButtonCaption(rawValue: Int(request.caption)) else {
            throw invalid("unknown button caption \(request.caption)")
        }
        let style = request.style
        let foreground = color(style.hasForeground ? style.foreground : nil, default: .white)
        let tint = color(style.hasTint ? style.tint : nil, default: AccessButtonStyle.standard.background)
        guard let foreground, let tint else { throw invalid("a button color component is not between 0 and 1") }
        let legibility = AccessButtonStyle(foreground: foreground, background: tint)
        guard legibility.isLegible else {
            let ratio = (legibility.contrastRatio * 100).rounded(.down) / 100
            throw invalid(
                "the button's text and background contrast \(ratio):1; at least \(AccessButtonStyle.minimumContrastRatio):1 is needed"
            )
        }
        let weight = style.fontWeight == 0 ? 600 : Int(style.fontWeight)
        guard (100...900).contains(weight), weight % 100 == 0 else {
            throw invalid("the button's font weight must be 100 to 900 in steps of 100")
        }
        let imageWidth = style.imageWidth == 0 ? 32 : Int(style.imageWidth)
        guard (16...96).contains(imageWidth) else { throw invalid("the button's image width must be 16 to 96 points") }
        let query = try query(
            request.queryString, ignoredEmails: request.ignoredEmails, ignoredPhoneNumbers: request.ignoredPhoneNumbers,
            style: legibility)
        let look = AccessButtonLook(
            embeddingOrigin: origin, foreground: foreground, tint: tint, fontWeight: weight, imageWidth: imageWidth,
            caption: caption)
        return (query, look)
    }

    /// An app's query, within the limits a start and an update share: 302 beyond them.
    private static func query(
        _ queryString: String, ignoredEmails: [String], ignoredPhoneNumbers: [String], style: AccessButtonStyle
    ) throws(CNError) -> AccessButtonQuery {
        guard queryString.count <= 1000, ignoredEmails.count <= 1000, ignoredPhoneNumbers.count <= 1000 else {
            throw CNError(
                .validationConfigurationError, userInfo: [NSDebugDescriptionErrorKey: "the button's query is too long"])
        }
        return AccessButtonQuery(
            queryString: queryString, ignoredEmails: Set(ignoredEmails), ignoredPhoneNumbers: Set(ignoredPhoneNumbers),
            style: style)
    }

    /// A wire color, or the default when absent; nil for a component that is not a number from 0 to 1.
    private static func color(_ wire: Contacts_V1_ButtonColor?, default fallback: AccessButtonStyle.Color)
        -> AccessButtonStyle.Color?
    {
        guard let wire else { return fallback }
        let components = [wire.red, wire.green, wire.blue]
        guard components.allSatisfy({ $0.isFinite && (0...1).contains($0) }) else { return nil }
        return AccessButtonStyle.Color(red: wire.red, green: wire.green, blue: wire.blue)
    }
}
