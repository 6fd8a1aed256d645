import Foundation
import Hummingbird

extension PersonScreens {
    /// Every route of the screens. Handlers reach the screens through `screens`, which is set before the first
    /// request is served. New screens (the pickers, the access button) add their routes here.
    static func addRoutes(to router: Router<BasicRequestContext>, screens: @escaping @Sendable () -> PersonScreens?) {
        @Sendable func serve(
            _ handler: @escaping @Sendable (PersonScreens, Request, BasicRequestContext) async throws -> Response
        ) -> @Sendable (Request, BasicRequestContext) async throws -> Response {
            { request, context in
                guard let screens = screens() else { return Response(status: .serviceUnavailable) }
                return try await handler(screens, request, context)
            }
        }
        router.get("/static/app.css", use: serve { screens, _, _ in screens.asset(screens.styleSheet, "text/css") })
        router.get("/static/app.js", use: serve { screens, _, _ in screens.asset(screens.script, "text/javascript") })
        router.get("/enter/:token", use: serve { try $0.enter($1, $2) })
        router.get("/", use: serve { try $0.home($1, $2) })
        router.get("/requests/:id", use: serve { try $0.consent($1, $2) })
        router.get("/requests/:id/choose", use: serve { try $0.choose($1, $2) })
        router.post("/requests/:id", use: serve { try await $0.answer($1, $2) })
        router.get("/pickers/:id", use: serve { try $0.picker($1, $2) })
        router.post("/pickers/:id", use: serve { try await $0.finishPicker($1, $2) })
        router.get("/settings", use: serve { try $0.settings($1, $2) })
        router.get("/settings/apps/:bundle", use: serve { try $0.app($1, $2) })
        router.post("/settings/apps/:bundle", use: serve { try await $0.change($1, $2) })
        router.post("/signout", use: serve { try await $0.signOut($1, $2) })
        router.get(
            "/static/button.css", use: serve { screens, _, _ in screens.asset(screens.button.styleSheet, "text/css") })
        router.get(
            "/static/button.js", use: serve { screens, _, _ in screens.asset(screens.button.script, "text/javascript") }
        )
        router.get("/button/:session", use: serve { try await $0.buttonFrame($1, $2) })
        router.get("/button/:session/style.css", use: serve { $0.buttonStyleSheet($1, $2) })
        router.post("/button/:session/tap", use: serve { try await $0.buttonTap($1, $2) })
        router.post("/button/:session/answer", use: serve { try await $0.buttonAnswer($1, $2) })
    }

    func asset(_ buffer: ByteBuffer, _ type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type], body: ResponseBody(byteBuffer: buffer))
    }

    /// `/enter/<token>`: a one-time link becomes a session cookie bound to the link's user, once.
    func enter(_ request: Request, _ context: BasicRequestContext) throws -> Response {
        let language = language(request)
        guard let token = context.parameters.get("token"), let grant = links.redeem(token) else {
            return message(.forbidden, "errorLink", language)
        }
        let id = sessions.open(uid: grant.uid)
        var response = Response.redirect(to: "/" + grant.page, type: .normal)
        response.setCookie(
            Cookie(
                name: cookieName, value: id.text, maxAge: Int(sessions.lifetime.components.seconds), path: "/",
                httpOnly: true, sameSite: .strict))
        response.setCookie(buttonCookie(uid: grant.uid))
        return response
    }

    /// Ends the session and clears its cookie.
    func signOut(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let language = language(request)
        guard let session = session(request), try await form(request, session: session) != nil,
            let id = request.cookies[cookieName]?.value
        else { return message(.forbidden, "errorForbidden", language) }
        sessions.close(id)
        var response = message(.ok, "signedOut", language)
        response.setCookie(Cookie(name: cookieName, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .strict))
        response.setCookie(endButtonCookie(request))
        return response
    }
}
