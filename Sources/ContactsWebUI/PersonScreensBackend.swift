import ContactsSystem
import Foundation

/// An app waiting for the person's answer, as the consent screens show it.
package struct WaitingPrompt: Sendable {
    package var id: UInt64
    package var bundleIdentifier: String
    package var displayName: String
    /// The app's purpose string.
    package var purpose: String
    /// The contact access button's simplified prompt: limited access or nothing, no full access.
    package var isLimitedOnly: Bool

    package init(id: UInt64, bundleIdentifier: String, displayName: String, purpose: String, isLimitedOnly: Bool) {
        self.id = id
        self.bundleIdentifier = bundleIdentifier
        self.displayName = displayName
        self.purpose = purpose
        self.isLimitedOnly = isLimitedOnly
    }
}

/// What the person chose for an app, on the settings screen or with their terminal tool.
package enum AccessChange: Sendable, Equatable {
    case denied, full
    case limited(Set<String>)
    case reset
    /// These contacts shared besides those shared already (they count while the app is limited).
    case share(Set<String>)
    /// These contacts no longer shared.
    case unshare(Set<String>)
}

/// What the daemon does for the screens: they hold no data of their own, and every change goes through the
/// daemon's own code paths (the ones its person-agent connections use), for the user of the browser session.
package protocol PersonScreensBackend: Sendable {
    /// The pickers waiting for a user, oldest first.
    func waitingPickers(uid: uid_t) -> [WaitingPicker]
    /// Finishes a waiting picker of a user; false when none of the user's has that number.
    func finishPicker(_ id: UInt64, with answer: PickerAnswer, uid: uid_t) -> Bool
    /// The requests waiting for a user's answer, oldest first.
    func waiting(uid: uid_t) -> [WaitingPrompt]
    /// Answers a waiting request of a user; false when none of the user's has that number.
    func answer(_ id: UInt64, with answer: ConsentAnswer, uid: uid_t) -> Bool
    /// The name and purpose string the administrator registered for an app; nil for an app not registered.
    /// The settings prefer them to what the app's record kept (a record the person made before the app ever
    /// asked has neither).
    func registeredApp(_ bundleIdentifier: String) -> (displayName: String, purpose: String?)?
    /// The user's store, opened as the person.
    func personStore(uid: uid_t) throws -> CNContactStore
    /// Changes an app's access as `SetAppAccess` does: a reduction ends the app's data at once and, unless
    /// `keepProcesses`, its processes.
    func setAccess(_ change: AccessChange, for bundleIdentifier: String, keepProcesses: Bool, uid: uid_t) throws

    // The contact access button's frame (PersonScreens+AccessButton.swift). The daemon runs the flow
    // (ContactAccessFlows.runAccessButton); the screens only show it and pass on what the browser did.

    /// How a button session looks and who may frame it; nil for no such session. Holds no contact data.
    func accessButtonLook(_ session: String) -> AccessButtonLook?
    /// What a session's frame shows a user's browser: `.empty` unless the session is that user's and the flow
    /// offers something.
    func accessButtonView(_ session: String, uid: uid_t) async -> AccessButtonView
    /// Hands the flow the person's tap on a contact, with what the frame verified, and waits for its outcome.
    func accessButtonTap(_ session: String, uid: uid_t, identifier: String, verification: TapVerification) async
        -> AccessButtonOutcome
    /// Answers the button's simplified prompt; an answer without every verification is ignored (the prompt waits).
    func accessButtonAnswer(_ session: String, uid: uid_t, allow: Bool, verification: TapVerification) async
        -> AccessButtonOutcome
}
