import ContactsSystem
import ContactsTestSupport
import Foundation
import Synchronization
import Testing

@testable import ContactsDaemon

/// The pickers end to end: the app (this test process, over its socket) presents a picker, the person finishes
/// it in Chromium (Browser/pickers.py), and the test checks what the app received and what the store holds.
extension ScreensBrowserTests {
    /// Runs a scenario of Browser/pickers.py and returns the result it printed.
    static func browsePicker(_ scenario: String, _ config: [String: Any]) async throws -> [String: Any] {
        try await runBrowserScript("pickers.py", scenario, config)
    }

    /// Ann Lee, Bob Stone (home and work e-mail, a phone, a note) and Cid Moss.
    static func seedPickerContacts(_ world: World) throws -> [String: String] {
        try PickerAttackTests.seed(world.fixture)
    }

    @Test func theOneTimePickerGivesADeniedAppASnapshotWithOnlyTheAskedKeysAndNoGrant() async throws {
        try Self.requireBrowser()
        let world = try await World.make()
        let people = try Self.seedPickerContacts(world)
        try world.fixture.setAccess(.denied)
        let app = world.fixture.appStore()
        let picking = PickerCall {
            try await app.present(ContactPicker(displayedPropertyKeys: [CNContactEmailAddressesKey]))
        }
        let seen = try await Self.browsePicker(
            "picker", ["name": "picker-contact", "link": try world.link(), "search": "sto", "pick": ["Bob Stone"]])
        #expect(seen["homeEntry"] as? String == "Daemon Tests\nAsks you to pick from your contacts")
        #expect(seen["title"] as? String == "Pick contacts for “Daemon Tests”")
        #expect(seen["labels"] as? [String] == ["Ann Lee", "Bob Stone", "Cid Moss"], "the person sees every contact")
        #expect(seen["inputTypes"] as? [String] == ["radio"], "single selection")
        #expect(seen["visibleAfterSearch"] as? [String] == ["Bob Stone"])
        #expect(seen["outcome"] as? String == "“Daemon Tests” received what you picked (1).")

        guard case .contacts(let contacts) = try await picking.value(), let bob = contacts.first else {
            Issue.record("the picked contact did not arrive")
            return
        }
        #expect(contacts.count == 1)
        #expect(bob.identifier == people["Bob"])
        #expect(bob.givenName == "Bob")
        #expect(bob.emailAddresses.map(\.value) == ["bob@home.example", "bob@work.example"])
        #expect(!bob.isKeyAvailable(CNContactPhoneNumbersKey))
        #expect(!bob.isKeyAvailable(CNContactNoteKey))
        // Nothing granted: still denied, nothing shared.
        #expect(app.authorizationStatus(for: .contacts) == .denied)
        #expect(try world.fixture.person.accessControls().limitedSet(of: DaemonFixture.bundleIdentifier).shared.isEmpty)
        #expect(world.screens.backend.waitingPickers(uid: geteuid()).isEmpty)
    }

    @Test func propertyPickingReturnsTheContactProperty() async throws {
        try Self.requireBrowser()
        let world = try await World.make()
        let people = try Self.seedPickerContacts(world)
        let app = world.fixture.appStore()
        let picking = PickerCall {
            try await app.present(
                ContactPicker(displayedPropertyKeys: [CNContactEmailAddressesKey], selectionMode: .singleProperty))
        }
        let seen = try await Self.browsePicker(
            "picker", ["name": "picker-property", "link": try world.link(), "pick": ["bob@work.example"]])
        #expect(seen["title"] as? String == "Pick contact details for “Daemon Tests”")
        let labels = try #require(seen["labels"] as? [String])
        #expect(labels.count == 2, "only Bob has e-mail addresses: \(labels)")
        #expect(labels.contains { $0.contains("bob@home.example") })
        #expect(app.authorizationStatus(for: .contacts) == .notDetermined)

        guard case .properties(let properties) = try await picking.value(), let property = properties.first else {
            Issue.record("the picked property did not arrive")
            return
        }
        #expect(properties.count == 1)
        #expect(property.key == CNContactEmailAddressesKey)
        #expect((property.value as? NSString).map { $0 as String } == "bob@work.example")
        #expect(property.label == CNLabelWork)
        #expect(property.contact.identifier == people["Bob"])
        #expect(property.identifier == property.contact.emailAddresses.last?.identifier)
        #expect(!property.contact.isKeyAvailable(CNContactPhoneNumbersKey))
        #expect(app.authorizationStatus(for: .contacts) == .notDetermined, "nothing was asked or granted")
    }

