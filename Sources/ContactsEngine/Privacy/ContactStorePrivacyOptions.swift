import ContactsPrivacy

/// The privacy collaborators of a store: who asks the person, who shows them contacts, and the outside world.
///
/// Every field defaults to the process: the consent agent from `ConsentAgents.standard(environment:)` (the
/// terminal, or `CONTACTS_CONSENT`), no trusted agent, the live environment, and the administrator policy file
/// (`CONTACTS_POLICY`, else `/etc/contacts/policy.json`, failing closed). Tests inject scripted agents and a
/// fixed environment here, so they never depend on the real terminal, environment or `/etc`:
///
/// ```swift
/// var configuration = ContactStoreConfiguration(url: url, accessor: .app(app))
/// configuration.privacy.consentAgent = ScriptedConsentAgent(answers: [.full])
/// configuration.privacy.administratorPolicy = .unrestricted
/// ```
///
/// Parity: our addition.
public struct ContactStorePrivacyOptions: Sendable {
    /// Asks the person for an app's access; nil uses `ConsentAgents.standard(environment:)`.
    public var consentAgent: (any ConsentAgent)?
    /// Shows contacts to the person for the pickers and the access button; nil: those flows are cancelled.
    public var trustedAgent: (any TrustedAgent)?
    /// The clock, variables and files the privacy layer reads; nil uses `PrivacyEnvironment.live`.
    public var environment: PrivacyEnvironment?
    /// The administrator's restrictions; nil loads the policy file from ``environment``.
    public var administratorPolicy: AdministratorPolicy?

    /// Creates options; every nil field reads the process.
    public init(
        consentAgent: (any ConsentAgent)? = nil,
        trustedAgent: (any TrustedAgent)? = nil,
        environment: PrivacyEnvironment? = nil,
        administratorPolicy: AdministratorPolicy? = nil
    ) {
        self.consentAgent = consentAgent
        self.trustedAgent = trustedAgent
        self.environment = environment
        self.administratorPolicy = administratorPolicy
    }

    /// The environment to use.
    package var resolvedEnvironment: PrivacyEnvironment { environment ?? .live }

    /// The policy to use: the injected one, else the policy file (restricting every app when it is broken).
    package func resolvedPolicy() -> AdministratorPolicy {
        administratorPolicy ?? AdministratorPolicy.loadFailingClosed(environment: resolvedEnvironment).policy
    }

    /// The consent agent to use.
    package func resolvedConsentAgent() -> any ConsentAgent {
        consentAgent ?? ConsentAgents.standard(environment: resolvedEnvironment).agent
    }
}
