/// Shows contacts to the person on the system's side and returns the person's choice, never to the app.
///
/// The trusted agent renders the one-time picker, the contact access picker and the contact access button.
/// It sees contacts the app cannot see; what it returns goes to the flows in ``ContactAccessFlows``, which pass
/// the app only what the rules allow. Today's agents are the terminal and scripted test agents; the daemon's web
/// UI will be the trusted agent later.
///
/// ```swift
/// struct PicksFirst: TrustedAgent { ... }
/// ```
///
/// Parity: our addition; on Apple platforms these views run out of the app's process.
public protocol TrustedAgent: Sendable {
    /// Shows the one-time picker and returns what the person picked.
    ///
    /// - Parameters:
    ///   - app: The app that opened the picker.
    ///   - request: The picker's configuration.
    ///   - candidates: The contacts the person may pick.
    /// - Returns: The person's choice.
    func pickContacts(
        for app: AppIdentity,
        request: ContactPickerRequest,
        candidates: [ContactCandidate]
    ) async -> ContactPickerChoice

    /// Shows the contact access picker: the person edits which contacts the app may see.
    ///
    /// - Parameters:
    ///   - app: The app.
    ///   - shared: The contacts shared now.
    ///   - candidates: Every contact.
    /// - Returns: The new shared set, or nil when the person cancelled.
    func editSharedContacts(
        for app: AppIdentity,
        shared: Set<String>,
        candidates: [ContactCandidate]
    ) async -> Set<String>?

    /// Shows the contact access button's matches and returns the person's tap.
    ///
    /// With one match, the button shows it and a tap chooses it; with several, the tap opens a list.
    ///
    /// - Parameters:
    ///   - app: The app showing the button.
    ///   - matches: Contacts matching the app's query that the app cannot see.
    /// - Returns: The tap, or nil when the person did not choose.
    func chooseFromAccessButton(for app: AppIdentity, matches: [ContactCandidate]) async -> AccessButtonTap?
}
