import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

/// An app's vCard import and export obey the gate as its saves and fetches do (docs/Privacy.md, "Import and
/// export"). Each test is an app trying to learn about, or write over, contacts it may not see.
@Suite struct ImportPrivacyTests {
    /// Ann is shared with the app; Bob is hidden and came from a card with a UID, an e-mail and a note.
    private struct World {
        let fixtures: PrivacyFixtures
        let ann: String
        let bob: String

        init(_ mode: StoreMode, status: CNAuthorizationStatus? = .limited) throws {
            let fixtures = try PrivacyFixtures(mode: mode)
            self.fixtures = fixtures
            try fixtures.person.importVCards(data: Data(Self.people.utf8))
            let identifiers = try ContactFixtures.identifiers(in: fixtures.person)
            let names = try identifiers.map {
                try fixtures.person.unifiedContact(
                    withIdentifier: $0, keysToFetch: [CNContactGivenNameKey as CNKeyDescriptor])
            }
            let ann = try #require(names.first { $0.givenName == "Ann" }?.identifier)
            self.ann = ann
            bob = try #require(names.first { $0.givenName == "Bob" }?.identifier)
            let bundle = PrivacyFixtures.app().bundleIdentifier
            switch status {
            case .limited: try fixtures.accessControls().setAccess(.limited([ann]), for: bundle)
            case .authorized: try fixtures.accessControls().setAccess(.full, for: bundle)
            case .denied: try fixtures.accessControls().setAccess(.denied, for: bundle)
            case .restricted: try fixtures.accessControls().restrict(bundle)
            default: break
            }
        }

        static let people = """
            BEGIN:VCARD
            VERSION:3.0
            UID:ann-uid
            N:Test;Ann;;;
            FN:Ann Test
            EMAIL:ann@example.com
            END:VCARD
            BEGIN:VCARD
            VERSION:3.0
            UID:bob-uid
            N:Hidden;Bob;;;
            FN:Bob Hidden
            EMAIL:bob@example.com
            NOTE:private
            END:VCARD

            """

        func app(notes: Bool = false, consent: ScriptedConsentAgent = ScriptedConsentAgent()) throws -> CNContactStore {
            try fixtures.store(for: PrivacyFixtures.app(notes: notes), consent: consent)
        }

        /// Bob as the person sees him: what an app's import must never change.
        func bobAsStored() throws -> String {
            let keys = [CNContactGivenNameKey, CNContactNicknameKey, CNContactEmailAddressesKey, CNContactNoteKey]
            let bob = try fixtures.person.unifiedContact(withIdentifier: bob, keysToFetch: keys as [CNKeyDescriptor])
            return [bob.givenName, bob.nickname, bob.note, bob.emailAddresses.map { $0.value as String }.joined()]
                .joined(separator: "|")
        }

        func personCount() throws -> Int {
            try ContactFixtures.identifiers(in: fixtures.person).count
        }
    }

    private static func card(uid: String?, given: String, family: String, email: String? = nil, note: String? = nil)
        -> Data
    {
        var lines = ["BEGIN:VCARD", "VERSION:3.0"]
        if let uid { lines.append("UID:\(uid)") }
        lines += ["N:\(family);\(given);;;", "FN:\(given) \(family)"]
        if let email { lines.append("EMAIL:\(email)") }
        if let note { lines.append("NOTE:\(note)") }
        lines.append("END:VCARD")
        return Data((lines.joined(separator: "\r\n") + "\r\n").utf8)
    }

    @Test(arguments: StoreMode.allCases, [CNAuthorizationStatus.denied, .restricted])
    func deniedOrRestrictedAppImportsNothing(mode: StoreMode, status: CNAuthorizationStatus) throws {
        let world = try World(mode, status: status)
        let before = try world.personCount()
        let code = PrivacyFixtures.code {
            try world.app().importVCards(data: Self.card(uid: nil, given: "Eve", family: "New"))
        }
        #expect(code == .authorizationDenied)
        #expect(try world.personCount() == before)
    }

    @Test(arguments: StoreMode.allCases)
    func undecidedAppIsAskedFirstAndImportsWhenAllowed(mode: StoreMode) throws {
        let world = try World(mode, status: nil)
        let consent = ScriptedConsentAgent(answers: [.limited([])])
        let summary = try world.app(consent: consent).importVCards(
            data: Self.card(uid: "eve", given: "Eve", family: "New"))
        #expect(consent.shown.count == 1, "the import is a data call: it asks the person")
        #expect(summary.added == 1)
        #expect(try PrivacyFixtures.names(in: world.app()) == ["Eve"], "the app sees what it imported")
    }

    @Test(arguments: StoreMode.allCases)
    func undecidedAppThatNobodyCanAskImportsNothing(mode: StoreMode) throws {
        let world = try World(mode, status: nil)
        let before = try world.personCount()
        let code = PrivacyFixtures.code {
            try world.app().importVCards(data: Self.card(uid: nil, given: "Eve", family: "New"))
        }
        #expect(code == .authorizationDenied)
        #expect(try world.personCount() == before)
    }

