import ContactsModel
import ContactsPrivacy
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
        /// These contacts shared besides those shared already.
        case share(Set<String>)
        /// These contacts no longer shared.
        case unshare(Set<String>)
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
        case .share(let identifiers):
            request.decision = 4
            request.limitedIdentifiers = identifiers.sorted()
        case .unshare(let identifiers):
            request.decision = 5
            request.limitedIdentifiers = identifiers.sorted()
        }
        guard case .setAppAccess(let reply) = try call(.setAppAccess(request)) else { throw Self.unexpected }
        return (reply.reduced, Int(reply.terminatedProcesses))
    }
}

extension DaemonConnection {
    /// One app of the person's privacy controls, as the daemon lists it.
    package struct AppAccess: Hashable, Sendable {
        package var summary: AppAccessSummary
        /// How many existing contacts the app sees now.
        package var visibleCount: Int
    }

    /// Every app of this user's privacy controls (those that asked or were restricted), by bundle identifier.
    ///
    /// - Throws: `CNError.authorizationDenied` (100) unless this process is the person's agent.
    package func appAccess() throws(CNError) -> [AppAccess] {
        guard case .appAccess(let reply) = try call(.appAccess(Contacts_V1_AppAccessRequest())) else {
            throw Self.unexpected
        }
        return reply.apps.map { wire in
            AppAccess(
                summary: AppAccessSummary(
                    bundleIdentifier: wire.bundleIdentifier, displayName: wire.displayName,
                    usageDescription: wire.hasUsageDescription ? wire.usageDescription : nil,
                    status: CNAuthorizationStatus(rawValue: Int(wire.status)) ?? .denied,
                    isRestrictedByPolicy: wire.restrictedByPolicy,
                    decidedAt: wire.hasDecidedAtMs ? Date(timeIntervalSince1970: Double(wire.decidedAtMs) / 1000) : nil,
                    sharedCount: Int(wire.sharedCount), createdCount: Int(wire.createdCount)),
                visibleCount: Int(wire.visibleCount))
        }
    }
}

extension DaemonConnection {
    /// Marks the person's own card, or unsets it with nil.
    ///
    /// - Throws: `CNError.recordDoesNotExist` (200) for an unknown contact; `authorizationDenied` (100) unless
    ///   this process is the person's agent.
    package func setMeContact(_ identifier: String?) throws(CNError) {
        var request = Contacts_V1_SetMeContactRequest()
        if let identifier { request.contactIdentifier = identifier }
        guard case .done = try call(.setMeContact(request)) else { throw Self.unexpected }
    }
}
