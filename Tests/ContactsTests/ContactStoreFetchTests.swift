import Contacts
import ContactsTestSupport
import Foundation
import Testing

@Suite struct ContactStoreFetchTests {
    private let allKeysButImage: [any CNKeyDescriptor] = [
        CNContactTypeKey, CNContactNamePrefixKey, CNContactGivenNameKey, CNContactMiddleNameKey, CNContactFamilyNameKey,
        CNContactPreviousFamilyNameKey, CNContactNameSuffixKey, CNContactNicknameKey, CNContactPhoneticGivenNameKey,
        CNContactPhoneticMiddleNameKey, CNContactPhoneticFamilyNameKey, CNContactPhoneticOrganizationNameKey,
        CNContactOrganizationNameKey, CNContactDepartmentNameKey, CNContactJobTitleKey, CNContactBirthdayKey,
        CNContactNonGregorianBirthdayKey, CNContactNoteKey, CNContactImageDataAvailableKey, CNContactPhoneNumbersKey,
        CNContactEmailAddressesKey, CNContactPostalAddressesKey, CNContactDatesKey, CNContactUrlAddressesKey,
        CNContactRelationsKey, CNContactSocialProfilesKey, CNContactInstantMessageAddressesKey,
    ]

    private func richContact() -> CNMutableContact {
        let contact = ContactFixtures.person(
            "José", "Núñez", phones: ["+34 612 34 56 78", "91 123 45 67"], emails: ["Jose@Example.com"])
        contact.namePrefix = "Dr."
        contact.middleName = "María"
        contact.nickname = "Pepe"
        contact.organizationName = "Acme"
        contact.jobTitle = "Engineer"
        contact.note = "Met at the conference"
        contact.birthday = DateComponents(year: 1980, month: 2, day: 29)
        var hebrew = DateComponents(month: 7, day: 12)
        hebrew.calendar = Calendar(identifier: .hebrew)
        contact.nonGregorianBirthday = hebrew
        let address = CNMutablePostalAddress()
        address.street = "Calle Mayor 1\n2º"
        address.city = "Madrid"
        address.postalCode = "28013"
        address.isoCountryCode = "es"
        contact.postalAddresses = [CNLabeledValue(label: CNLabelWork, value: address)]
        contact.dates = [
            CNLabeledValue(label: CNLabelDateAnniversary, value: DateComponents(month: 6, day: 1) as NSDateComponents)
        ]
        contact.urlAddresses = [
            CNLabeledValue(label: CNLabelURLAddressHomePage, value: "https://example.com" as NSString)
        ]
        contact.contactRelations = [
            CNLabeledValue(label: CNLabelContactRelationSpouse, value: CNContactRelation(name: "Ana"))
        ]
        contact.socialProfiles = [
            CNLabeledValue(
                label: nil,
                value: CNSocialProfile(
                    urlString: "https://x.example/jose", username: "jose", userIdentifier: "42",
                    service: CNSocialProfileServiceTwitter))
        ]
        contact.instantMessageAddresses = [
            CNLabeledValue(
                label: nil, value: CNInstantMessageAddress(username: "jose", service: CNInstantMessageServiceSkype))
        ]
        return contact
    }

    @Test(arguments: StoreMode.allCases)
    func savedContactReadsBackWithEveryValueAndLabeledValueIdentifier(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let contact = richContact()
        let phoneIdentifiers = contact.phoneNumbers.map(\.identifier)
        try ContactFixtures.save([contact], in: temporary.store)
        let fetched = try temporary.store.unifiedContact(
            withIdentifier: contact.identifier, keysToFetch: allKeysButImage)
        #expect(fetched.identifier == contact.identifier)
        #expect(fetched.givenName == "José")
        #expect(fetched.middleName == "María")
        #expect(fetched.note == "Met at the conference")
        #expect(fetched.birthday == DateComponents(year: 1980, month: 2, day: 29))
        #expect(fetched.nonGregorianBirthday?.calendar?.identifier == .hebrew)
        #expect(fetched.phoneNumbers.map(\.identifier) == phoneIdentifiers)
        #expect(fetched.phoneNumbers.map(\.value.stringValue) == ["+34 612 34 56 78", "91 123 45 67"])
        #expect(fetched.postalAddresses.first?.value.street == "Calle Mayor 1\n2º")
        #expect(fetched.postalAddresses.first?.value.isoCountryCode == "es")
        #expect(fetched.postalAddresses.first?.label == CNLabelWork)
        #expect(fetched.dates.first?.value.month == 6)
        #expect(fetched.socialProfiles.first?.value.userIdentifier == "42")
        #expect(fetched.instantMessageAddresses.first?.value.service == CNInstantMessageServiceSkype)
        #expect(fetched.contactRelations.first?.value.name == "Ana")
        #expect(fetched.imageDataAvailable == false)
        #expect(fetched.isKeyAvailable(CNContactImageDataKey) == false)
    }

