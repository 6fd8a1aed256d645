import ContactsSystem

/// The person at the contact access button, scripted by `CONTACTS_ACCESS_BUTTON`, so the example runs
/// without a screen or a terminal (tests, CI).
///
/// On Apple platforms the button is drawn by the system and only the person sees the matches. This
/// example has no window server, so the person's side is a trusted agent: this one when the variable is set,
/// else ``TerminalTrustedAgent`` on the controlling terminal, else nobody taps.
///
/// | `CONTACTS_ACCESS_BUTTON` | The person |
/// |---|---|
/// | `tap` | taps the button and shares every match shown |
/// | `tap:ID,ID,...` | taps and shares these matches (identifiers that were not shown are ignored) |
/// | `unverified` | the tap is not verified (an obstructed or illegible button): nothing is shared |
/// | `ignore` or anything else | does not tap |
///
/// The agent sees the matches; the app never does. It shows no pickers.
struct EnvironmentTrustedAgent: TrustedAgent {
    static let variable = "CONTACTS_ACCESS_BUTTON"

    /// What the person does at the button.
    enum Behaviour: Hashable, Sendable {
        case ignore
        case tapAll
        case tap(Set<String>)
        case unverifiedTap
    }

    let behaviour: Behaviour

    init(setting: String?) {
        let text = (setting ?? "").trimmingCharacters(in: .whitespaces)
        switch text.lowercased() {
        case "tap": behaviour = .tapAll
        case "unverified": behaviour = .unverifiedTap
        default:
            if text.lowercased().hasPrefix("tap:") {
                let identifiers = text.dropFirst(4).split(separator: ",")
                    .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                behaviour = .tap(Set(identifiers))
            } else {
                behaviour = .ignore
            }
        }
    }

    func chooseFromAccessButton(for app: AppIdentity, matches: [ContactCandidate]) async -> AccessButtonTap? {
        let shown = Set(matches.map(\.identifier))
        switch behaviour {
        case .ignore: return nil
        case .tapAll: return AccessButtonTap(identifiers: shown, verification: .all)
        case .tap(let chosen): return AccessButtonTap(identifiers: chosen.intersection(shown), verification: .all)
        case .unverifiedTap: return AccessButtonTap(identifiers: shown)
        }
    }

    func pickContacts(
        for app: AppIdentity, request: ContactPickerRequest, candidates: [ContactCandidate]
    ) async -> ContactPickerChoice {
        .cancelled
    }

    func editSharedContacts(
        for app: AppIdentity, shared: Set<String>, candidates: [ContactCandidate]
    ) async -> Set<String>? {
        nil
    }
}
