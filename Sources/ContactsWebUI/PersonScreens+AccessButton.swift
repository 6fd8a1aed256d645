import ContactsSystem
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore

/// The contact access button's frame (docs/WebUI.md): `/button/<session>`, framed by the app's registered
/// origin only, showing contacts only to the person's browser, and granting only on a verified tap.
extension PersonScreens {
    /// The cookie that marks the person's browser for the button's frames; the port keeps two daemons apart.
    var buttonCookieName: String { "contacts_button_\(port)" }

    /// The button cookie set when the person enters through a one-time link (AccessButtonFrames explains why a
    /// second cookie, and why `SameSite=None; Secure`).
    func buttonCookie(uid: uid_t) -> Cookie {
        let id = button.browsers.open(uid: uid)
        return Cookie(
            name: buttonCookieName, value: id.text, maxAge: Int(button.browsers.lifetime.components.seconds),
            path: "/button", secure: true, httpOnly: true, sameSite: Cookie.SameSite.none)
    }

    /// Ends the browser's button cookie (sign out).
    func endButtonCookie(_ request: Request) -> Cookie {
        if let id = request.cookies[buttonCookieName]?.value { button.browsers.close(id) }
        return Cookie(
            name: buttonCookieName, value: "", maxAge: 0, path: "/button", secure: true, httpOnly: true,
            sameSite: Cookie.SameSite.none)
    }

    /// The user of the browser that sent the request, by its button cookie; nil without a live one.
    private func buttonUser(_ request: Request) -> uid_t? {
        guard let id = request.cookies[buttonCookieName]?.value else { return nil }
        return button.browsers.session(id)?.uid
    }

    /// The frame's policy: the screens' own, except that the app's registered origin may frame it and its
    /// script may post back to this origin.
    static func framePolicy(_ origin: String) -> String {
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
            + "form-action 'none'; frame-ancestors \(origin); base-uri 'none'"
    }

    /// The Storage Access API's request header (`none`, `inactive`, `active`): whether a browser that keeps
    /// third-party cookies from frames has let this frame use them.
    static let storageAccessHeader = HTTPField.Name("Sec-Fetch-Storage-Access")
    /// The answer that asks the browser to retry with the cookies it was allowed to send, or to let the loaded
    /// frame's own requests carry them.
    static let activateStorageAccess = HTTPField.Name("Activate-Storage-Access")

    /// `/button/<session>`: the frame. Without the person's button cookie, or for another user's session, it has
    /// no contact and no secret, whoever asks (the app itself, with a plain HTTP client).
    ///
    /// A browser that blocks third-party cookies (Debian's Chromium does by default) does not send the button
    /// cookie to the frame. The frame then offers to connect: a genuine tap calls `requestStorageAccess()`, the
    /// browser asks the person (or remembers their answer), and the frame loads again with the cookie. Later loads
    /// of a frame the person allowed say `Sec-Fetch-Storage-Access: inactive`, and the daemon asks the browser to
    /// retry with the cookie (`Activate-Storage-Access: retry`) for the app's registered origin only; a load that
    /// carries it gets `load`, so the frame's own posts carry it too (docs/WebUI.md).
    func buttonFrame(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let language = language(request)
        guard let session = context.parameters.get("session"), let look = backend.accessButtonLook(session) else {
            return message(.notFound, "errorNotFound", language)
        }
        let storageAccess = Self.storageAccessHeader.flatMap { request.headers[$0] }
        var values: [String: Any] = ["session": session, "origin": look.embeddingOrigin]
        var activate: String?
        if let uid = buttonUser(request) {
            switch await backend.accessButtonView(session, uid: uid) {
            case .empty:
                values["state"] = "empty"
            case .matches(let app, let matches):
                values["state"] = "matches"
                values["secret"] = button.secrets.issue(session: session, uid: uid)
                values.merge(matchValues(matches, app: app, language)) { _, new in new }
            case .prompt(let app, let purpose):
                values["state"] = "prompt"
                values["secret"] = button.secrets.issue(session: session, uid: uid)
                values["prompt"] = [
                    "title": strings.text("buttonPromptTitle", language, ["app": app]), "purpose": purpose,
                ]
            }
            if storageAccess == "active" { activate = "load" }
        } else {
            switch storageAccess {
            case "inactive":
                // Allowed before, not yet used by this load: the browser retries with the cookie. Should it not,
                // the person's tap on "connect" activates the access they already gave.
                values["state"] = "connect"
                values["connect"] = true
                activate = "retry; allowed-origin=\"\(look.embeddingOrigin)\""
            case "active":
                // Allowed, and still no cookie: this browser never entered the screens (or signed out).
                values["state"] = "signin"
                values["signin"] = true
            default:
                values["state"] = "connect"
                values["connect"] = true
            }
        }
        var response = page("button", title: strings.text("buttonTitle", language), language, session: nil, values)
        if let policy = ScreenGuard.policy { response.headers[policy] = Self.framePolicy(look.embeddingOrigin) }
        if let activate, let name = Self.activateStorageAccess { response.headers[name] = activate }
        response.headers[.vary] = "Cookie, Sec-Fetch-Storage-Access"
        return response
    }

