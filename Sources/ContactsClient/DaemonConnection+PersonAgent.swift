import ContactsModel
import ContactsProtocol
import Foundation

/// An app waiting in the daemon for the person's answer to its consent prompt.
package struct PendingConsentRequest: Hashable, Sendable {
    /// The daemon's number for the request, to answer it.
    package var id: UInt64
    package var bundleIdentifier: String
    package var displayName: String
    /// The app's purpose string.
    package var purpose: String
    /// Whether the prompt is the contact access button's simplified one (limited access or nothing).
    package var isLimitedOnly: Bool
    package var askedAt: Date
    /// What waits: a consent prompt, a one-time contact picker or a contact access picker.
    package var kind: Kind = .consent
    /// The page of the person's screens that shows it ("requests/<id>", "pickers/<id>").
    package var page: String = ""

    /// What waits for the person.
    package enum Kind: Int, Hashable, Sendable {
        case consent = 0
        case contactPicker = 1
        case accessPicker = 2
    }
}

// The person's agent's side of consent (docs/Daemon.md): only a peer the registry gives the entitlement
// org.swift-contacts.person-agent gets answers; any other peer, an app first of all, gets 100.
extension DaemonConnection {
    /// The apps of this user waiting for the person's answer, oldest first.
    ///
    /// - Throws: `CNError.authorizationDenied` (100) unless this process is the person's agent.
    package func pendingConsents() throws(CNError) -> [PendingConsentRequest] {
        guard case .pendingConsents(let reply) = try call(.pendingConsents(Contacts_V1_PendingConsentsRequest())) else {
            throw Self.unexpected
        }
        return reply.requests.map(PendingConsentRequest.init)
    }

    /// Answers a waiting request: `.denied` (Don't Allow), `.authorized` (full access) or `.limited` with the
    /// shared contacts.
    ///
    /// - Returns: false when no request has the number any more (answered, timed out, or the app went away).
    /// - Throws: `CNError.authorizationDenied` (100) unless this process is the person's agent.
    package func answerConsent(
        _ id: UInt64, status: CNAuthorizationStatus, limitedIdentifiers: Set<String> = []
    ) throws(CNError) -> Bool {
        var request = Contacts_V1_AnswerConsentRequest()
        request.requestID = id
        switch status {
        case .authorized: request.decision = 1
        case .limited:
            request.decision = 2
            request.limitedIdentifiers = limitedIdentifiers.sorted()
        default: request.decision = 0
        }
        guard case .answerConsent(let reply) = try call(.answerConsent(request)) else { throw Self.unexpected }
        return reply.answered
    }
}

extension DaemonConnection {
    /// A one-time link into the person's screens for this process's user (docs/WebUI.md).
    ///
    /// - Parameter page: "" (the start page), "settings" or "requests/<id>".
    /// - Returns: The link and how many seconds it stays valid.
    /// - Throws: `CNError.authorizationDenied` (100) unless this process is the person's agent;
    ///   `CNError.featureNotAvailable` (104) when the daemon serves no screens.
    package func personScreensLink(page: String = "") throws(CNError) -> (url: String, expiresIn: Int) {
        var request = Contacts_V1_PersonScreensLinkRequest()
        request.page = page
        guard case .personScreensLink(let reply) = try call(.personScreensLink(request)) else { throw Self.unexpected }
        return (reply.url, Int(reply.expiresInSeconds))
    }

    /// Hands `body` each request of this user waiting for the person: those waiting now, then each new one,
    /// until `body` returns false. Holds this connection: use one for the watch alone.
    ///
    /// - Throws: `CNError.authorizationDenied` (100) unless this process is the person's agent; the
    ///   connection's error when the daemon goes away.
    package func watchConsents(_ body: (PendingConsentRequest) -> Bool) throws(CNError) {
        try subscribe(.watchConsents(Contacts_V1_WatchConsentsRequest())) { reply throws(CNError) in
            guard case .consentWaiting(let waiting) = reply else { throw Self.unexpected }
            return body(PendingConsentRequest(waiting))
        }
    }
}

extension PendingConsentRequest {
    init(_ wire: Contacts_V1_PendingConsent) {
        self.init(
            id: wire.requestID, bundleIdentifier: wire.bundleIdentifier, displayName: wire.displayName,
            purpose: wire.purpose, isLimitedOnly: wire.style == 1,
            askedAt: Date(timeIntervalSince1970: Double(wire.askedAtMs) / 1000),
            kind: Kind(rawValue: Int(wire.kind)) ?? .consent,
            // A daemon older than the pickers names no page: its requests are all consent prompts.
            page: wire.page.isEmpty ? "requests/\(wire.requestID)" : wire.page)
    }
}

extension DaemonConnection {
    /// What the person chose for an app.
    package enum AccessDecision: Sendable {
        case denied, full
        case limited(Set<String>)
        case reset
    }

    /// Changes an app's access as the person; a reduction ends the app's data at once and, unless
    /// `keepProcesses`, its connected processes.
    ///
    /// - Returns: Whether access was reduced, and how many processes were terminated.
    /// - Throws: `CNError.authorizationDenied` (100) unless this process is the person's agent.
    package func setAppAccess(
        _ decision: AccessDecision, for bundleIdentifier: String, keepProcesses: Bool = false
    ) throws(CNError) -> (reduced: Bool, terminatedProcesses: Int) {
        var request = Contacts_V1_SetAppAccessRequest()
        request.bundleIdentifier = bundleIdentifier
        request.keepProcesses = keepProcesses
        switch decision {
        case .denied: request.decision = 0
        case .full: request.decision = 1
        case .limited(let identifiers):
            request.decision = 2
            request.limitedIdentifiers = identifiers.sorted()
        case .reset: request.decision = 3
        }
        guard case .setAppAccess(let reply) = try call(.setAppAccess(request)) else { throw Self.unexpected }
        return (reply.reduced, Int(reply.terminatedProcesses))
    }
}
