import ContactsSystem
import Foundation
import Hummingbird

/// Settings › Privacy › Contacts: every app that asked, and the person's changes to one.
extension PersonScreens {
    /// `/settings`: each app with its status, how many contacts it sees, and when it was decided.
    func settings(_ request: Request, _ context: BasicRequestContext) throws -> Response {
        let language = language(request)
        guard let session = session(request) else { return signInRequired(language) }
        let apps = try backend.personStore(uid: session.uid).accessControls().apps().map { app -> [String: Any] in
            [
                "bundlePath": Self.pathSegment(app.bundleIdentifier), "name": name(of: app),
                "status": strings.text(Self.statusKey(app), language), "sees": String(app.visibleCount),
                "decided": decided(app.summary.decidedAt, language),
            ]
        }
        return page(
            "settings", title: strings.text("titleSettings", language), language, session: session,
            ["apps": apps, "hasApps": !apps.isEmpty])
    }

    /// `/settings/apps/<bundle>`: one app, its purpose, the contacts it sees, and the change form.
    func app(_ request: Request, _ context: BasicRequestContext) throws -> Response {
        let language = language(request)
        guard let session = session(request) else { return signInRequired(language) }
        let controls = try backend.personStore(uid: session.uid).accessControls()
        guard let bundle = context.parameters.get("bundle"),
            let app = try controls.apps().first(where: { $0.bundleIdentifier == bundle })
        else { return message(.notFound, "errorNoApp", language, session: session) }
        let limited = try controls.limitedSet(of: bundle)
        let contacts = try contactChoices(uid: session.uid, chosen: limited.shared, language: language)
        let restricted = Self.statusKey(app) == "statusRestricted"
        let purpose = app.summary.usageDescription ?? backend.registeredApp(bundle)?.purpose ?? ""
        return page(
            "app", title: name(of: app), language, session: session,
            [
                "bundlePath": Self.pathSegment(bundle), "formID": "change", "purpose": purpose,
                "hasPurpose": !purpose.isEmpty,
                "status": strings.text(Self.statusKey(app), language), "sees": String(app.visibleCount),
                "decided": decided(app.summary.decidedAt, language), "restricted": restricted,
                "isFull": app.status == .authorized, "isLimited": app.status == .limited,
                "isDenied": app.status == .denied,
                "seen": app.status == .limited ? contacts.filter { $0["checked"] as? Bool == true } : [],
                "contacts": contacts, "hasContacts": !contacts.isEmpty,
                "saved": request.uri.queryParameters["saved"] == "1",
            ])
    }

    /// The change form: `access` full, limited (the checked `contact`s), denied or reset; `keep` keeps the
    /// app's processes running after a reduction. It goes through the daemon's `SetAppAccess` path.
    func change(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let language = language(request)
        guard let session = session(request) else { return signInRequired(language) }
        guard let form = try await form(request, session: session) else {
            return message(.forbidden, "errorForbidden", language)
        }
        guard let bundle = context.parameters.get("bundle"),
            try backend.personStore(uid: session.uid).accessControls().apps().contains(where: {
                $0.bundleIdentifier == bundle
            })
        else { return message(.notFound, "errorNoApp", language, session: session) }
        let change: AccessChange
        switch form.queryParameters["access"] {
        case "full": change = .full
        case "limited": change = .limited(Set(form.queryParameters[values: "contact"].map(String.init)))
        case "denied": change = .denied
        case "reset": change = .reset
        default: return message(.badRequest, "errorForbidden", language, session: session)
        }
        do {
            try backend.setAccess(
                change, for: bundle, keepProcesses: form.queryParameters["keep"] == "on", uid: session.uid)
        } catch let error as CNError where error.code == .authorizationDenied {
            // The administrator restricted the app: the person cannot change it.
            return message(.forbidden, "appRestricted", language, session: session)
        }
        return Response.redirect(to: "/settings/apps/\(Self.pathSegment(bundle))?saved=1", type: .normal)
    }

    /// A bundle identifier as one segment of a path: anything but letters, digits, `.`, `-` and `_` is
    /// percent-encoded, so no identifier can add a segment or a query.
    static func pathSegment(_ bundle: String) -> String {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")
        return bundle.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    /// The app's name: the registry's, else the one its record kept.
    private func name(of app: ContactAccessSummary) -> String {
        backend.registeredApp(app.bundleIdentifier)?.displayName ?? app.summary.displayName
    }

    /// The strings key of an app's status; the administrator's restriction wins over any decision.
    static func statusKey(_ app: ContactAccessSummary) -> String {
        if app.summary.isRestrictedByPolicy || app.status == .restricted { return "statusRestricted" }
        switch app.status {
        case .authorized: return "statusFull"
        case .limited: return "statusLimited"
        case .denied: return "statusDenied"
        default: return "statusNotDetermined"
        }
    }

    private func decided(_ date: Date?, _ language: ScreenLanguage) -> String {
        guard let date else { return strings.text("decidedNever", language) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: language.code)
        formatter.dateStyle = .medium
        formatter.timeStyle = .short
        return formatter.string(from: date)
    }
}