    @Test func multipleSelectionReachesTheDelegateAsOneList() async throws {
        try Self.requireBrowser()
        let world = try await World.make()
        let people = try Self.seedPickerContacts(world)
        let app = world.fixture.appStore()
        let delegate = RecordingPickerDelegate()
        let picking = PickerCall {
            try await app.present(ContactPicker(selectionMode: .multipleContacts), delegate: delegate)
            return delegate.calls
        }
        let seen = try await Self.browsePicker(
            "keyboard",
            ["name": "picker-multiple-keyboard", "link": try world.link(), "pick": ["Ann Lee", "Cid Moss"]])
        #expect(seen["outcome"] as? String == "“Daemon Tests” received what you picked (2).")
        let calls = try await picking.value()
        #expect(calls == ["contacts \(people["Ann"] ?? "") \(people["Cid"] ?? "")"])
    }

    @Test func cancellingThePickerCallsDidCancel() async throws {
        try Self.requireBrowser()
        let world = try await World.make()
        _ = try Self.seedPickerContacts(world)
        let app = world.fixture.appStore()
        let delegate = RecordingPickerDelegate()
        let picking = PickerCall {
            try await app.present(ContactPicker(selectionMode: .singleProperty), delegate: delegate)
            return delegate.calls
        }
        let seen = try await Self.browsePicker(
            "picker", ["name": "picker-cancel", "link": try world.link(), "pick": ["bob@home.example"], "cancel": true])
        #expect(seen["outcome"] as? String == "Nothing was sent to “Daemon Tests”.")
        #expect(try await picking.value() == ["cancel"])
    }

    @Test func theAccessPickerAddsAndRemovesAndTheAppLearnsOnlyTheAdded() async throws {
        try Self.requireBrowser()
        let world = try await World.make()
        let people = try Self.seedPickerContacts(world)
        let ann = try #require(people["Ann"])
        let bob = try #require(people["Bob"])
        let cid = try #require(people["Cid"])
        try world.fixture.setAccess(.limited([ann, bob]))
        let app = world.fixture.appStore()
        #expect(try Self.visibleNames(app) == ["Ann", "Bob"])
        let picking = PickerCall { try await app.presentContactAccessPicker() }
        let seen = try await Self.browsePicker(
            "picker",
            ["name": "access-picker", "link": try world.link(), "unpick": ["Bob Stone"], "pick": ["Cid Moss"]])
        #expect(seen["homeEntry"] as? String == "Daemon Tests\nAsks you to review which contacts it can see")
        #expect(seen["title"] as? String == "Choose the contacts “Daemon Tests” can see")
        #expect(seen["checked"] as? [String] == ["Ann Lee", "Bob Stone"], "the current limited set is pre-checked")
        #expect(seen["inputTypes"] as? [String] == ["checkbox"])
        #expect(seen["outcome"] as? String == "“Daemon Tests” can now see the contacts you chose (2).")

        #expect(try await picking.value() == [cid], "only the newly shared contact, never the removed one")
        let limited = try world.fixture.person.accessControls().limitedSet(of: DaemonFixture.bundleIdentifier)
        #expect(limited.shared == [ann, cid])
        #expect(try Self.visibleNames(app) == ["Ann", "Cid"], "the asking store goes on under the edited set")
        #expect(try Self.visibleNames(world.fixture.appStore()) == ["Ann", "Cid"])
    }

