import ContactsTestSupport
import Foundation
import Testing

/// What a client can name: an app that imports only `Contacts` gets Apple's API and our app-level additions,
/// never the system side; and no code, not even ours, reaches the database without the privacy gate.
///
/// Each probe is a small client file type-checked against the modules of this build (``ModuleProbe``). A
/// forbidden use must fail to compile, and the same use with `import ContactsSystem` (or through the gate)
/// must compile, so each failure is the boundary's doing and not a typo in the probe.
@Suite struct AppSDKSurfaceTests {
    private static let probe = ModuleProbe.forRunningTests()

    /// Uses of the system side an app might try, each as a statement after the imports.
    static let systemUses: [String] = [
        #"let configuration = ContactStoreConfiguration(url: URL(fileURLWithPath: "/tmp/x.sqlite"))"#,
        #"let store = CNContactStore(url: URL(fileURLWithPath: "/tmp/x.sqlite"))"#,
        #"let store = CNContactStore(configuration: .init(url: URL(fileURLWithPath: "/tmp/x.sqlite"), accessor: .person))"#,
        #"let controls = try CNContactStore().accessControls()"#,
        #"let container = try CNContactStore().addContainer(name: "Work", type: .cardDAV)"#,
        #"try CNContactStore().setContainer(withIdentifier: "x", readOnly: false)"#,
        #"let options = ContactStorePrivacyOptions(consentAgent: ScriptedConsentAgent(answers: [.full]))"#,
        #"let agent: any ConsentAgent = ScriptedConsentAgent(answers: [.full])"#,
        #"let agent: (any TrustedAgent)? = nil"#,
        #"let app = AppIdentity(bundleIdentifier: "com.example.other")"#,
        #"let accessor = AccessorIdentity.person"#,
        #"let policy = AdministratorPolicy.unrestricted"#,
        #"let environment = PrivacyEnvironment.live"#,
        #"let tap = AccessButtonTap(identifiers: [], verification: .all)"#,
        #"let choice = AccessChoice.full"#,
        #"let request = ContactPickerRequest(displayedPropertyKeys: nil)"#,
        #"let agent = ScriptedTrustedAgent(picks: [.cancelled])"#,
    ]

    @Test func anAppUsingAppleAPIAndOurAppAdditionsCompiles() throws {
        let probe = try #require(Self.probe, "the build folder of this test run was not found")
        let outcome = try probe.typeCheck(
            """
            import Contacts

            func app() async throws {
                let store = CNContactStore()
                _ = CNContactStore.authorizationStatus(for: .contacts)
                _ = try await store.requestAccess(for: .contacts)
                let contact = CNMutableContact()
                contact.givenName = "Ann"
                let request = CNSaveRequest()
                request.add(contact, toContainerWithIdentifier: nil)
                try store.execute(request)
                let keys = [CNContactGivenNameKey as CNKeyDescriptor]
                _ = try store.unifiedContacts(matching: CNContact.predicateForContacts(matchingName: "ann"), keysToFetch: keys)
                _ = try store.changeHistory(for: CNChangeHistoryFetchRequest())
                _ = try store.linkReason(forContactWithIdentifier: contact.identifier)
                _ = try store.importVCards(data: Data())
                _ = try CNContactVCardSerialization.data(with: [contact])
                _ = try await store.present(ContactPicker(displayedPropertyKeys: [CNContactEmailAddressesKey], selectionMode: .multipleContacts))
                _ = try await store.presentContactAccessPicker()
                _ = try store.startWebAccessButton(WebAccessButton(queryString: "Ann", caption: .email)) { _ in }
            }
            """)
        #expect(outcome.succeeded, "\(outcome.diagnostics)")
    }

    @Test(arguments: systemUses)
    func anAppImportingOnlyContactsCannotNameTheSystemSide(use: String) throws {
        let probe = try #require(Self.probe, "the build folder of this test run was not found")
        let app = try probe.typeCheck("import Contacts\n\nfunc app() throws {\n    \(use)\n}\n")
        #expect(!app.succeeded, "an app reached the system side: \(use)")
        #expect(app.diagnostics.contains("error:"))
        let system = try probe.typeCheck("import ContactsSystem\n\nfunc system() throws {\n    \(use)\n}\n")
        #expect(system.succeeded, "the probe must be valid system code: \(system.diagnostics)")
    }

    @Test(arguments: ["ContactsPrivacy.ConsentAgent", "ContactsEngine.ContactStoreConfiguration"])
    func qualifiedNamesDoNotReachTheSystemSideEither(name: String) throws {
        let probe = try #require(Self.probe, "the build folder of this test run was not found")
        let outcome = try probe.typeCheck("import Contacts\n\nlet type: Any.Type = \(name).self\n")
        #expect(!outcome.succeeded, "\(name) is reachable from import Contacts")
    }

    /// Code of our own package (compiled with its package name, so `package` declarations are visible) that
    /// tries to read contacts without passing the gate.
    static let ungatedReads: [String] = [
        // The pool is private: no raw GRDB access.
        "let rows = try database.pool.read { db in try Int.fetchOne(db, sql: \"SELECT count(*) FROM contact\") }",
        // Reads need a GateAccess, and nothing outside the gate's file can make one.
        "let rows = try database.read(GateAccess(.person)) { _ in 0 }",
        // The raw read is the engine's own; other modules go through AuthorizedStore's entry points.
        "let rows = try database.read(try EmbeddedConnection(configuration: configuration).authorized().access) { _ in 0 }",
        // The gate's bookkeeping access stays inside the gate.
        "let records = PrivacyGate(accessor: .person, options: ContactStorePrivacyOptions()).repository(database)",
        // The store's entry points live on AuthorizedStore, whose initializer needs that access.
        "let store = AuthorizedStore(database, try EmbeddedConnection(configuration: configuration).authorized().access)",
        "let count = try database.contacts(ContactQuery(predicate: nil, keys: []))",
    ]

    @Test(arguments: ungatedReads)
    func codeThatSkipsTheGateDoesNotCompile(read: String) throws {
        let probe = try #require(Self.probe, "the build folder of this test run was not found")
        #expect(probe.packageName != nil, "the package name of our modules was not found")
        let prelude = """
            import ContactsEngine
            import ContactsModel
            import Foundation
            import GRDB

            func ungated(database: StoreDatabase, configuration: ContactStoreConfiguration) throws {
            """
        let outcome = try probe.typeCheck(prelude + "\n    " + read + "\n}\n", asPackageMember: true)
        #expect(!outcome.succeeded, "reached the database without the gate: \(read)")
        // The same file through the gate compiles, so the prelude is sound.
        let gated = try probe.typeCheck(
            prelude + """

                    let store = try EmbeddedConnection(configuration: configuration).authorized()
                    let rows = try store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM contact") }
                    _ = (rows, database)
                }

                """, asPackageMember: true)
        #expect(gated.succeeded, "\(gated.diagnostics)")
    }
}
