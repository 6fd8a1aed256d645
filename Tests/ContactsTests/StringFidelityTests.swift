import Contacts
import ContactsTestSupport
import Foundation
import Testing

/// Every string field of a contact comes back from the store exactly as saved: U+0000, whitespace,
/// normalization forms, line breaks, control characters and long text included (see docs/Store.md).
@Suite struct StringFidelityTests {
    private static var allKeys: [CNKeyDescriptor] { ContactProperty.allCases.map { $0.key as NSString } }

    /// Reads each saved contact back through a single fetch and through an enumeration (the batched reader).
    private static func expectStored(
        _ samples: [String], in contacts: [CNContact], field: ContactStringField, store: CNContactStore
    ) throws {
        var enumerated: [String: CNContact] = [:]
        try store.enumerateContacts(with: CNContactFetchRequest(keysToFetch: allKeys)) { contact, _ in
            enumerated[contact.identifier] = contact
        }
        for (sample, contact) in zip(samples, contacts) {
            let fetched = try store.unifiedContact(withIdentifier: contact.identifier, keysToFetch: allKeys)
            // Compared first, so a failure prints the escaped text rather than raw control characters.
            let text = field.value(in: fetched)
            let fetchedExactly = TextSamples.isExact(text, sample)
            #expect(fetchedExactly, "\(field): \(TextSamples.escaped(text)) for \(TextSamples.escaped(sample))")
            let listed = enumerated[contact.identifier].flatMap(field.value(in:))
            let listedExactly = TextSamples.isExact(listed, sample)
            #expect(listedExactly, "\(field): \(TextSamples.escaped(listed)) for \(TextSamples.escaped(sample))")
            let keptExactly = TextSamples.isExact(field.value(in: contact), sample)
            #expect(keptExactly, "\(field): the saved object keeps its value")
        }
    }

    @Test(arguments: StoreMode.allCases, ContactStringField.all)
    func addedFieldsReadBackExactly(mode: StoreMode, field: ContactStringField) throws {
        let temporary = try TemporaryStore(mode: mode)
        let samples = TextSamples.all.map(\.text)
        let contacts = samples.map(field.contact(holding:))
        try ContactFixtures.save(contacts, in: temporary.store)
        try Self.expectStored(samples, in: contacts, field: field, store: temporary.store)
    }

    /// An update writes only the changed properties, through another statement than an insert.
    @Test(arguments: StoreMode.allCases, ContactStringField.all)
    func updatedFieldsReadBackExactly(mode: StoreMode, field: ContactStringField) throws {
        let temporary = try TemporaryStore(mode: mode)
        let samples = TextSamples.all.map(\.text)
        let contacts = try ContactFixtures.save(
            samples.map { _ in field.contact(holding: "plain") }, in: temporary.store)
        let request = CNSaveRequest()
        var updated: [CNMutableContact] = []
        for (sample, contact) in zip(samples, contacts) {
            let fetched = try temporary.store.unifiedContact(
                withIdentifier: contact.identifier, keysToFetch: [field.key as NSString])
            let mutable = try #require(fetched.mutableCopy() as? CNMutableContact)
            field.set(sample, in: mutable)
            request.update(mutable)
            updated.append(mutable)
        }
        try temporary.store.execute(request)
        try Self.expectStored(samples, in: updated, field: field, store: temporary.store)
    }

    @Test(
        arguments: StoreMode.allCases,
        [
            CNContactNoteKey, CNContactGivenNameKey, CNContactOrganizationNameKey, "emailAddresses.value",
            "postalAddresses.street",
        ])
    func megabyteTextReadsBackExactly(mode: StoreMode, fieldName: String) throws {
        let field = try #require(ContactStringField.all.first { $0.name == fieldName })
        let temporary = try TemporaryStore(mode: mode)
        let contacts = [field.contact(holding: TextSamples.megabyte)]
        try ContactFixtures.save(contacts, in: temporary.store)
        try Self.expectStored([TextSamples.megabyte], in: contacts, field: field, store: temporary.store)
    }

