import Contacts
import ContactsSampleData
import ContactsTestSupport
import Foundation
import Testing

/// Saved and imported contacts read back with every field as given, whatever the size or alphabet of the
/// values: the writer binds values straight into its statements, and these tests hold it to what the
/// general `StatementArguments` path stored.
@Suite struct WriterRoundTripTests {
    private static var allKeys: [CNKeyDescriptor] { ContactProperty.allCases.map { $0.key as NSString } }

    /// Contacts that exercise the binding: long text (beyond the writer's stack buffer), non-ASCII names,
    /// empty fields, an image, and every multi-valued property.
    private static func contacts() -> [CNMutableContact] {
        let full = ModelSamples.fullContact()
        full.note = String(repeating: "Une note assez longue — ", count: 80)
        let international = ModelSamples.fullContact()
        international.contactType = .person
        international.givenName = "Søren-Åke"
        international.familyName = "O'Brien 山田"
        international.organizationName = ""
        international.jobTitle = String(repeating: "x", count: 1_500)
        let sparse = ContactFixtures.person("Ngozi", "", phones: ["+234 802 123 4567"], emails: ["NGOZI@Example.com"])
        // More name words than one name index statement takes (8).
        let wordy = ContactFixtures.person("Ana María José", "de la Cruz y Santos")
        wordy.organizationName = "The Very Long Name Company Of Many Words Incorporated"
        var generator = GeneratedContacts(seed: 7)
        return [full, international, sparse, wordy] + (0..<20).map { generator.contact(index: $0) }
    }

    private static func differences(_ original: CNContact, _ stored: CNContact) -> [String] {
        ContactComparison.differences(original, stored, ignoring: [.thumbnailImageData, .imageDataAvailable])
    }

    @Test(arguments: StoreMode.allCases)
    func savedContactsReadBackWithEveryField(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let contacts = try ContactFixtures.save(Self.contacts(), in: temporary.store)
        for contact in contacts {
            let stored = try temporary.store.unifiedContact(
                withIdentifier: contact.identifier, keysToFetch: Self.allKeys)
            #expect(Self.differences(contact, stored).isEmpty, "\(contact.identifier)")
            #expect(stored.imageDataAvailable == (contact.imageData != nil))
        }
    }

    @Test(arguments: StoreMode.allCases)
    func importedContactsReadBackAsTheSavedOnes(mode: StoreMode) throws {
        let contacts = Self.contacts()
        let data = try CNContactVCardSerialization.data(with: contacts)
        let parsed = try CNContactVCardSerialization.contacts(with: data)
        let saved = try TemporaryStore(mode: mode)
        let savedContacts = try ContactFixtures.save(
            parsed.compactMap { $0.mutableCopy() as? CNMutableContact }, in: saved.store)
        let imported = try TemporaryStore(mode: mode)
        let url = imported.directory.appendingPathComponent("cards.vcf")
        try data.write(to: url)
        let summary = try imported.store.importVCards(from: url)
        #expect(summary.added == contacts.count)
        let request = CNContactFetchRequest(keysToFetch: Self.allKeys)
        request.sortOrder = .givenName
        var importedContacts: [CNContact] = []
        try imported.store.enumerateContacts(with: request) { contact, _ in importedContacts.append(contact) }
        var storedSaved: [CNContact] = []
        try saved.store.enumerateContacts(with: request) { contact, _ in storedSaved.append(contact) }
        try #require(importedContacts.count == savedContacts.count)
        for (left, right) in zip(storedSaved, importedContacts) {
            #expect(Self.differences(left, right).isEmpty, "\(left.identifier)")
        }
    }

    @Test(arguments: StoreMode.allCases)
    func addingAStoredContactAgainFailsAndSavesNothing(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let stored = try ContactFixtures.save([ContactFixtures.person("Ada", "Lovelace")], in: temporary.store)
        let request = CNSaveRequest()
        request.add(ContactFixtures.person("Before", "It"), toContainerWithIdentifier: nil)
        request.add(stored[0], toContainerWithIdentifier: nil)
        request.add(ContactFixtures.person("After", "It"), toContainerWithIdentifier: nil)
        let error = #expect(throws: CNError.self) { try temporary.store.execute(request) }
        #expect(error?.code == .insertedRecordAlreadyExists)
        #expect(error?.affectedRecordIdentifiers == [stored[0].identifier])
        #expect(try ContactFixtures.identifiers(in: temporary.store) == [stored[0].identifier])
    }

    @Test(arguments: StoreMode.allCases)
    func aStoredContactPastTheFirstExistenceChunkIsStillFound(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let stored = try ContactFixtures.save([ContactFixtures.person("Ada", "Lovelace")], in: temporary.store)
        let request = CNSaveRequest()
        for index in 0..<5_001 {
            request.add(ContactFixtures.person("New", "Person \(index)"), toContainerWithIdentifier: nil)
        }
        request.add(stored[0], toContainerWithIdentifier: nil)
        let error = #expect(throws: CNError.self) { try temporary.store.execute(request) }
        #expect(error?.code == .insertedRecordAlreadyExists)
        #expect(try ContactFixtures.identifiers(in: temporary.store) == [stored[0].identifier])
    }

    @Test(arguments: StoreMode.allCases)
    func everySavedContactIsFoundByEachOfItsNames(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let contacts = try ContactFixtures.save(Self.contacts(), in: temporary.store)
        for contact in contacts {
            for name in [contact.givenName, contact.familyName, contact.organizationName] where !name.isEmpty {
                let found = try temporary.store.unifiedContacts(
                    matching: CNContact.predicateForContacts(matchingName: name), keysToFetch: [])
                #expect(found.contains { $0.identifier == contact.identifier }, "\(contact.identifier)")
            }
        }
    }
}
