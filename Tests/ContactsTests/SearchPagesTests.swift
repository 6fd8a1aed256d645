import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

/// A search whose hits span several pages (the embedded store reads a search in batches of 128, 512 and more;
/// contactsd sends 500 contacts a batch) returns every hit once, in row-id order when unsorted: by name, by
/// identifiers and by group. Each page after the first reads the predicate's list of ids only past the page before
/// it (`startingAfterID`), so a hit a page misses there would be lost: this is the test that it is not. For an app
/// limited to some contacts, each page still keeps to them.
@Suite struct SearchPagesTests {
    /// 2,000 contacts; 850 with given name "Zed" (fewer range entries than the engine's threshold of about
    /// sqrt(384 · 2,000) = 876, so the word's range drives the search), every other one of them with family
    /// name "Quill", which 77 others have too. 850 hits are two of contactsd's batches and three of the embedded
    /// enumeration's.
    private static func contacts() -> [CNMutableContact] {
        (0..<2_000).map { index in
            let zed = index % 2 == 0 && index < 1_700
            let quill = zed ? index % 4 == 0 : index % 15 == 1
            return ContactFixtures.person(zed ? "Zed" : "Given\(index)", quill ? "Quill" : "Family\(index)")
        }
    }

    private static func matches(_ contact: CNContact, _ query: String) -> Bool {
        query.split(separator: " ").allSatisfy { word in
            [contact.givenName, contact.familyName].contains { $0.lowercased().hasPrefix(word) }
        }
    }

    /// The identifiers a store returns for a name search, enumerated in `order` and fetched as an array.
    private static func found(
        _ query: String, in store: CNContactStore, order: CNContactSortOrder
    ) throws -> (enumerated: [String], fetched: [String]) {
        let keys = [CNContactGivenNameKey, CNContactFamilyNameKey].map { $0 as CNKeyDescriptor }
        let request = CNContactFetchRequest(keysToFetch: keys)
        request.predicate = CNContact.predicateForContacts(matchingName: query)
        request.sortOrder = order
        var enumerated: [String] = []
        try store.enumerateContacts(with: request) { contact, _ in enumerated.append(contact.identifier) }
        let fetched = try store.unifiedContacts(
            matching: CNContact.predicateForContacts(matchingName: query), keysToFetch: keys)
        return (enumerated, fetched.map(\.identifier))
    }

    @Test(arguments: StoreMode.allCases, [("zed", 850), ("zed qu", 425), ("qu zed", 425), ("quill", 502)])
    func everyHitOnceAcrossPages(mode: StoreMode, example: (String, Int)) throws {
        let (query, expected) = example
        let temporary = try TemporaryStore(mode: mode)
        let saved = try ContactFixtures.save(Self.contacts(), in: temporary.store)
        let wanted = saved.filter { Self.matches($0, query) }.map(\.identifier)
        #expect(wanted.count == expected)
        let (enumerated, fetched) = try Self.found(query, in: temporary.store, order: .none)
        #expect(enumerated == wanted)
        #expect(fetched == wanted)
        for order in [CNContactSortOrder.givenName, .familyName] {
            let (sorted, _) = try Self.found(query, in: temporary.store, order: order)
            #expect(sorted.count == expected)
            #expect(Set(sorted) == Set(wanted))
        }
    }

    /// The 850 Zeds by their identifiers and as the members of one group: every one once, in row-id order.
    @Test(arguments: StoreMode.allCases)
    func everyNamedContactAndGroupMemberOnceAcrossPages(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let saved = try ContactFixtures.save(Self.contacts(), in: temporary.store)
        let zeds = saved.filter { $0.givenName == "Zed" }
        let group = try ContactFixtures.group("Zeds", members: zeds, in: temporary.store)
        let wanted = zeds.map(\.identifier)
        #expect(wanted.count == 850)
        let keys = [CNContactGivenNameKey as CNKeyDescriptor]
        for predicate in [
            CNContact.predicateForContacts(withIdentifiers: wanted.reversed()),
            CNContact.predicateForContactsInGroup(withIdentifier: group.identifier),
        ] {
            let fetched = try temporary.store.unifiedContacts(matching: predicate, keysToFetch: keys)
            #expect(fetched.map(\.identifier) == wanted)
            let request = CNContactFetchRequest(keysToFetch: keys)
            request.predicate = predicate
            var enumerated: [String] = []
            try temporary.store.enumerateContacts(with: request) { contact, _ in enumerated.append(contact.identifier) }
            #expect(enumerated == wanted)
        }
    }

    /// An app limited to nine contacts in ten (680 of the Zeds, two of contactsd's batches): every page of its
    /// search keeps to them, the pages after the first included (each page's condition is built again from the
    /// word's range and the app's visible set).
    @Test(arguments: StoreMode.allCases)
    func aLimitedAppsLaterPagesKeepToItsContacts(mode: StoreMode) throws {
        let fixtures = try PrivacyFixtures(mode: mode)
        let saved = try ContactFixtures.save(Self.contacts(), in: fixtures.person)
        let shared = saved.enumerated().filter { $0.offset % 10 != 0 }.map(\.element)
        let app = PrivacyFixtures.app()
        try fixtures.accessControls().setAccess(.limited(Set(shared.map(\.identifier))), for: app.bundleIdentifier)
        let store = try fixtures.store(for: app)
        for (query, expected) in [("zed", 680), ("zed qu", 340)] {
            let wanted = shared.filter { Self.matches($0, query) }.map(\.identifier)
            #expect(wanted.count == expected)
            let (enumerated, fetched) = try Self.found(query, in: store, order: .none)
            #expect(enumerated == wanted)
            #expect(fetched == wanted)
        }
    }
}
