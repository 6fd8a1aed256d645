import ContactsProtocol
import ContactsSystem
import ContactsWebUI
import Foundation

/// The pickers waiting for the person, per user: an app's one-time contact picker or contact access picker parks
/// here (as the daemon's trusted agent) until the person finishes it in their screens, or until the timeout
/// (then it is cancelled: nothing picked, nothing changed).
///
/// Only the screens of the same user see the candidates and finish a picker; the app's socket carries its request
/// and, once finished, the outcome the flows allow (``ContactAccessFlows``). A person-agent connection is told that
/// a picker waits (``watch(_:uid:notify:)``), with the page that shows it, never with its candidates.
final class PendingPickers: Sendable {
    private let requests: WaitingRequests<WaitingPicker, PickerAnswer>

    init(timeout: Duration) {
        requests = WaitingRequests(timeout: timeout)
    }

    /// The trusted agent of one app connection's store, of a user.
    ///
    /// - Parameter owner: The connection; its pickers are cancelled when it closes (``cancelAll(of:)``).
    func agent(for uid: uid_t, owner: ObjectIdentifier) -> any TrustedAgent {
        ScreensTrustedAgent(pending: self, uid: uid, owner: owner)
    }

    /// Parks a picker until the person finishes it, its app goes away or it times out; nil unless finished.
    fileprivate func wait(
        for kind: WaitingPicker.Kind, app: AppIdentity, candidates: [ContactCandidate], uid: uid_t,
        owner: ObjectIdentifier
    ) async -> PickerAnswer? {
        var returnedKeys: Set<String> = []
        if case .contacts(let request) = kind { returnedKeys = request.keysToFetch(entitlements: app.entitlements) }
        return await requests.wait(uid: uid, owner: owner) { id in
            WaitingPicker(
                id: id, bundleIdentifier: app.bundleIdentifier, displayName: app.displayName, kind: kind,
                candidates: candidates, returnedKeys: returnedKeys)
        }
    }

    /// Tells `notify` of every picker of a user that waits from now on, until ``unwatch(_:)``; returns those
    /// already waiting, as wire notices.
    func watch(_ owner: ObjectIdentifier, uid: uid_t, notify: @escaping @Sendable (Contacts_V1_PendingConsent) -> Void)
        -> [Contacts_V1_PendingConsent]
    {
        requests.watch(owner, uid: uid) { notify(Contacts_V1_PendingConsent($0.item, askedAt: $0.askedAt)) }
            .map { Contacts_V1_PendingConsent($0.item, askedAt: $0.askedAt) }
    }

    /// Ends an owner's watch.
    func unwatch(_ owner: ObjectIdentifier) {
        requests.unwatch(owner)
    }

    /// The pickers waiting for a user, oldest first.
    func waiting(for uid: uid_t) -> [WaitingPicker] {
        requests.waiting(for: uid).map(\.item)
    }

    /// Finishes a waiting picker of a user; false when none of theirs has that number.
    @discardableResult
    func finish(_ id: UInt64, with answer: PickerAnswer, uid: uid_t) -> Bool {
        requests.answer(id, with: answer, uid: uid)
    }

    /// Cancels every picker a connection waits for: the app went away, so the person is not asked for nothing.
    func cancelAll(of owner: ObjectIdentifier) {
        requests.cancelAll(of: owner)
    }
}

/// The trusted agent of a user's app stores in the daemon: the person sees the picker in their screens.
private struct ScreensTrustedAgent: TrustedAgent {
    let pending: PendingPickers
    let uid: uid_t
    let owner: ObjectIdentifier

    func pickContacts(for app: AppIdentity, request: ContactPickerRequest, candidates: [ContactCandidate]) async
        -> ContactPickerChoice
    {
        guard
            case .picked(let choice)? = await pending.wait(
                for: .contacts(request), app: app, candidates: candidates, uid: uid, owner: owner)
        else { return .cancelled }
        return choice
    }

    func editSharedContacts(for app: AppIdentity, shared: Set<String>, candidates: [ContactCandidate]) async
        -> Set<String>?
    {
        guard
            case .edited(let edited)? = await pending.wait(
                for: .access(shared: shared), app: app, candidates: candidates, uid: uid, owner: owner)
        else { return nil }
        return edited
    }

    func chooseFromAccessButton(for app: AppIdentity, matches: [ContactCandidate]) async -> AccessButtonTap? {
        // The contact access button has its own screens; through a store's trusted agent it shows nothing.
        nil
    }
}

extension Contacts_V1_PendingConsent {
    /// A waiting picker as the person's agent is told of it: who asks, and the page that shows it.
    init(_ waiting: WaitingPicker, askedAt: Date) {
        self.init()
        requestID = waiting.id
        bundleIdentifier = waiting.bundleIdentifier
        displayName = waiting.displayName
        if case .contacts = waiting.kind { kind = 1 } else { kind = 2 }
        page = "pickers/\(waiting.id)"
        askedAtMs = Int64((askedAt.timeIntervalSince1970 * 1000).rounded())
    }
}
