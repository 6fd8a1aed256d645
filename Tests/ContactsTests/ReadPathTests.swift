import Contacts
import ContactsSampleData
import ContactsTestSupport
import Foundation
import Testing

/// The read paths that take shortcuts (one contact compares its row id, one multi-valued key filters by
/// kind in SQL, identifiers in a store without links skip the link lookup) give what the general paths give.
@Suite struct ReadPathTests {
    private static func saved(_ mode: StoreMode) throws -> (TemporaryStore, [CNMutableContact]) {
        let temporary = try TemporaryStore(mode: mode)
        var generator = GeneratedContacts(seed: 11)
        let contacts = generator.contacts(30)
        for (index, contact) in contacts.enumerated() {
            contact.urlAddresses = [
                CNLabeledValue(label: CNLabelWork, value: "https://example.com/\(index)" as NSString)
            ]
            contact.dates = [
                CNLabeledValue(
                    label: CNLabelDateAnniversary,
                    value: DateComponents(year: 2000 + index, month: 5, day: 1) as NSDateComponents)
            ]
        }
        return (temporary, try ContactFixtures.save(contacts, in: temporary.store))
    }

    private static let multiValued = [
        CNContactPhoneNumbersKey, CNContactEmailAddressesKey, CNContactPostalAddressesKey, CNContactDatesKey,
        CNContactUrlAddressesKey,
    ]

    @Test(arguments: StoreMode.allCases, multiValued)
    func oneMultiValuedKeyReadsTheSameValuesAsAllOfThem(mode: StoreMode, key: String) throws {
        let (temporary, contacts) = try Self.saved(mode)
        let all = Self.multiValued.map { $0 as CNKeyDescriptor }
        for contact in contacts {
            let one = try temporary.store.unifiedContact(
                withIdentifier: contact.identifier, keysToFetch: [key as CNKeyDescriptor])
            let every = try temporary.store.unifiedContact(withIdentifier: contact.identifier, keysToFetch: all)
            let oneValues = try #require(one.value(forKey: key) as? [NSObject])
            let everyValues = try #require(every.value(forKey: key) as? [NSObject])
            #expect(oneValues == everyValues)
            #expect(!oneValues.isEmpty)
            #expect(!one.isKeyAvailable(Self.multiValued.first { $0 != key } ?? key))
        }
    }

    @Test(arguments: StoreMode.allCases)
    func oneContactReadsTheSameAsABatchOfThem(mode: StoreMode) throws {
        let (temporary, contacts) = try Self.saved(mode)
        let keys = (Self.multiValued + [CNContactGivenNameKey, CNContactFamilyNameKey, CNContactBirthdayKey]).map {
            $0 as CNKeyDescriptor
        }
        let batch = try temporary.store.unifiedContacts(
            matching: CNContact.predicateForContacts(withIdentifiers: contacts.map(\.identifier)), keysToFetch: keys
        )
        #expect(batch.count == contacts.count)
        for contact in batch {
            let single = try temporary.store.unifiedContact(withIdentifier: contact.identifier, keysToFetch: keys)
            #expect(ContactComparison.differences(contact, single).isEmpty)
            let alone = try temporary.store.unifiedContacts(
                matching: CNContact.predicateForContacts(withIdentifiers: [contact.identifier]), keysToFetch: keys
            )
            #expect(alone.count == 1)
            #expect(ContactComparison.differences(contact, try #require(alone.first)).isEmpty)
        }
    }

    @Test(arguments: StoreMode.allCases)
    func identifiersNeedingEscapesMatchNothingAndDoNotDisturbTheOthers(mode: StoreMode) throws {
        let (temporary, contacts) = try Self.saved(mode)
        let wanted = [contacts[3].identifier, contacts[17].identifier]
        let odd = ["quote\"d", "back\\slash", "line\nbreak", "\u{1}", "山田", "", contacts[5].identifier + "\""]
        let fetched = try temporary.store.unifiedContacts(
            matching: CNContact.predicateForContacts(withIdentifiers: odd + wanted), keysToFetch: []
        )
        #expect(Set(fetched.map(\.identifier)) == Set(wanted))
    }

    /// The key strings descriptors name, expanded here without the store's expansion.
    private static func named(by descriptors: [any CNKeyDescriptor]) -> Set<String> {
        var keys: Set<String> = [CNContactIdentifierKey]
        for descriptor in descriptors {
            if let key = descriptor as? String { keys.insert(key) }
            if let key = descriptor as? NSString { keys.insert(key as String) }
            if let aggregate = descriptor as? AggregateKeyDescriptor { keys.formUnion(aggregate.keys) }
        }
        return keys
    }

    /// Fetches expand their keys without building the set of key strings (formatter descriptors carry theirs
    /// expanded); a contact still holds exactly the keys its descriptors name, however they are mixed.
    @Test(arguments: StoreMode.allCases)
    func mixedDescriptorsFetchExactlyTheKeysTheyName(mode: StoreMode) throws {
        let (temporary, contacts) = try Self.saved(mode)
        let fullName = CNContactFormatter.descriptorForRequiredKeys(for: .fullName)
        let cases: [[any CNKeyDescriptor]] = [
            [],
            [fullName],
            [fullName, CNContactPhoneNumbersKey as CNKeyDescriptor, CNContactNoteKey as NSString],
            [
                CNContact.descriptorForAllComparatorKeys(), "street" as CNKeyDescriptor,
                CNContactEmailAddressesKey as CNKeyDescriptor,
            ],
            [CNContactVCardSerialization.descriptorForRequiredKeys()],
            [
                AggregateKeyDescriptor(name: "nested", descriptors: [fullName, CNContactDatesKey, "bogus"]),
                CNContactUrlAddressesKey as NSString,
                CNContactFormatter.descriptorForRequiredKeys(for: .phoneticFullName),
            ],
            ContactKeyNames.every.map { $0 as CNKeyDescriptor },
        ]
        for keys in cases {
            let named = Self.named(by: keys)
            let single = try temporary.store.unifiedContact(withIdentifier: contacts[4].identifier, keysToFetch: keys)
            var enumerated: [CNContact] = []
            try temporary.store.enumerateContacts(with: CNContactFetchRequest(keysToFetch: keys)) { contact, _ in
                enumerated.append(contact)
            }
            #expect(enumerated.count == contacts.count)
            for contact in [single] + enumerated.prefix(3) {
                for key in ContactKeyNames.every {
                    #expect(contact.isKeyAvailable(key) == named.contains(key), "\(key) of \(keys.count) descriptors")
                }
            }
        }
        // What a formatter needs is what it names: the contact formats without stopping.
        let named = try temporary.store.unifiedContact(withIdentifier: contacts[4].identifier, keysToFetch: [fullName])
        #expect(CNContactFormatter.string(from: named, style: .fullName) != nil)
    }
}
