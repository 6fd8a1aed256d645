import ContactsSystem

/// The person's privacy controls over the chosen store, with the checks every privacy command shares.
///
/// ```swift
/// let session = try PrivacySession(storeOptions: storeOptions)
/// let app = try session.app("com.example.app")
/// ```
package struct PrivacySession {
    package let store: CNContactStore
    package let controls: ContactAccessControls

    /// Opens the store as the person and gets its controls.
    ///
    /// A broken policy file restricts every app (it fails closed); the controls only show the result, so the
    /// person is told why on standard error.
    package init(storeOptions: StoreOptions) throws {
        store = try storeOptions.open()
        controls = try store.accessControls()
        if let error = AdministratorPolicy.loadFailingClosed(environment: .live).error {
            let reason = error.message.hasSuffix(".") ? String(error.message.dropLast()) : error.message
            StandardStreams.writeError(
                "contacts: warning: \(reason); every app is restricted until the file is fixed\n")
        }
    }

    /// A presenter that knows how many contacts the store holds.
    package func presenter() throws -> AppAccessPresenter {
        var count = 0
        try store.enumerateContacts(with: CNContactFetchRequest(keysToFetch: [])) { _, _ in count += 1 }
        return AppAccessPresenter(contactCount: count)
    }

    /// The app with this bundle identifier.
    ///
    /// - Throws: A failure with exit 67 when no app with that identifier has a record (it never asked and
    ///   was never restricted).
    package func app(_ bundleIdentifier: String) throws -> ContactAccessSummary {
        guard let app = try controls.apps().first(where: { $0.bundleIdentifier == bundleIdentifier }) else {
            throw CommandFailure(
                "no app with the bundle identifier \(bundleIdentifier)",
                exitCode: ExitStatus.noRecord,
                hint: "'contacts privacy apps' lists the apps that asked for access"
            )
        }
        return app
    }

    /// Checks that every identifier names a contact of the store.
    ///
    /// - Throws: A failure with exit 67 naming the unknown identifiers, in the order given.
    package func requireContacts(_ identifiers: [String]) throws {
        guard !identifiers.isEmpty else { return }
        let found = try store.unifiedContacts(
            matching: CNContact.predicateForContacts(withIdentifiers: identifiers), keysToFetch: [])
        let known = Set(found.map(\.identifier))
        let unknown = identifiers.filter { !known.contains($0) }
        guard unknown.isEmpty else {
            throw CommandFailure(
                "no contact with the identifier \(unknown.joined(separator: ", "))",
                exitCode: ExitStatus.noRecord,
                contactsCode: .recordDoesNotExist,
                hint: "'contacts list' and 'contacts search' show identifiers"
            )
        }
    }

    /// Checks that the app is known and the contacts exist, then runs the change: nothing changes when
    /// either check fails.
    package func changeKnownApp(
        _ bundleIdentifier: String, contacts: [String] = [], _ body: (ContactAccessControls) throws -> Void
    ) throws {
        _ = try app(bundleIdentifier)
        try requireContacts(contacts)
        try change(bundleIdentifier, body)
    }

    /// Runs a change of the person's controls and prints the app's status after it.
    ///
    /// - Throws: A failure with exit 77 when an administrator restricted the app.
    package func change(_ bundleIdentifier: String, _ body: (ContactAccessControls) throws -> Void) throws {
        do {
            try body(controls)
        } catch let error as AuthorizationError where error.code == .restrictedByAdministrator {
            throw CommandFailure(
                "\(bundleIdentifier) is restricted by an administrator",
                exitCode: ExitStatus.permission,
                contactsCode: .authorizationDenied,
                hint: "'contacts privacy reset' lifts a restriction made with 'contacts privacy restrict'; "
                    + "one in the policy file (CONTACTS_POLICY) is lifted by editing that file"
            )
        }
        var buffer = BufferedOutput()
        buffer.line(try presenter().confirmation(try app(bundleIdentifier)))
        buffer.flush()
    }
}
