import ContactsSystem
import Foundation
import Hummingbird

/// The pickers an app opened, finished by the person: the one-time contact picker (contacts or their properties,
/// one or several) and the contact access picker (the app's shared set, edited). What the person finishes goes
/// back to the daemon's flows, which decide what the app receives (docs/WebUI.md, "Pickers").
extension PersonScreens {
    /// The user's waiting picker named by the route's `:id`; nil when none of theirs has that number.
    private func waitingPicker(_ context: BasicRequestContext, uid: uid_t) -> WaitingPicker? {
        guard let id = context.parameters.get("id").flatMap(UInt64.init) else { return nil }
        return backend.waitingPickers(uid: uid).first { $0.id == id }
    }

    /// `/pickers/<id>`: the picker's searchable list, with Done and Cancel.
    func picker(_ request: Request, _ context: BasicRequestContext) throws -> Response {
        let language = language(request)
        guard let session = session(request) else { return signInRequired(language) }
        guard let picker = waitingPicker(context, uid: session.uid) else {
            return message(.notFound, "pickerGone", language, session: session)
        }
        let app = ["app": picker.displayName]
        switch picker.kind {
        case .contacts(let pickerRequest):
            let multiple = pickerRequest.allowsMultipleSelection
            let byProperty = pickerRequest.selection == .properties
            let rows: [[String: Any]]
            if byProperty {
                rows = try propertyRows(picker, uid: session.uid, language: language)
            } else {
                rows = picker.candidates.enumerated().map { index, candidate -> [String: Any] in
                    ["index": index, "value": candidate.identifier, "name": candidate.displayName, "checked": false]
                }
            }
            return page(
                "picker", title: strings.text(byProperty ? "pickerTitleProperties" : "pickerTitle", language, app),
                language, session: session,
                [
                    "id": String(picker.id), "explain": strings.text("pickerExplain", language, app),
                    "howMany": strings.text(multiple ? "pickerSeveral" : "pickerOne", language),
                    "legend": strings.text(byProperty ? "pickerLegendProperties" : "pickerLegendContacts", language),
                    "inputType": multiple ? "checkbox" : "radio", "byProperty": byProperty,
                    "rows": rows, "hasRows": !rows.isEmpty,
                ])
        case .access(let shared):
            let rows = picker.candidates.enumerated().map { index, candidate -> [String: Any] in
                [
                    "index": index, "value": candidate.identifier, "name": candidate.displayName,
                    "checked": shared.contains(candidate.identifier),
                ]
            }
            return page(
                "picker", title: strings.text("accessPickerTitle", language, app), language, session: session,
                [
                    "id": String(picker.id), "explain": strings.text("accessPickerExplain", language, app),
                    "legend": strings.text("contactsLegend", language), "inputType": "checkbox", "byProperty": false,
                    "rows": rows, "hasRows": !rows.isEmpty,
                ])
        }
    }

    /// Finishes a picker: `action` done (with the checked `contact`s or `property`s) or cancel.
    func finishPicker(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let language = language(request)
        guard let session = session(request) else { return signInRequired(language) }
        guard let form = try await form(request, session: session) else {
            return message(.forbidden, "errorForbidden", language)
        }
        guard let picker = waitingPicker(context, uid: session.uid) else {
            return message(.notFound, "pickerGone", language, session: session)
        }
        let done: Bool
        switch form.queryParameters["action"] {
        case "done": done = true
        case "cancel": done = false
        default: return message(.badRequest, "errorForbidden", language, session: session)
        }
        let contacts = form.queryParameters[values: "contact"].map(String.init)
        let offered = Set(picker.candidates.map(\.identifier))
        let answer: PickerAnswer
        let outcome: String
        let count: Int
        switch picker.kind {
        case .contacts(let pickerRequest) where pickerRequest.selection == .properties:
            let properties = form.queryParameters[values: "property"].compactMap { Self.propertySelection(String($0)) }
            answer = .picked(done ? .properties(properties) : .cancelled)
            (outcome, count) = done && !properties.isEmpty ? ("pickerSent", properties.count) : ("pickerCancelled", 0)
        case .contacts:
            answer = .picked(done ? .contacts(contacts) : .cancelled)
            (outcome, count) = done && !contacts.isEmpty ? ("pickerSent", contacts.count) : ("pickerCancelled", 0)
        case .access(let shared):
            // Only offered contacts can be added or removed; a shared one that was not offered (deleted since)
            // stays as it was.
            let edited = Set(contacts).intersection(offered).union(shared.subtracting(offered))
            answer = .edited(done ? edited : nil)
            (outcome, count) = done ? ("accessPickerSaved", edited.count) : ("pickerCancelled", 0)
        }
        guard backend.finishPicker(picker.id, with: answer, uid: session.uid) else {
            return message(.notFound, "pickerGone", language, session: session)
        }
        return message(.ok, outcome, language, ["app": picker.displayName, "count": String(count)], session: session)
    }

    /// The separator of a picked property's parts in its form value; no identifier or key contains it.
    private static let propertySeparator: Character = "\u{1F}"

    /// A property's form value: contact identifier, key and labeled value identifier.
    static func propertyValue(contact: String, key: String, valueIdentifier: String?) -> String {
        [contact, key, valueIdentifier ?? ""].joined(separator: String(propertySeparator))
    }

    /// The property a form value names; nil for a malformed value (the flows drop any the snapshot lacks).
    static func propertySelection(_ value: String) -> ContactPropertySelection? {
        let parts = value.split(separator: propertySeparator, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        return ContactPropertySelection(
            contactIdentifier: parts[0], key: parts[1], valueIdentifier: parts[2].isEmpty ? nil : parts[2])
    }

    /// Each offered contact with the properties the app would receive, to pick from; contacts without any are
    /// left out.
    private func propertyRows(_ picker: WaitingPicker, uid: uid_t, language: ScreenLanguage) throws -> [[String: Any]] {
        let keys = picker.returnedKeys.subtracting(ContactPickerRequest.nameKeys).filter(PickerPropertyText.isShown)
            .sorted()
        guard !keys.isEmpty, !picker.candidates.isEmpty else { return [] }
        let store = try backend.personStore(uid: uid)
        let fetch = CNContactFetchRequest(keysToFetch: keys.map { $0 as CNKeyDescriptor })
        fetch.predicate = CNContact.predicateForContacts(withIdentifiers: picker.candidates.map(\.identifier))
        var byIdentifier: [String: CNContact] = [:]
        try store.enumerateContacts(with: fetch) { contact, _ in byIdentifier[contact.identifier] = contact }
        let text = PickerPropertyText(language: language.code)
        return picker.candidates.enumerated().compactMap { index, candidate -> [String: Any]? in
            guard let contact = byIdentifier[candidate.identifier] else { return nil }
            let properties = keys.flatMap { key in text.entries(of: contact, key: key) }.enumerated().map {
                number, entry -> [String: Any] in
                [
                    "number": number, "label": entry.label, "text": entry.text,
                    "value": Self.propertyValue(
                        contact: contact.identifier, key: entry.key, valueIdentifier: entry.valueIdentifier),
                ]
            }
            guard !properties.isEmpty else { return nil }
            return ["index": index, "name": candidate.displayName, "properties": properties]
        }
    }
}
