import ContactsSystem
import ContactsWebUI
import Foundation

/// The contact access button's frames, as the screens ask for them: the daemon's sessions and their flows.
extension DaemonScreensBackend {
    func accessButtonLook(_ session: String) -> AccessButtonLook? {
        buttons.session(session)?.look
    }

    func accessButtonView(_ id: String, uid: uid_t) async -> AccessButtonView {
        // Another user's browser sees an empty button: the session's flow shows this user's contacts.
        guard let session = buttons.session(id), session.uid == uid else { return .empty }
        // A flow that ended while the frame waited for it (the app gave a new query, say) is followed by one new
        // flow; one only, since a flow with nothing to show (full access) ends at once every time.
        for attempt in 0..<2 {
            switch await session.view() {
            case .showing(let candidates):
                return .matches(app: session.app.displayName, matches(candidates, for: session))
            case .asking:
                return .prompt(app: session.app.displayName, purpose: session.app.usageDescription ?? "")
            case .finished where attempt == 0:
                continue
            case .finished, .gone:
                return .empty
            }
        }
        return .empty
    }

    func accessButtonTap(_ id: String, uid: uid_t, identifier: String, verification: TapVerification) async
        -> AccessButtonOutcome
    {
        guard let session = buttons.session(id), session.uid == uid else { return .nothing }
        return Self.outcome(await session.tap(AccessButtonTap(identifiers: [identifier], verification: verification)))
    }

    func accessButtonAnswer(_ id: String, uid: uid_t, allow: Bool, verification: TapVerification) async
        -> AccessButtonOutcome
    {
        guard let session = buttons.session(id), session.uid == uid else { return .nothing }
        return Self.outcome(await session.answer(allow: allow, verification: verification))
    }

    private static func outcome(_ settled: AccessButtonSession.Settled) -> AccessButtonOutcome {
        switch settled {
        case .finished(let identifiers) where !identifiers.isEmpty: .granted(identifiers)
        case .asking: .prompt
        case .finished, .showing, .gone: .nothing
        }
    }

    /// The matches with the caption the app asked for: the e-mail address or phone number that matches its
    /// query, else the contact's first; none for the default text (the screens write it).
    private func matches(_ candidates: [ContactCandidate], for session: AccessButtonSession) -> [AccessButtonMatch] {
        let key: String
        switch session.look.caption {
        case .defaultText:
            return candidates.map { AccessButtonMatch(identifier: $0.identifier, name: $0.displayName, caption: nil) }
        case .email: key = CNContactEmailAddressesKey
        case .phone: key = CNContactPhoneNumbersKey
        }
        let store = try? changes.personStore(uid: session.uid)
        let needle = session.query.queryString.lowercased()
        return candidates.map { candidate in
            let contact = try? store?.unifiedContact(
                withIdentifier: candidate.identifier, keysToFetch: [key as CNKeyDescriptor])
            let values =
                session.look.caption == .email
                ? (contact?.emailAddresses.map { $0.value as String } ?? [])
                : (contact?.phoneNumbers.map { $0.value.stringValue } ?? [])
            let caption = values.first { $0.lowercased().contains(needle) } ?? values.first
            return AccessButtonMatch(identifier: candidate.identifier, name: candidate.displayName, caption: caption)
        }
    }
}
