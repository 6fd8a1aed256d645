import ContactsSystem
import Foundation
import Hummingbird

/// The consent prompt in two stages, as on iOS 18: share at all? then which contacts (or all).
extension PersonScreens {
    /// `/`: the apps waiting for an answer, and the way to the settings.
    func home(_ request: Request, _ context: BasicRequestContext) throws -> Response {
        let language = language(request)
        guard let session = session(request) else { return signInRequired(language) }
        let waiting = backend.waiting(uid: session.uid).map { prompt -> [String: Any] in
            ["id": String(prompt.id), "name": prompt.displayName, "purpose": prompt.purpose]
        }
        let pickers = backend.waitingPickers(uid: session.uid).map { picker -> [String: Any] in
            let what: String
            if case .access = picker.kind { what = "homeAccessPicker" } else { what = "homeContactPicker" }
            return ["id": String(picker.id), "name": picker.displayName, "what": strings.text(what, language)]
        }
        return page(
            "home", title: strings.text("titleHome", language), language, session: session,
            [
                "waiting": waiting, "hasWaiting": !waiting.isEmpty, "pickers": pickers, "hasPickers": !pickers.isEmpty,
                "nothingWaiting": waiting.isEmpty && pickers.isEmpty,
            ])
    }

    /// The user's waiting request named by the route's `:id`; nil when none of theirs has that number.
    private func prompt(_ context: BasicRequestContext, uid: uid_t) -> WaitingPrompt? {
        guard let id = context.parameters.get("id").flatMap(UInt64.init) else { return nil }
        return backend.waiting(uid: uid).first { $0.id == id }
    }

    /// Stage 1: the app's name and purpose string; Don't Allow or Continue.
    func consent(_ request: Request, _ context: BasicRequestContext) throws -> Response {
        let language = language(request)
        guard let session = session(request) else { return signInRequired(language) }
        guard let prompt = prompt(context, uid: session.uid) else {
            return message(.notFound, "consentGone", language, session: session)
        }
        return page(
            "consent", title: strings.text("consentTitle", language, ["app": prompt.displayName]), language,
            session: session, ["id": String(prompt.id), "purpose": prompt.purpose])
    }

    /// Stage 2: choose contacts (a searchable checklist), or allow full access; Don't Allow still there.
    func choose(_ request: Request, _ context: BasicRequestContext) throws -> Response {
        let language = language(request)
        guard let session = session(request) else { return signInRequired(language) }
        guard let prompt = prompt(context, uid: session.uid) else {
            return message(.notFound, "consentGone", language, session: session)
        }
        let contacts = try contactChoices(uid: session.uid, chosen: [], language: language)
        return page(
            "choose", title: strings.text("chooseTitle", language, ["app": prompt.displayName]), language,
            session: session,
            [
                "id": String(prompt.id), "formID": "answer", "contacts": contacts, "hasContacts": !contacts.isEmpty,
                // The contact access button's prompt offers limited access or nothing.
                "offersFull": !prompt.isLimitedOnly,
            ])
    }

    /// The answer (`decision` deny, full or limited with the checked `contact`s) goes to the waiting app.
    func answer(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let language = language(request)
        guard let session = session(request) else { return signInRequired(language) }
        guard let form = try await form(request, session: session) else {
            return message(.forbidden, "errorForbidden", language)
        }
        guard let prompt = prompt(context, uid: session.uid) else {
            return message(.notFound, "consentGone", language, session: session)
        }
        let answer: ConsentAnswer
        let outcome: String
        switch form.queryParameters["decision"] {
        case "full" where !prompt.isLimitedOnly:
            (answer, outcome) = (.full, "answeredFull")
        case "limited":
            let chosen = Set(form.queryParameters[values: "contact"].map(String.init))
            (answer, outcome) = (.limited(chosen), "answeredLimited")
        case "deny":
            (answer, outcome) = (.deny, "answeredDenied")
        default:
            return message(.badRequest, "errorForbidden", language, session: session)
        }
        guard backend.answer(prompt.id, with: answer, uid: session.uid) else {
            return message(.notFound, "consentGone", language, session: session)
        }
        return message(
            .ok, outcome, language, ["app": prompt.displayName, "count": String(answer.limitedIdentifiers.count)],
            session: session)
    }
}