    @Test func forgedPostsCannotFinishAPicker() async throws {
        try Self.requireBrowser()
        let world = try await World.make()
        let people = try Self.seedPickerContacts(world)
        let app = world.fixture.appStore()
        let picking = PickerCall { try await app.present(ContactPicker(selectionMode: .multipleContacts)) }
        let id = try #require(try await PickerAttackTests.waitForPickers(world.fixture, 1).first?.id)
        let seen = try await Self.browsePicker(
            "forged", ["link": try world.link(), "picker": String(id), "contacts": Array(people.values)])
        #expect(seen["withoutToken"] as? Int == 403)
        #expect(seen["wrongToken"] as? Int == 403)
        #expect(seen["otherOrigin"] as? Int == 403)
        #expect(seen["withoutOrigin"] as? Int == 403)
        #expect(seen["withoutCookie"] as? Int == 401)
        #expect(seen["stillListed"] as? Bool == true)
        #expect(!picking.isFinished, "no forged post finished the picker")
        #expect(world.screens.backend.finishPicker(id, with: .picked(.cancelled), uid: geteuid()))
        guard case .cancelled = try await picking.value() else {
            Issue.record("a forged post sent contacts")
            return
        }
    }

    @Test func anArabicBrowserGetsTheAccessPickerInArabic() async throws {
        try Self.requireBrowser()
        let world = try await World.make()
        let people = try Self.seedPickerContacts(world)
        try world.fixture.setAccess(.limited([try #require(people["Ann"])]))
        let app = world.fixture.appStore()
        let picking = PickerCall { try await app.presentContactAccessPicker() }
        let id = try #require(try await PickerAttackTests.waitForPickers(world.fixture, 1).first?.id)
        let seen = try await Self.browse(
            "page", ["name": "access-picker-ar", "link": try world.link(), "path": "/pickers/\(id)", "language": "ar"])
        #expect(seen["title"] as? String == "اختر جهات الاتصال التي يمكن لـ ”Daemon Tests“ رؤيتها")
        #expect(seen["lang"] as? String == "ar")
        let text = seen["text"] as? String ?? ""
        #expect(text.contains("تم") && text.contains("إلغاء"), "Done and Cancel in Arabic: \(text)")
        #expect(world.screens.backend.finishPicker(id, with: .edited(nil), uid: geteuid()))
        #expect(try await picking.value().isEmpty, "cancelled: nothing newly shared")
    }

    @Test func theAgentTellsOfAWaitingPickerWithALinkToItsScreen() async throws {
        let world = try await World.make()
        let agent = try AgentProcess(world)
        defer { agent.stop() }
        let app = world.fixture.appStore()
        let picking = PickerCall { try await app.present(ContactPicker()) }
        let reader = agent.lines()
        let line = try #require(try await Self.offPool { reader.line() })
        let id = try #require(try await PickerAttackTests.waitForPickers(world.fixture, 1).first?.id)
        #expect(
            line.hasPrefix(
                "Daemon Tests would like you to pick from your contacts (request \(id)): \(world.screens.origin)/enter/"
            ))
        let link = try #require(line.split(separator: " ").last.map(String.init))
        let entered = try await Self.browse("links", ["enter": link])
        #expect(entered["status"] as? Int == 303)
        #expect(entered["location"] as? String == "/pickers/\(id)")
        #expect(world.screens.backend.finishPicker(id, with: .picked(.cancelled), uid: geteuid()))
        _ = try? await picking.value()
    }
}

/// A picker delegate that records which of its methods was called, with the identifiers it received.
final class RecordingPickerDelegate: ContactPickerDelegate, Sendable {
    private let log = Mutex<[String]>([])

    var calls: [String] { log.withLock { $0 } }

    func contactPicker(_ picker: ContactPicker, didSelect contact: CNContact) {
        log.withLock { $0.append("contact \(contact.identifier)") }
    }

    func contactPicker(_ picker: ContactPicker, didSelect contacts: [CNContact]) {
        log.withLock { $0.append((["contacts"] + contacts.map(\.identifier)).joined(separator: " ")) }
    }

    func contactPicker(_ picker: ContactPicker, didSelect contactProperty: CNContactProperty) {
        log.withLock { $0.append("property \(contactProperty.key)") }
    }

    func contactPicker(_ picker: ContactPicker, didSelectContactProperties contactProperties: [CNContactProperty]) {
        log.withLock { $0.append("properties \(contactProperties.count)") }
    }

    func contactPickerDidCancel(_ picker: ContactPicker) {
        log.withLock { $0.append("cancel") }
    }
}