    /// The name index splits names into words at anything but letters and digits: a name with U+0000 is
    /// found by its words, and a search that holds U+0000 looks for its words.
    @Test(
        arguments: StoreMode.allCases,
        [("Ann", true), ("marie", true), ("Ann\u{0}Marie", true), ("Ann\u{0}Zed", false)] as [(TextSample, Bool)])
    func namesWithNulAreSearchedByTheirWords(mode: StoreMode, example: (TextSample, Bool)) throws {
        let (query, found) = example
        let temporary = try TemporaryStore(mode: mode)
        let contact = ContactFixtures.person("Ann\u{0}Marie", "Nul")
        try ContactFixtures.save([contact, ContactFixtures.person("Other", "Person")], in: temporary.store)
        let matches = try temporary.store.unifiedContacts(
            matching: CNContact.predicateForContacts(matchingName: query.text),
            keysToFetch: [CNContactGivenNameKey as NSString]
        )
        #expect(matches.map(\.identifier) == (found ? [contact.identifier] : []))
        let namesExact = matches.allSatisfy { TextSamples.isExact($0.givenName, "Ann\u{0}Marie") }
        #expect(namesExact)
    }

    /// Sorted enumeration reads in batches and starts each after the previous batch's last sort key; names
    /// with U+0000 are in that key, and a key cut there would read contacts again.
    @Test(arguments: StoreMode.allCases, [CNContactSortOrder.givenName, .familyName])
    func sortedEnumerationOfNamesWithNulReadsEachContactOnce(mode: StoreMode, order: CNContactSortOrder) throws {
        let temporary = try TemporaryStore(mode: mode)
        let contacts = (0..<700).map { index in
            ContactFixtures.person("Nul\u{0}\(1_000 + index)", "Same\u{0}\(1_000 + index)")
        }
        try ContactFixtures.save(contacts, in: temporary.store)
        let request = CNContactFetchRequest(keysToFetch: [CNContactGivenNameKey as NSString])
        request.sortOrder = order
        var found: [String] = []
        try temporary.store.enumerateContacts(with: request) { contact, _ in found.append(contact.identifier) }
        #expect(found.count == contacts.count)
        #expect(Set(found) == Set(contacts.map(\.identifier)))
    }

    /// Opening a store in another language rewrites every sort key from the stored names, whole.
    @Test func sortKeysRewrittenForAnotherLanguageKeepTextAfterNul() throws {
        let temporary = try TemporaryStore(localeIdentifier: "en_US")
        let later = ContactFixtures.person("Nul\u{0}B", "")
        let earlier = ContactFixtures.person("Nul\u{0}A", "")
        try ContactFixtures.save([later, earlier], in: temporary.store)
        let store = CNContactStore(configuration: temporary.configuration(localeIdentifier: "de_DE"))
        let request = CNContactFetchRequest(keysToFetch: [CNContactGivenNameKey as NSString])
        request.sortOrder = .givenName
        var found: [String] = []
        try store.enumerateContacts(with: request) { contact, _ in found.append(contact.identifier) }
        #expect(found == [earlier.identifier, later.identifier])
    }

    /// Group names are strings of the store too: added, renamed, listed and reported in the history whole.
    @Test(arguments: StoreMode.allCases, TextSamples.all)
    func groupNamesReadBackExactly(mode: StoreMode, sample: TextSample) throws {
        let temporary = try TemporaryStore(mode: mode)
        let store = temporary.store
        let token = store.currentHistoryToken
        let group = CNMutableGroup()
        group.name = sample.text
        let renamed = CNMutableGroup()
        renamed.name = "plain"
        try store.save {
            $0.add(group, toContainerWithIdentifier: nil)
            $0.add(renamed, toContainerWithIdentifier: nil)
        }
        renamed.name = sample.text
        try store.save { $0.update(renamed) }
        let names = try store.groups(matching: nil).map(\.name)
        let listed = names.count == 2 && names.allSatisfy { TextSamples.isExact($0, sample.text) }
        #expect(listed, "\(names.map(TextSamples.escaped))")
        let request = CNChangeHistoryFetchRequest()
        request.startingToken = token
        request.includeGroupChanges = true
        let events = try store.changeHistory(for: request).value
        let reported = events.compactMap { ($0 as? CNChangeHistoryAddGroupEvent)?.group.name }
        let reportedExactly = !reported.isEmpty && reported.allSatisfy { TextSamples.isExact($0, sample.text) }
        #expect(reportedExactly, "\(reported.map(TextSamples.escaped))")
    }

