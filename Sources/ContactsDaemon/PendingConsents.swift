import ContactsProtocol
import ContactsSystem
import Foundation

/// The apps waiting for the person's answer, per user: an app's `requestAccess` parks here until the person's
/// agent answers over its own connection, or until the timeout (then the app is not granted and nothing is
/// recorded, so it may ask again, as when nobody can ask).
///
/// The waiting app's connection never sees this list; only a person-agent connection of the same user does
/// (``ConnectionSession``), so an app cannot answer its own prompt.
final class PendingConsents: Sendable {
    /// One app waiting.
    typealias Waiting = WaitingRequests<ConsentRequest, ConsentAnswer>.Waiting

    private let requests: WaitingRequests<ConsentRequest, ConsentAnswer>

    init(timeout: Duration) {
        requests = WaitingRequests(timeout: timeout)
    }

    /// The agent an app's store of a user asks through.
    func agent(for uid: uid_t) -> any ConsentAgent {
        PersonConsentAgent(pending: self, uid: uid)
    }

    /// Parks a request until it is answered or times out; nil when it timed out.
    fileprivate func wait(for request: ConsentRequest, uid: uid_t) async -> ConsentAnswer? {
        await requests.wait(uid: uid) { _ in request }
    }

    /// Tells `notify` of every request of a user that waits from now on, until ``unwatch(_:)``; returns those
    /// already waiting. One watch per owner (a connection); a second replaces the first.
    func watch(_ owner: ObjectIdentifier, uid: uid_t, notify: @escaping @Sendable (Waiting) -> Void) -> [Waiting] {
        requests.watch(owner, uid: uid, notify: notify)
    }

    /// Ends an owner's watch.
    func unwatch(_ owner: ObjectIdentifier) {
        requests.unwatch(owner)
    }

    /// The requests waiting for a user's answer, oldest first.
    func waiting(for uid: uid_t) -> [Waiting] {
        requests.waiting(for: uid)
    }

    /// Answers a waiting request of a user; false when none has that number (answered, timed out, or another
    /// user's, which reads the same as none).
    @discardableResult
    func answer(_ id: UInt64, with answer: ConsentAnswer, uid: uid_t) -> Bool {
        requests.answer(id, with: answer, uid: uid)
    }
}

extension WaitingRequests.Waiting where Item == ConsentRequest {
    /// The app's consent request.
    var request: ConsentRequest { item }
}

/// The consent agent of a user's app stores in the daemon: the person answers through their agent.
private struct PersonConsentAgent: ConsentAgent {
    let pending: PendingConsents
    let uid: uid_t

    func consent(to request: ConsentRequest, candidates: ContactCandidateSource) async -> ConsentAnswer? {
        await pending.wait(for: request, uid: uid)
    }
}

extension Contacts_V1_PendingConsent {
    init(_ waiting: PendingConsents.Waiting) {
        self.init()
        requestID = waiting.id
        bundleIdentifier = waiting.request.app.bundleIdentifier
        displayName = waiting.request.app.displayName
        purpose = waiting.request.purpose
        style = waiting.request.style == .limitedOnly ? 1 : 0
        askedAtMs = Int64((waiting.askedAt.timeIntervalSince1970 * 1000).rounded())
        kind = 0
        page = "requests/\(waiting.id)"
    }
}
