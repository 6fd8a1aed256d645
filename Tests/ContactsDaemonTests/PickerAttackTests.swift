import ContactsClient
import ContactsProtocol
import ContactsSystem
import ContactsTestSupport
import ContactsWebUI
import Foundation
import Testing

@testable import ContactsDaemon

/// The pickers' trusted side runs in the daemon (docs/ThreatModel.md): an app can neither see nor finish its own
/// picker, its socket carries the outcome only (never the candidates), the one-time picker grants nothing, and a
/// snapshot holds only the keys the app asked for. The person's side here is the daemon's screens backend, as the
/// screens call it; ScreensBrowserTests+Pickers drives the same flows in a browser.
@Suite struct PickerAttackTests {
    /// Ann Lee (note, phone), Bob Stone (two e-mail addresses, phone, note), Cid Moss, in the person's store.
    static func seed(_ fixture: DaemonFixture) throws -> [String: String] {
        let ann = ContactFixtures.person("Ann", "Lee")
        ann.note = "ann-secret-note"
        ann.phoneNumbers = [
            CNLabeledValue(label: CNLabelPhoneNumberMobile, value: CNPhoneNumber(stringValue: "+1 555 0100"))
        ]
        let bob = ContactFixtures.person("Bob", "Stone")
        bob.emailAddresses = [
            CNLabeledValue(label: CNLabelHome, value: "bob@home.example" as NSString),
            CNLabeledValue(label: CNLabelWork, value: "bob@work.example" as NSString),
        ]
        bob.phoneNumbers = [
            CNLabeledValue(label: CNLabelPhoneNumberMobile, value: CNPhoneNumber(stringValue: "+1 555 0199"))
        ]
        bob.note = "bob-secret-note"
        let cid = ContactFixtures.person("Cid", "Moss")
        try ContactFixtures.save([ann, bob, cid], in: fixture.person)
        return ["Ann": ann.identifier, "Bob": bob.identifier, "Cid": cid.identifier]
    }

    /// Waits until `count` pickers of this user wait in the daemon.
    static func waitForPickers(_ fixture: DaemonFixture, _ count: Int) async throws -> [WaitingPicker] {
        let backend = fixture.daemon.screensBackend
        for _ in 0..<600 {
            let now = backend.waitingPickers(uid: geteuid())
            if now.count >= count { return now }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("no picker waited")
        return backend.waitingPickers(uid: geteuid())
    }

    @Test func anAppCanNeitherSeeNorFinishItsOwnPicker() async throws {
        let fixture = try DaemonFixture()
        let people = try Self.seed(fixture)
        let app = fixture.appStore()
        let picking = PickerCall { try await app.present(ContactPicker()) }
        let picker = try #require(try await Self.waitForPickers(fixture, 1).first)

        // The same app, on a second connection, tries every way a person's agent has.
        let attacker = DaemonConnection(socketPath: fixture.daemon.configuration.socketPath)
        #expect(Self.code { _ = try attacker.pendingConsents() } == .authorizationDenied)
        #expect(Self.code { _ = try attacker.answerConsent(picker.id, status: .authorized) } == .authorizationDenied)
        #expect(Self.code { _ = try attacker.personScreensLink(page: "pickers/\(picker.id)") } == .authorizationDenied)
        #expect(Self.code { try attacker.watchConsents { _ in false } } == .authorizationDenied)
        #expect(
            Self.code { _ = try attacker.setAppAccess(.full, for: DaemonFixture.bundleIdentifier) }
                == .authorizationDenied)

        // The picker still waits for the person; nothing was picked for the app.
        #expect(!picking.isFinished)
        #expect(try await Self.waitForPickers(fixture, 1).map(\.id) == [picker.id])
        let backend = fixture.daemon.screensBackend
        // The person of another uid cannot finish it either (reads as no such picker).
        #expect(!backend.finishPicker(picker.id, with: .picked(.contacts([people["Bob"] ?? ""])), uid: geteuid() &+ 1))
        #expect(backend.finishPicker(picker.id, with: .picked(.cancelled), uid: geteuid()))
        guard case .cancelled = try await picking.value() else {
            Issue.record("a cancelled picker returned picks")
            return
        }
    }

