import ContactsModel
import ContactsPrivacy

/// The pickers of a connection, as an app's store runs them: the one-time contact picker and the contact access
/// picker.
///
/// A separate protocol from ``ContactStorePrivacyConnection`` so the daemon client implements it over its socket
/// and the embedded connection with its store's trusted agent.
package protocol ContactPickerConnection: Sendable {
    /// Shows the one-time picker to the person and returns the snapshot the app may receive; grants nothing.
    func pickContacts(_ request: ContactPickerRequest) async throws(CNError) -> ContactPickerResponse
    /// Shows the contact access picker to the person; returns the newly shared identifiers, sorted.
    func presentAccessPicker() async throws(CNError) -> [String]
}

extension EmbeddedConnection: ContactPickerConnection {
    package func pickContacts(_ request: ContactPickerRequest) async throws(CNError) -> ContactPickerResponse {
        let (flows, app) = try pickerFlows()
        return try await flows.pickContacts(for: app, request: request)
    }

    package func presentAccessPicker() async throws(CNError) -> [String] {
        let (flows, app) = try pickerFlows()
        let granted = try await flows.presentAccessPicker(for: app)
        // The person edited this app's set at its own request: a contact they removed is a reduction for the
        // app's other stores (which fail with 100, as after any reduction), but this store goes on under the
        // new set rather than failing because of the picker it just showed.
        gate.forgetOpenedGeneration()
        return granted
    }

    /// The flows for this store's app: the trusted agent of the store's options (none: every picker is
    /// cancelled), the person's view of the store for the candidates, and the gate's records.
    ///
    /// - Throws: `CNError.featureNotAvailable` (104) for the person's own store (the person sees every contact,
    ///   and no app is asking); `CNError.dataAccessError` (2) when the file cannot be opened.
    private func pickerFlows() throws(CNError) -> (ContactAccessFlows, AppIdentity) {
        guard case .app(let app) = gate.accessor() else { throw CNError(.featureNotAvailable) }
        let database = try database()
        let options = gate.options
        let flows = ContactAccessFlows(
            repository: gate.repository(database), directory: gate.directory(database),
            trustedAgent: options.trustedAgent ?? CancellingTrustedAgent(),
            consentAgent: options.resolvedConsentAgent(),
            policy: gate.policy, environment: options.resolvedEnvironment)
        return (flows, app)
    }
}