    @Test(arguments: StoreMode.allCases)
    func fetchedContactHoldsExactlyTheRequestedKeys(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let contact = richContact()
        try ContactFixtures.save([contact], in: temporary.store)
        let fetched = try temporary.store.unifiedContact(
            withIdentifier: contact.identifier,
            keysToFetch: [CNContactGivenNameKey as CNKeyDescriptor, CNContactEmailAddressesKey as NSString]
        )
        #expect(fetched.isKeyAvailable(CNContactIdentifierKey))
        #expect(fetched.isKeyAvailable(CNContactGivenNameKey))
        #expect(fetched.isKeyAvailable(CNContactEmailAddressesKey))
        #expect(!fetched.isKeyAvailable(CNContactFamilyNameKey))
        #expect(!fetched.isKeyAvailable(CNContactPhoneNumbersKey))
        #expect(fetched.emailAddresses.count == 1)
    }

    @Test(arguments: StoreMode.allCases)
    func unknownIdentifierThrowsRecordDoesNotExistWithTheIdentifier(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        #expect {
            _ = try temporary.store.unifiedContact(withIdentifier: "missing:ABPerson", keysToFetch: [])
        } throws: { error in
            let contactsError = error as? CNError
            return contactsError?.code == .recordDoesNotExist
                && contactsError?.affectedRecordIdentifiers == ["missing:ABPerson"]
        }
    }

    @Test(arguments: StoreMode.allCases)
    func enumerationStopsWhenTheBlockSetsStop(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        try ContactFixtures.save(
            (0..<1_200).map { ContactFixtures.person("Given\($0)", "Family") }, in: temporary.store)
        var seen = 0
        try temporary.store.enumerateContacts(with: CNContactFetchRequest(keysToFetch: [])) { _, stop in
            seen += 1
            if seen == 700 { stop.pointee = true }
        }
        #expect(seen == 700)
    }

    @Test(arguments: StoreMode.allCases)
    func enumerationVisitsEveryContactAcrossBatches(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let contacts = (0..<1_234).map { ContactFixtures.person("Given\($0)", "Family") }
        try ContactFixtures.save(contacts, in: temporary.store)
        #expect(try ContactFixtures.identifiers(in: temporary.store) == contacts.map(\.identifier).sorted())
    }

    @Test(arguments: StoreMode.allCases)
    func enumerationOfAnEmptyStoreNeverCallsTheBlock(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        var calls = 0
        try temporary.store.enumerateContacts(with: CNContactFetchRequest(keysToFetch: [])) { _, _ in calls += 1 }
        #expect(calls == 0)
    }

    @Test(arguments: StoreMode.allCases, [false, true])
    func mutableObjectsChoosesTheContactClass(mode: StoreMode, mutable: Bool) throws {
        let temporary = try TemporaryStore(mode: mode)
        try ContactFixtures.save([ContactFixtures.person("Ann", "Lee")], in: temporary.store)
        let request = CNContactFetchRequest(keysToFetch: [CNContactGivenNameKey as CNKeyDescriptor])
        request.mutableObjects = mutable
        var isMutable: [Bool] = []
        try temporary.store.enumerateContacts(with: request) { contact, _ in
            isMutable.append(contact is CNMutableContact)
        }
        #expect(isMutable == [mutable])
    }

    @Test(arguments: StoreMode.allCases)
    func blockMayCallTheStoreAgainWhileEnumerating(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        try ContactFixtures.save(
            [ContactFixtures.person("Ann", "Lee"), ContactFixtures.person("Bo", "Ek")], in: temporary.store)
        var names: [String] = []
        try temporary.store.enumerateContacts(with: CNContactFetchRequest(keysToFetch: [])) { contact, _ in
            let full = try? temporary.store.unifiedContact(
                withIdentifier: contact.identifier, keysToFetch: [CNContactGivenNameKey as CNKeyDescriptor])
            names.append(full?.givenName ?? "")
        }
        #expect(names.sorted() == ["Ann", "Bo"])
    }

    @Test(arguments: StoreMode.allCases)
    func unifiedFetchesReportTheContactAsUnifiedWithItself(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let contact = ContactFixtures.person("Ann", "Lee")
        try ContactFixtures.save([contact], in: temporary.store)
        let fetched = try temporary.store.unifiedContact(withIdentifier: contact.identifier, keysToFetch: [])
        #expect(fetched.isUnifiedWithContact(withIdentifier: contact.identifier))
        #expect(!fetched.isUnifiedWithContact(withIdentifier: ""))
    }

    @Test(arguments: StoreMode.allCases)
    func meContactIsMissingUntilOneIsMarked(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        #expect(throws: CNError.self) { _ = try temporary.store.unifiedMeContactWithKeys(toFetch: []) }
    }

    @Test(arguments: StoreMode.allCases)
    func aSecondStoreOnTheSameFileSeesTheSavedContacts(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let contact = ContactFixtures.person("Ann", "Lee")
        try ContactFixtures.save([contact], in: temporary.store)
        #expect(try ContactFixtures.identifiers(in: temporary.reopen()) == [contact.identifier])
    }
}