    @Test(arguments: [false, true])
    func theSnapshotCarriesOnlyTheAskedKeysAndTheNoteOnlyWithTheEntitlement(entitled: Bool) async throws {
        let fixture = try DaemonFixture()
        if entitled {
            let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
            try AppRegistry.register(
                executable: executable, bundleIdentifier: DaemonFixture.bundleIdentifier, displayName: "Daemon Tests",
                usageDescription: "Tests the daemon.", entitlements: [AppEntitlements.contactsNotesKey],
                in: fixture.daemon.configuration.registryDirectory)
        }
        let people = try Self.seed(fixture)
        let app = fixture.appStore()
        let asked = [CNContactEmailAddressesKey, CNContactNoteKey]
        let picking = PickerCall { try await app.present(ContactPicker(displayedPropertyKeys: asked)) }
        let picker = try #require(try await Self.waitForPickers(fixture, 1).first)
        let backend = fixture.daemon.screensBackend
        #expect(
            backend.finishPicker(picker.id, with: .picked(.contacts([try #require(people["Bob"])])), uid: geteuid()))

        guard case .contacts(let contacts) = try await picking.value(), let bob = contacts.first else {
            Issue.record("the picked contact did not arrive")
            return
        }
        #expect(contacts.count == 1)
        #expect(bob.givenName == "Bob")
        #expect(bob.emailAddresses.map(\.value) == ["bob@home.example", "bob@work.example"])
        var allowed = ContactPickerRequest.nameKeys.union([CNContactEmailAddressesKey])
        if entitled { allowed.insert(CNContactNoteKey) }
        let every = ContactPickerRequest().keysToFetch(
            entitlements: AppEntitlements(granted: [AppEntitlements.contactsNotesKey]))
        for key in every {
            #expect(bob.isKeyAvailable(key) == allowed.contains(key), "\(key)")
        }
        if entitled { #expect(bob.note == "bob-secret-note") }
    }

    @Test(arguments: [AccessChoice.denied, .limited([])])
    func theOneTimePickerGrantsNothing(choice: AccessChoice) async throws {
        let fixture = try DaemonFixture()
        let people = try Self.seed(fixture)
        try fixture.setAccess(choice)
        let app = fixture.appStore()
        let statusBefore = app.authorizationStatus(for: .contacts)
        let picking = PickerCall { try await app.present(ContactPicker(selectionMode: .multipleContacts)) }
        let picker = try #require(try await Self.waitForPickers(fixture, 1).first)
        let backend = fixture.daemon.screensBackend
        let picked = [try #require(people["Ann"]), try #require(people["Cid"])]
        #expect(backend.finishPicker(picker.id, with: .picked(.contacts(picked)), uid: geteuid()))
        guard case .contacts(let contacts) = try await picking.value() else {
            Issue.record("the picked contacts did not arrive")
            return
        }
        #expect(contacts.map(\.identifier) == picked)

        #expect(app.authorizationStatus(for: .contacts) == statusBefore)
        let limited = try fixture.person.accessControls().limitedSet(of: DaemonFixture.bundleIdentifier)
        #expect(limited.shared.isEmpty, "picked contacts do not join the limited set")
        let fresh = fixture.appStore()
        let request = CNContactFetchRequest(keysToFetch: [CNContactGivenNameKey as CNKeyDescriptor])
        var seen: [String] = []
        let code = Self.code {
            try fresh.enumerateContacts(with: request) { contact, _ in seen.append(contact.givenName) }
        }
        if case .denied = choice {
            #expect(code == .authorizationDenied)
        } else {
            #expect(code == nil)
        }
        #expect(seen.isEmpty, "the app still sees none of the picked contacts")
    }

    @Test func theAppSocketCarriesTheOutcomeButNeverTheCandidates() async throws {
        let fixture = try DaemonFixture()
        let people = try Self.seed(fixture)
        let client = try RawClient(path: fixture.daemon.configuration.socketPath, receiveTimeout: 120)
        var request = Contacts_V1_ContactPickerRequest()
        request.hasDisplayedPropertyKeys_p = true
        request.displayedPropertyKeys = [CNContactPhoneNumbersKey]
        try client.send(id: 2, .contactPicker(request))
        let picker = try #require(try await Self.waitForPickers(fixture, 1).first)
        #expect(picker.candidates.count == 3, "the person sees every contact")
        let backend = fixture.daemon.screensBackend
        let bob = try #require(people["Bob"])
        #expect(backend.finishPicker(picker.id, with: .picked(.contacts([bob])), uid: geteuid()))

        let reply = try await ScreensBrowserTests.offPool { try client.reply(to: 2) }
        guard case .contactPicker(let outcome) = reply.message.body else {
            Issue.record("no picker reply: \(reply.message)")
            return
        }
        #expect(outcome.outcome == 1)
        #expect(outcome.contacts.map(\.identifier) == [bob])
        // Everything the app's socket received, the Welcome included: Bob's snapshot, nothing of Ann or Cid, and
        // not the note or e-mail addresses it did not ask for.
        let received = String(decoding: reply.everything, as: UTF8.self)
        for absent in [
            try #require(people["Ann"]), try #require(people["Cid"]), "Ann", "Lee", "Cid", "Moss", "bob-secret-note",
            "bob@home.example", "+1 555 0100",
        ] {
            #expect(!received.contains(absent), "\(absent) crossed the app's socket")
        }
        #expect(received.contains("+1 555 0199"))
        // Two messages crossed, the Welcome and the outcome: nothing while the person was choosing.
        #expect(reply.messages.count == 2, "\(reply.messages.map(\.body))")
        if case .welcome = reply.messages.first?.body {} else { Issue.record("the first message was not the Welcome") }
    }

    @Test func aPickerNobodyFinishesIsCancelledAtTheTimeout() async throws {
        let fixture = try DaemonFixture(pickerTimeout: .seconds(1))
        _ = try Self.seed(fixture)
        let app = fixture.appStore()
        let picking = PickerCall { try await app.present(ContactPicker()) }
        guard case .cancelled = try await picking.value() else {
            Issue.record("a picker nobody finished returned picks")
            return
        }
        let backend = fixture.daemon.screensBackend
        #expect(backend.waitingPickers(uid: geteuid()).isEmpty)
    }

    @Test func aPickerWhoseAppWentAwayStopsWaiting() async throws {
        let fixture = try DaemonFixture()
        _ = try Self.seed(fixture)
        var client: RawClient? = try RawClient(path: fixture.daemon.configuration.socketPath, receiveTimeout: 120)
        try client?.send(id: 2, .contactPicker(Contacts_V1_ContactPickerRequest()))
        #expect(try await Self.waitForPickers(fixture, 1).count == 1)
        client = nil
        var waiting = fixture.daemon.screensBackend.waitingPickers(uid: geteuid())
        for _ in 0..<600 where !waiting.isEmpty {
            try await Task.sleep(for: .milliseconds(50))
            waiting = fixture.daemon.screensBackend.waitingPickers(uid: geteuid())
        }
        #expect(waiting.isEmpty, "the person is not asked for an app that went away")
    }

    @Test(arguments: [AccessChoice.denied, .full])
    func theAccessPickerIsEmptyAtOnceUnlessLimited(choice: AccessChoice) async throws {
        let fixture = try DaemonFixture()
        _ = try Self.seed(fixture)
        try fixture.setAccess(choice)
        let app = fixture.appStore()
        #expect(try await app.presentContactAccessPicker().isEmpty)
        let backend = fixture.daemon.screensBackend
        #expect(backend.waitingPickers(uid: geteuid()).isEmpty, "no picker was shown")
    }

    /// The CNError code a call throws; nil when it does not throw.
    static func code(_ body: () throws -> Void) -> CNError.Code? {
        do {
            try body()
            return nil
        } catch {
            return (error as? CNError)?.code
        }
    }
}
