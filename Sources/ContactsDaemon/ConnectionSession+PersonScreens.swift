import ContactsProtocol
import ContactsSystem
import Foundation

/// The person's agent's way into the screens (docs/WebUI.md): a one-time link for the connection's own user
/// (the kernel's uid, never one the peer names), and a stream of the requests waiting for that user.
extension ConnectionSession {
    func screensLink(_ request: Contacts_V1_PersonScreensLinkRequest, uid: uid_t) throws(CNError)
        -> Contacts_V1_PersonScreensLink
    {
        guard let screens = screens.current else {
            throw CNError(
                .featureNotAvailable,
                userInfo: [NSDebugDescriptionErrorKey: "contactsd serves no screens (it was started with --no-screens)"]
            )
        }
        guard let url = screens.link(uid: uid, page: request.page) else {
            throw CNError(.dataAccessError, userInfo: [NSDebugDescriptionErrorKey: "no such page of the screens"])
        }
        var reply = Contacts_V1_PersonScreensLink()
        reply.url = url
        reply.expiresInSeconds = Int32(clamping: screens.linkLifetimeSeconds)
        return reply
    }

    /// Replies to the watch request (its id) with each request waiting now, then each new one as it starts to
    /// wait, until the connection closes.
    func watchConsents(id: UInt64, uid: uid_t) {
        let current = pending.watch(ObjectIdentifier(self), uid: uid) { [weak self] waiting in
            self?.send(id: id, .consentWaiting(Contacts_V1_PendingConsent(waiting)))
        }
        for waiting in current { send(id: id, .consentWaiting(Contacts_V1_PendingConsent(waiting))) }
        // Waiting pickers too, with the page that shows them (never their candidates).
        let pickersNow = pickers.watch(ObjectIdentifier(self), uid: uid) { [weak self] notice in
            self?.send(id: id, .consentWaiting(notice))
        }
        for notice in pickersNow { send(id: id, .consentWaiting(notice)) }
    }
}
