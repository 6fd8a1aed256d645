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
            contact.urlAddresses = [CNLabeledValue(label: CNLabelWork, value: "https://example.com/\(index)" as NSString)]
            contact.dates = [CNLabeledValue(label: CNLabelDateAnniversary, value: DateComponents(year: 2000 + index, month: 5, day: 1) as NSDateComponents)]
        }
        return (temporary, try ContactFixtures.save(contacts, in: temporary.store))
    }

    private static let multiValued = [
        CNContactPhoneNumbersKey, CNContactEmailAddressesKey, CNContactPostalAddressesKey, CNContactDatesKey, CNContactUrlAddressesKey,
    ]

    @Test(arguments: StoreMode.allCases, multiValued)
    func oneMultiValuedKeyReadsTheSameValuesAsAllOfThem(mode: StoreMode, key: String) throws {
        let (temporary, contacts) = try Self.saved(mode)
        let all = Self.multiValued.map { $0 as CNKeyDescriptor }
        for contact in contacts {
            let one = try temporary.store.unifiedContact(withIdentifier: contact.identifier, keysToFetch: [key as CNKeyDescriptor])
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
        let keys = (Self.multiValued + [CNContactGivenNameKey, CNContactFamilyNameKey, CNContactBirthdayKey]).map { $0 as CNKeyDescriptor }
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
}
