import ContactsSystem
import ContactsWebUI
import Foundation

/// What the person's screens ask of the daemon: the same waiting requests and the same access changes as a
/// person-agent connection gets, for the user of the browser session.
struct DaemonScreensBackend: PersonScreensBackend {
    let pending: PendingConsents
    let pickers: PendingPickers
    let changes: PersonAccessChanges
    let registry: AppRegistry
    let buttons: AccessButtons

    func waitingPickers(uid: uid_t) -> [WaitingPicker] {
        pickers.waiting(for: uid)
    }

    func finishPicker(_ id: UInt64, with answer: PickerAnswer, uid: uid_t) -> Bool {
        pickers.finish(id, with: answer, uid: uid)
    }

    func registeredApp(_ bundleIdentifier: String) -> (displayName: String, purpose: String?)? {
        registry.registeredApps()[bundleIdentifier]
    }

    func waiting(uid: uid_t) -> [WaitingPrompt] {
        pending.waiting(for: uid).map { waiting in
            WaitingPrompt(
                id: waiting.id, bundleIdentifier: waiting.request.app.bundleIdentifier,
                displayName: waiting.request.app.displayName, purpose: waiting.request.purpose,
                isLimitedOnly: waiting.request.style == .limitedOnly)
        }
    }

    func answer(_ id: UInt64, with answer: ConsentAnswer, uid: uid_t) -> Bool {
        pending.answer(id, with: answer, uid: uid)
    }

    func personStore(uid: uid_t) throws -> CNContactStore {
        try changes.personStore(uid: uid)
    }

    func setAccess(_ change: AccessChange, for bundleIdentifier: String, keepProcesses: Bool, uid: uid_t) throws {
        _ = try changes.apply(change, for: bundleIdentifier, keepProcesses: keepProcesses, uid: uid)
    }
}
