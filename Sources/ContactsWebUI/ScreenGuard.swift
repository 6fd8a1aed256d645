import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore

/// Runs before every route: refuses requests for another host name and cross-origin changes, and puts the
/// security headers on every response, errors included.
struct ScreenGuard: RouterMiddleware {
    typealias Context = BasicRequestContext

    let screens: @Sendable () -> PersonScreens?

    /// The headers of every response: nothing but this origin's own files may load or run, no page may frame
    /// these, no browser keeps them or sniffs their type, and no address of these pages is sent elsewhere.
    static let headers: [(String, String)] = [
        (
            "Content-Security-Policy",
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; form-action 'self'; "
                + "frame-ancestors 'none'; base-uri 'none'"
        ),
        ("X-Content-Type-Options", "nosniff"),
        // Not no-referrer: with it, browsers send `Origin: null` on the screens' own form posts (Fetch,
        // "append a request Origin header"), and the origin check below could not tell them from a sandboxed
        // attacker's. same-origin still sends no referrer to any other origin.
        ("Referrer-Policy", "same-origin"),
        ("Cache-Control", "no-store"),
        ("X-Frame-Options", "DENY"),
        ("Cross-Origin-Resource-Policy", "same-origin"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
    ]

    static let policy = HTTPField.Name("Content-Security-Policy")

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard let screens = screens() else { return Response(status: .serviceUnavailable) }
        let language = ScreenLanguage(acceptLanguage: request.headers[.acceptLanguage])
        var response: Response
        if request.head.authority != "127.0.0.1:\(screens.port)" {
            // Another Host (a DNS-rebinding name pointing at 127.0.0.1, say) is not this origin.
            response = screens.message(.misdirectedRequest, "errorHost", language)
        } else if request.method == .post, !screens.isSameOrigin(request) {
            response = screens.message(.forbidden, "errorForbidden", language)
        } else {
            do {
                response = try await next(request, context)
            } catch let error as HTTPError where error.status == .notFound {
                response = screens.message(.notFound, "errorNotFound", language)
            } catch {
                // The error's text may name what the store holds; the person gets a plain message and the log
                // nothing but the error's type.
                context.logger.warning("a screen failed", metadata: ["error.type": "\(type(of: error))"])
                response = screens.message(.internalServerError, "errorInternal", language)
            }
        }
        // The button's frame brings its own policy, framable by the app's registered origin alone
        // (PersonScreens+AccessButton.swift); every other response may be framed by no one.
        let framable = Self.policy.map { response.headers[$0] != nil } ?? false
        for (name, value) in Self.headers {
            guard let field = HTTPField.Name(name) else { continue }
            if framable, field == Self.policy || name == "X-Frame-Options" { continue }
            response.headers[field] = value
        }
        return response
    }
}

extension PersonScreens {
    /// Whether a change comes from a page of this origin: the browser's Origin header names it, and its
    /// Fetch Metadata (where sent) agrees. A form on any other site, a sandboxed frame (`Origin: null`) and a
    /// client that sends no Origin are refused before the CSRF token is even looked at.
    func isSameOrigin(_ request: Request) -> Bool {
        guard request.headers[.origin] == origin else { return false }
        if let site = HTTPField.Name("Sec-Fetch-Site").flatMap({ request.headers[$0] }), site != "same-origin" {
            return false
        }
        return true
    }
}
