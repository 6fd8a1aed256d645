import ContactsSystem

/// Stands in for the system's side of the contact access button; not part of the app.
///
/// On Apple platforms the button runs out of process: the app passes its search text and receives only
/// the identifiers the person chose. In embedded mode there is no system process, so this file plays it:
/// it opens the person's controls over the same store (as the daemon will), runs the button flow with the
/// trusted agent, and hands back identifiers only. The app's own `CNContactStore` never sees a match the
/// person did not share. (An embedded app could open the person's store itself; docs/ThreatModel.md lists
/// that, and the daemon closes it.)
struct SystemAccessButton {
    let trustedAgent: any TrustedAgent

    /// Who answers at the button: `CONTACTS_ACCESS_BUTTON` when set, else the person on the terminal, else
    /// nobody (no tap).
    static func personAtTheButton(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> any TrustedAgent {
        let setting = environment[EnvironmentTrustedAgent.variable] ?? ""
        if setting.isEmpty, let terminal = TerminalStreams.controllingTerminal() {
            return TerminalTrustedAgent(streams: terminal)
        }
        return EnvironmentTrustedAgent(setting: setting)
    }

    /// Shows the button for the app's search text and returns the identifiers the person shared.
    ///
    /// - Returns: The newly shared identifiers, sorted; empty when the person did not tap, the tap was not
    ///   verified, nothing matched, or the app's status makes the button unusable.
    func run(query: String) async throws -> [String] {
        guard var configuration = ContactStoreConfiguration.default() else { return [] }
        configuration.accessor = .person
        let system = CNContactStore(configuration: configuration)
        let app = try AppIdentity.load(environment: .live)
        return try await system.accessControls().runAccessButton(
            for: app, query: AccessButtonQuery(queryString: query), trustedAgent: trustedAgent)
    }
}
