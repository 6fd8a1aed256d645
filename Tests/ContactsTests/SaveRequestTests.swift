import Contacts
import ContactsTestSupport
import Foundation
import Testing

@Suite struct SaveRequestTests {
    private let nameKeys: [any CNKeyDescriptor] = [
        CNContactGivenNameKey as CNKeyDescriptor, CNContactFamilyNameKey as CNKeyDescriptor,
    ]

    private func code(of body: () throws -> Void) -> CNError.Code? {
        do {
            try body()
            return nil
        } catch {
            return (error as? CNError)?.code
        }
    }

    @Test(arguments: StoreMode.allCases)
    func addingAnExistingContactThrowsInsertedRecordAlreadyExists(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let contact = ContactFixtures.person("Ann", "Lee")
        try ContactFixtures.save([contact], in: temporary.store)
        let again = CNSaveRequest()
        again.add(contact, toContainerWithIdentifier: nil)
        #expect {
            try temporary.store.execute(again)
        } throws: { error in
            let error = error as? CNError
            return error?.code == .insertedRecordAlreadyExists && error?.affectedRecords?.first === contact
                && error?.affectedRecordIdentifiers == [contact.identifier]
        }
    }

    @Test(arguments: StoreMode.allCases)
    func updatingAMissingContactThrowsRecordDoesNotExistWithTheContact(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let contact = ContactFixtures.person("Ann", "Lee")
        let request = CNSaveRequest()
        request.update(contact)
        #expect {
            try temporary.store.execute(request)
        } throws: { error in
            let error = error as? CNError
            return error?.code == .recordDoesNotExist && error?.affectedRecords?.first === contact
        }
    }

    @Test(arguments: StoreMode.allCases)
    func deletingAMissingContactThrowsRecordDoesNotExist(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let request = CNSaveRequest()
        request.delete(ContactFixtures.person("Ann", "Lee"))
        #expect(code { try temporary.store.execute(request) } == .recordDoesNotExist)
    }

    @Test(arguments: StoreMode.allCases)
    func aFailingRequestSavesNothing(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let request = CNSaveRequest()
        request.add(ContactFixtures.person("Ann", "Lee"), toContainerWithIdentifier: nil)
        request.add(ContactFixtures.person("Bo", "Ek"), toContainerWithIdentifier: nil)
        request.update(ContactFixtures.person("Missing", "Person"))
        #expect(code { try temporary.store.execute(request) } == .recordDoesNotExist)
        #expect(try ContactFixtures.identifiers(in: temporary.store).isEmpty)
    }

    @Test(arguments: StoreMode.allCases)
    func addThenDeleteInOneRequestSavesNothing(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let contact = ContactFixtures.person("Ann", "Lee")
        let request = CNSaveRequest()
        request.add(contact, toContainerWithIdentifier: nil)
        request.delete(contact)
        try temporary.store.execute(request)
        #expect(try ContactFixtures.identifiers(in: temporary.store).isEmpty)
    }

    @Test(arguments: StoreMode.allCases)
    func deleteThenAddInOneRequestAdds(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let contact = ContactFixtures.person("Ann", "Lee")
        let request = CNSaveRequest()
        request.delete(contact)
        request.add(contact, toContainerWithIdentifier: nil)
        try temporary.store.execute(request)
        #expect(try ContactFixtures.identifiers(in: temporary.store) == [contact.identifier])
    }

    @Test(arguments: StoreMode.allCases)
    func updateThenDeleteInOneRequestDeletes(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let contact = ContactFixtures.person("Ann", "Lee")
        try ContactFixtures.save([contact], in: temporary.store)
        let request = CNSaveRequest()
        request.update(contact)
        request.delete(contact)
        try temporary.store.execute(request)
        #expect(try ContactFixtures.identifiers(in: temporary.store).isEmpty)
    }

    @Test(arguments: StoreMode.allCases)
    func updateWritesChangedValues(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let contact = ContactFixtures.person("Ann", "Lee", phones: ["555 0100"])
        try ContactFixtures.save([contact], in: temporary.store)
        let fetched = try temporary.store.unifiedContact(
            withIdentifier: contact.identifier, keysToFetch: nameKeys + [CNContactPhoneNumbersKey as CNKeyDescriptor])
        let mutable = try #require(fetched.mutableCopy() as? CNMutableContact)
        mutable.givenName = "Anna"
        mutable.phoneNumbers = []
        let request = CNSaveRequest()
        request.update(mutable)
        try temporary.store.execute(request)
        let again = try temporary.store.unifiedContact(
            withIdentifier: contact.identifier, keysToFetch: nameKeys + [CNContactPhoneNumbersKey as CNKeyDescriptor])
        #expect(again.givenName == "Anna")
        #expect(again.phoneNumbers.isEmpty)
    }

    @Test(arguments: StoreMode.allCases)
    func savingAPartiallyFetchedContactLeavesUnfetchedKeysAsStored(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let contact = ContactFixtures.person("Ann", "Lee", phones: ["555 0100"], emails: ["ann@example.com"])
        contact.note = "kept"
        try ContactFixtures.save([contact], in: temporary.store)
        let partial = try temporary.store.unifiedContact(
            withIdentifier: contact.identifier, keysToFetch: [CNContactGivenNameKey as CNKeyDescriptor])
        let mutable = try #require(partial.mutableCopy() as? CNMutableContact)
        mutable.givenName = "Anna"
        let request = CNSaveRequest()
        request.update(mutable)
        try temporary.store.execute(request)
        let keys: [any CNKeyDescriptor] =
            nameKeys
            + [CNContactNoteKey, CNContactPhoneNumbersKey, CNContactEmailAddressesKey].map { $0 as CNKeyDescriptor }
        let stored = try temporary.store.unifiedContact(withIdentifier: contact.identifier, keysToFetch: keys)
        #expect(stored.givenName == "Anna")
        #expect(stored.familyName == "Lee")
        #expect(stored.note == "kept")
        #expect(stored.phoneNumbers.map(\.value.stringValue) == ["555 0100"])
        #expect(stored.emailAddresses.map { $0.value as String } == ["ann@example.com"])
        #expect(mutable.isKeyAvailable(CNContactGivenNameKey) && !mutable.isKeyAvailable(CNContactNoteKey))
    }

    @Test(arguments: StoreMode.allCases)
    func refetchReplacesThePassedContactWithStoredState(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let contact = ContactFixtures.person("Ann", "Lee")
        let request = CNSaveRequest()
        #expect(request.shouldRefetchContacts)
        request.add(contact, toContainerWithIdentifier: nil)
        try temporary.store.execute(request)
        // Keys stay those the contact held; the values are what the store returns.
        #expect(contact.isKeyAvailable(CNContactNoteKey))
        #expect(contact.givenName == "Ann")
        #expect(contact.imageDataAvailable == false)
    }

    @Test(arguments: StoreMode.allCases)
    func invalidBirthdayThrowsValidationConfigurationErrorAndSavesNothing(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let contact = ContactFixtures.person("Ann", "Lee")
        contact.birthday = DateComponents(year: 1990, month: 1, day: 2, hour: 3)
        let request = CNSaveRequest()
        request.add(contact, toContainerWithIdentifier: nil)
        #expect {
            try temporary.store.execute(request)
        } throws: { error in
            let error = error as? CNError
            return error?.code == .validationConfigurationError && error?.keyPaths == ["birthday.hour"]
        }
        #expect(try ContactFixtures.identifiers(in: temporary.store).isEmpty)
    }

    @Test(arguments: StoreMode.allCases)
    func validationErrorsOfOneCodeCollapseIntoOneErrorWithEveryKeyPath(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let contact = ContactFixtures.person("Ann", "Lee")
        contact.birthday = DateComponents(year: 1990)
        contact.dates = [
            CNLabeledValue(label: CNLabelDateAnniversary, value: DateComponents(month: 2) as NSDateComponents)
        ]
        let request = CNSaveRequest()
        request.add(contact, toContainerWithIdentifier: nil)
        #expect {
            try temporary.store.execute(request)
        } throws: { error in
            let error = error as? CNError
            return error?.code == .validationConfigurationError
                && error?.keyPaths == ["birthday.day", "birthday.month", "dates[0].day"]
        }
    }

    @Test(arguments: StoreMode.allCases, ["", "bad\u{1}identifier", String(repeating: "x", count: 300)])
    func malformedIdentifierThrowsRecordIdentifierInvalid(mode: StoreMode, identifier: String) throws {
        let temporary = try TemporaryStore(mode: mode)
        let contact = CNMutableContact()
        contact.storage.identifier = identifier
        let request = CNSaveRequest()
        request.add(contact, toContainerWithIdentifier: nil)
        #expect(code { try temporary.store.execute(request) } == .recordIdentifierInvalid)
    }

    @Test(arguments: StoreMode.allCases)
    func deletingAContactRemovesIt(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let keep = ContactFixtures.person("Ann", "Lee")
        let drop = ContactFixtures.person("Bo", "Ek")
        try ContactFixtures.save([keep, drop], in: temporary.store)
        let request = CNSaveRequest()
        request.delete(drop)
        try temporary.store.execute(request)
        #expect(try ContactFixtures.identifiers(in: temporary.store) == [keep.identifier])
    }
}
