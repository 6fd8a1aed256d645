import ContactsSystem
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore

/// Rendering and the session of a request.
extension PersonScreens {
    /// The signed-in user's session from the request's cookie; nil without a live one.
    func session(_ request: Request) -> ScreenSessions.Session? {
        guard let id = request.cookies[cookieName]?.value else { return nil }
        return sessions.session(id)
    }

    /// The page's language, from the browser's Accept-Language.
    func language(_ request: Request) -> ScreenLanguage {
        ScreenLanguage(acceptLanguage: request.headers[.acceptLanguage])
    }

    /// A page from a template, with the strings of the language and the session's CSRF token.
    func page(
        _ template: String, title: String, _ language: ScreenLanguage, session: ScreenSessions.Session?,
        status: HTTPResponse.Status = .ok, _ values: [String: Any] = [:]
    ) -> Response {
        var context = values
        context["t"] = strings.table(language)
        context["lang"] = language.code
        context["dir"] = language.direction
        context["title"] = title
        context["signedIn"] = session != nil
        if let session { context["csrf"] = session.csrf.text }
        let html = templates.render(template, context)
        return Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// A page with one message: errors, and the outcome of an answer.
    func message(
        _ status: HTTPResponse.Status, _ key: String, _ language: ScreenLanguage, _ values: [String: String] = [:],
        session: ScreenSessions.Session? = nil
    ) -> Response {
        let text = strings.text(key, language, values)
        return page(
            "message", title: strings.text(status == .ok ? "titleDone" : "titleError", language), language,
            session: session, status: status, ["message": text])
    }

    /// The page for a request without a session: the way in is a new one-time link.
    func signInRequired(_ language: ScreenLanguage) -> Response {
        message(.unauthorized, "errorSignIn", language)
    }

    /// The fields of a posted form, after the CSRF check; nil when the session's token is missing or wrong.
    func form(_ request: Request, session: ScreenSessions.Session) async throws -> URI? {
        let body = try await request.body.collect(upTo: 1 << 20)
        let form = URI("?" + String(buffer: body))
        guard let token = form.queryParameters["csrf"], session.csrf.matches(String(token)) else { return nil }
        return form
    }

    /// The person's contacts for a checklist, by name, with those in `chosen` checked.
    func contactChoices(uid: uid_t, chosen: Set<String>, language: ScreenLanguage) throws -> [[String: Any]] {
        let store = try backend.personStore(uid: uid)
        let request = CNContactFetchRequest(keysToFetch: [
            CNContactFormatter.descriptorForRequiredKeys(for: .fullName),
            CNContactOrganizationNameKey as CNKeyDescriptor,
        ])
        request.sortOrder = .givenName
        var rows: [[String: Any]] = []
        let unnamed = strings.text("contactNoName", language)
        try store.enumerateContacts(with: request) { contact, _ in
            let name = CNContactFormatter.string(from: contact, style: .fullName) ?? ""
            let shown = name.isEmpty ? (contact.organizationName.isEmpty ? unnamed : contact.organizationName) : name
            rows.append([
                "index": rows.count, "identifier": contact.identifier, "name": shown,
                "checked": chosen.contains(contact.identifier),
            ])
        }
        return rows
    }
}