    /// The template's values for the matches: one match is the button itself; several are a button that opens
    /// the list of them, as iOS opens a list after the tap.
    private func matchValues(_ matches: [AccessButtonMatch], app: String, _ language: ScreenLanguage) -> [String: Any] {
        var values: [String: Any] = [
            "matches": matches.enumerated().map { index, match in
                [
                    "index": index, "identifier": match.identifier, "name": match.name,
                    "initials": Self.initials(match.name),
                    "caption": match.caption ?? strings.text("buttonDefaultCaption", language, ["app": app]),
                ] as [String: Any]
            }
        ]
        if matches.count > 1 {
            values["several"] = [
                "names": matches.map(\.name).joined(separator: ", "),
                "initials": Self.initials(matches[0].name),
                "caption": strings.text("buttonChoose", language, ["app": app]),
            ]
        }
        return values
    }

    /// `/button/<session>/style.css`: the colors, weight and image width the app asked for (and the daemon found
    /// legible).
    func buttonStyleSheet(_ request: Request, _ context: BasicRequestContext) -> Response {
        guard let session = context.parameters.get("session"), let look = backend.accessButtonLook(session) else {
            return Response(status: .notFound)
        }
        return asset(ByteBuffer(string: look.styleSheet), "text/css")
    }

    /// What the frame's script posts for a tap or an answer.
    private struct FramePost: Decodable {
        var secret: String
        var identifier: String?
        var answer: String?
        /// `event.isTrusted`: an input event of the person, not one made by a script.
        var genuine: Bool
        /// IntersectionObserver v2's `isVisible`, fully in view, for long enough, at no less than the minimum size.
        var visible: Bool

        var verification: TapVerification {
            var checks: TapVerification = []
            if genuine { checks.insert(.genuineEvent) }
            if visible { checks.insert(.unobstructed) }
            return checks
        }
    }

    /// The post of a frame in the person's browser: the button cookie and a frame secret not used before, or
    /// nil (and the caller answers 403). The origin was checked by ScreenGuard.
    private func framePost(_ request: Request, session: String) async throws -> (post: FramePost, uid: uid_t)? {
        guard let uid = buttonUser(request) else { return nil }
        let body = try await request.body.collect(upTo: 4096)
        guard let post = try? JSONDecoder().decode(FramePost.self, from: Data(buffer: body)),
            button.secrets.redeem(post.secret, session: session, uid: uid)
        else { return nil }
        return (post, uid)
    }

    /// `POST /button/<session>/tap`: the person tapped a contact.
    func buttonTap(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        guard let session = context.parameters.get("session"),
            let posted = try await framePost(request, session: session),
            let identifier = posted.post.identifier
        else { return Self.outcome(nil) }
        let (post, uid) = posted
        return Self.outcome(
            await backend.accessButtonTap(session, uid: uid, identifier: identifier, verification: post.verification))
    }

    /// `POST /button/<session>/answer`: the person answered the simplified prompt.
    func buttonAnswer(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        guard let session = context.parameters.get("session"),
            let posted = try await framePost(request, session: session),
            let answer = posted.post.answer, answer == "allow" || answer == "deny"
        else { return Self.outcome(nil) }
        let (post, uid) = posted
        return Self.outcome(
            await backend.accessButtonAnswer(
                session, uid: uid, allow: answer == "allow", verification: post.verification))
    }

    /// The frame's JSON answer; nil: 403 (no cookie, no secret or a spent one). Identifiers only, never names.
    private static func outcome(_ outcome: AccessButtonOutcome?) -> Response {
        var object: [String: Any]
        switch outcome {
        case nil: object = ["result": "forbidden"]
        case .granted(let identifiers): object = ["result": "granted", "identifiers": identifiers]
        case .prompt: object = ["result": "prompt"]
        case .nothing: object = ["result": "none"]
        }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return Response(
            status: outcome == nil ? .forbidden : .ok, headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// A monogram for the contact's image: the first letters of the name's first two words.
    static func initials(_ name: String) -> String {
        String(name.split(separator: " ").prefix(2).compactMap(\.first)).uppercased()
    }
}