    /// A store import keeps U+0000 in group names (CATEGORIES) and unknown properties, and its export writes
    /// them back; a category that differs from a stored group only after U+0000 is another group.
    @Test(arguments: StoreMode.allCases)
    func importAndExportKeepTextAfterNulInGroupsAndUnknownProperties(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let friends = CNMutableGroup()
        friends.name = "Friends"
        try temporary.store.save { $0.add(friends, toContainerWithIdentifier: nil) }
        let card =
            "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Lee;Ann;;;\r\nFN:Ann Lee\r\nCATEGORIES:Friends\u{0}Work\r\n"
            + "X-CUSTOM:va\u{0}lue\r\nEND:VCARD\r\n"
        try temporary.store.importVCards(data: Data(card.utf8))
        let names = try temporary.store.groups(matching: nil).map(\.name)
        let separate =
            names.count == 2 && TextSamples.isExact(names[0], "Friends")
            && TextSamples.isExact(names[1], "Friends\u{0}Work")
        #expect(separate, "\(names.map(TextSamples.escaped))")
        let url = temporary.directory.appendingPathComponent("export.vcf")
        try temporary.store.exportVCards(to: url)
        let exported = try Data(contentsOf: url)
        #expect(exported.range(of: Data("X-CUSTOM:va\u{0}lue\r\n".utf8)) != nil)
        #expect(exported.range(of: Data("Friends\u{0}Work".utf8)) != nil)
    }

    /// Automatic linking compares whole names and addresses: cards that differ only after U+0000 are
    /// different people, where the cut text would have linked them.
    @Test(
        arguments: StoreMode.allCases,
        [
            ("Ann\u{0}Evil", "ann@example.com"), ("Ann", "ann@example.com\u{0}evil"),
        ] as [(TextSample, TextSample)])
    func cardsThatDifferAfterNulAreNotLinked(mode: StoreMode, example: (TextSample, TextSample)) throws {
        let (givenName, email) = example
        let temporary = try TemporaryStore(mode: mode)
        let account = try temporary.person.addContainer(name: "Work", type: .cardDAV)
        try ContactFixtures.save(
            [ContactFixtures.person("Ann", "Lee", emails: ["ann@example.com"])], in: temporary.store)
        let other = ContactFixtures.person(givenName.text, "Lee", emails: [email.text])
        try ContactFixtures.save([other], in: temporary.store, container: account.identifier)
        #expect(try temporary.store.linkReason(forContactWithIdentifier: other.identifier) == nil)
    }

    /// A search of only U+0000 has no words, and is refused as a blank one is.
    @Test(arguments: StoreMode.allCases, ["", " ", "\u{0}", "\u{0}\u{0} \u{0}"] as [TextSample])
    func aNameSearchWithoutWordsIsInvalid(mode: StoreMode, query: TextSample) throws {
        let temporary = try TemporaryStore(mode: mode)
        try ContactFixtures.save([ContactFixtures.person("Ann\u{0}Marie", "Nul")], in: temporary.store)
        let error = #expect(throws: CNError.self) {
            try temporary.store.unifiedContacts(
                matching: CNContact.predicateForContacts(matchingName: query.text),
                keysToFetch: [CNContactGivenNameKey as NSString]
            )
        }
        #expect(error?.code == .predicateInvalid)
    }

    /// E-mail predicates compare the whole address, U+0000 and what follows it included.
    @Test(arguments: StoreMode.allCases)
    func emailSearchComparesTheWholeAddress(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let contact = ContactFixtures.person("Ann", "Nul", emails: ["ann@example.com\u{0}evil"])
        let plain = ContactFixtures.person("Ann", "Plain", emails: ["ann@example.com"])
        try ContactFixtures.save([contact, plain], in: temporary.store)
        let keys = [CNContactEmailAddressesKey as NSString]
        let whole = try temporary.store.unifiedContacts(
            matching: CNContact.predicateForContacts(matchingEmailAddress: "ANN@example.com\u{0}evil"),
            keysToFetch: keys)
        #expect(whole.map(\.identifier) == [contact.identifier])
        let cut = try temporary.store.unifiedContacts(
            matching: CNContact.predicateForContacts(matchingEmailAddress: "ann@example.com"), keysToFetch: keys)
        #expect(cut.map(\.identifier) == [plain.identifier])
    }
}
