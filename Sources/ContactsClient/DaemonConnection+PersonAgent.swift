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
        return reply.requests.map { request in
            PendingConsentRequest(
                id: request.requestID, bundleIdentifier: request.bundleIdentifier, displayName: request.displayName,
                purpose: request.purpose, isLimitedOnly: request.style == 1,
                askedAt: Date(timeIntervalSince1970: Double(request.askedAtMs) / 1000))
        }
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
    /// What the person chose for an app.
    package enum AccessDecision: Sendable {
        case denied, full, limited(Set<String>), reset
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