    @Test(arguments: StoreMode.allCases)
    func cardWithAHiddenContactsUIDAddsANewContactAndLeavesTheHiddenOneAlone(mode: StoreMode) throws {
        let world = try World(mode)
        let before = try world.bobAsStored()
        let app = try world.app()
        let summary = try app.importVCards(data: Self.card(uid: "bob-uid", given: "Bob", family: "Other"))
        #expect(summary.added == 1)
        #expect(summary.updated == 0)
        #expect(summary.skippedCount == 0)
        #expect(try world.bobAsStored() == before)
        #expect(try PrivacyFixtures.names(in: app) == ["Ann", "Bob"])
        // The new contact keeps the card's UID: the app's export writes it back.
        let exported = try VCardReader.read(Self.export(app, world))
        #expect(exported.compactMap(\.uid).sorted() == ["ann-uid", "bob-uid"])
        // Importing the same card again matches the app's own contact, not the hidden one.
        let again = try app.importVCards(data: Self.card(uid: "bob-uid", given: "Bob", family: "Other"))
        #expect(again.added == 0)
        #expect(again.skipped[.unchanged] == 1)
    }

    @Test(arguments: StoreMode.allCases)
    func cardRepeatingAHiddenContactWithoutUIDIsAddedNotSkipped(mode: StoreMode) throws {
        let world = try World(mode)
        let summary = try world.app().importVCards(
            data: Self.card(uid: nil, given: "Bob", family: "Hidden", email: "bob@example.com"))
        #expect(summary.added == 1, "a skip would tell the app that Bob exists")
        #expect(summary.skippedCount == 0)
        #expect(try world.personCount() == 3)
    }

    @Test(arguments: StoreMode.allCases)
    func importedContactsBecomeTheAppsOwn(mode: StoreMode) throws {
        let world = try World(mode)
        try world.app().importVCards(data: Self.card(uid: nil, given: "Eve", family: "New"))
        let summary = try world.fixtures.accessControls().apps()
        #expect(summary.first?.visibleCount == 2, "Ann, shared, and Eve, created by the app")
        // Still visible after the person shares nothing more, as contacts the app created are.
        try world.fixtures.accessControls().setAccess(.limited([]), for: PrivacyFixtures.app().bundleIdentifier)
        #expect(try PrivacyFixtures.names(in: world.app()) == ["Eve"])
    }

    @Test(arguments: StoreMode.allCases)
    func noteWithoutTheEntitlementIsRefusedAndNothingIsWritten(mode: StoreMode) throws {
        let world = try World(mode, status: .authorized)
        let before = try world.personCount()
        let code = PrivacyFixtures.code {
            try world.app().importVCards(data: Self.card(uid: nil, given: "Eve", family: "New", note: "secret"))
        }
        #expect(code == .unauthorizedKeys)
        #expect(try world.personCount() == before)
        let entitled = try world.app(notes: true).importVCards(
            data: Self.card(uid: nil, given: "Eve", family: "New", note: "secret"))
        #expect(entitled.added == 1)
    }

    @Test(arguments: StoreMode.allCases)
    func updateWithoutTheEntitlementKeepsTheStoredNoteAndRevealsNothingAboutIt(mode: StoreMode) throws {
        let world = try World(mode, status: .authorized)
        let before = try world.bobAsStored()
        // The same card as the stored one, without its note: an app that may not read notes cannot tell
        // whether Bob has one, so the card counts as unchanged, and the note stays.
        let summary = try world.app().importVCards(
            data: Self.card(uid: "bob-uid", given: "Bob", family: "Hidden", email: "bob@example.com"))
        #expect(summary.skipped[.unchanged] == 1)
        #expect(summary.updated == 0)
        #expect(try world.bobAsStored() == before)
        let changed = try world.app().importVCards(
            data: Self.card(uid: "bob-uid", given: "Bob", family: "Hidden", email: "bob@other.example"))
        #expect(changed.updated == 1)
        #expect(try world.bobAsStored().contains("|private|"), "the stored note survives the app's update")
    }

    @Test(arguments: StoreMode.allCases)
    func limitedAppsExportNamesOnlyVisibleContactsInGroupCards(mode: StoreMode) throws {
        let world = try World(mode)
        let group = CNMutableGroup()
        group.name = "Team"
        let request = CNSaveRequest()
        request.add(group, toContainerWithIdentifier: nil)
        for identifier in [world.ann, world.bob] {
            let member = CNMutableContact(storage: ContactStorage(identifier: identifier, fetchedKeys: []))
            request.addMember(member, to: group)
        }
        try world.fixtures.person.execute(request)
        let options = ContactExportOptions(groupStyle: .appleGroupCards)
        let cards = try VCardReader.read(Self.export(world.app(), world, options: options))
        let groupCard = try #require(cards.first { $0.isGroup })
        #expect(groupCard.memberUIDs == ["ann-uid"])
        #expect(cards.filter { !$0.isGroup }.compactMap(\.uid) == ["ann-uid"])
    }

    @Test(arguments: StoreMode.allCases)
    func personsImportStillUpdatesByUID(mode: StoreMode) throws {
        let world = try World(mode)
        let summary = try world.fixtures.person.importVCards(
            data: Self.card(uid: "bob-uid", given: "Bob", family: "Hidden", email: "bob@other.example", note: "private")
        )
        #expect(summary.updated == 1)
        #expect(try world.bobAsStored().hasSuffix("bob@other.example"))
    }

    private static func export(
        _ store: CNContactStore, _ world: World, options: ContactExportOptions = ContactExportOptions()
    ) throws -> Data {
        let url = world.fixtures.temporary.directory.appendingPathComponent("export-\(UUID().uuidString).vcf")
        try store.exportVCards(to: url, options: options)
        return try Data(contentsOf: url)
    }
}
