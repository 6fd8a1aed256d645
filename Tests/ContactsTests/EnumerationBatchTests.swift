import Contacts
import ContactsSampleData
import ContactsTestSupport
import Foundation
import Testing

/// Enumeration streams contacts in batches that grow (128, 512, then 1,024 contacts per read) and hands each
/// contact's fields over without copying them; these tests check that the streamed contacts, their order and
/// the stop flag are the same as through the other read paths, across the batch boundaries.
@Suite struct EnumerationBatchTests {
    /// 1,300 generated contacts: past the first two batches (128 + 512) and into the third.
    private static let count = 1_300

    private static func store(_ mode: StoreMode) throws -> (TemporaryStore, [CNMutableContact]) {
        let temporary = try TemporaryStore(mode: mode)
        var generator = GeneratedContacts(seed: 7)
        let contacts = try ContactFixtures.save(generator.contacts(count), in: temporary.store)
        return (temporary, contacts)
    }

    private static var allKeysButImage: [any CNKeyDescriptor] {
        [
            CNContactTypeKey, CNContactNamePrefixKey, CNContactGivenNameKey, CNContactMiddleNameKey,
            CNContactFamilyNameKey,
            CNContactPreviousFamilyNameKey, CNContactNameSuffixKey, CNContactNicknameKey, CNContactOrganizationNameKey,
            CNContactDepartmentNameKey, CNContactJobTitleKey, CNContactBirthdayKey, CNContactNoteKey,
            CNContactImageDataAvailableKey, CNContactPhoneNumbersKey, CNContactEmailAddressesKey,
            CNContactPostalAddressesKey,
            CNContactDatesKey, CNContactUrlAddressesKey, CNContactRelationsKey, CNContactSocialProfilesKey,
            CNContactInstantMessageAddressesKey,
        ].map { $0 as CNKeyDescriptor }
    }

    @Test(arguments: StoreMode.allCases, [CNContactSortOrder.none, .givenName, .familyName])
    func enumeratedContactsEqualThoseReadOneByOne(mode: StoreMode, order: CNContactSortOrder) throws {
        let (temporary, saved) = try Self.store(mode)
        let request = CNContactFetchRequest(keysToFetch: Self.allKeysButImage)
        request.sortOrder = order
        var enumerated: [CNContact] = []
        try temporary.store.enumerateContacts(with: request) { contact, _ in enumerated.append(contact) }
        #expect(Set(enumerated.map(\.identifier)) == Set(saved.map(\.identifier)))
        #expect(enumerated.count == Self.count)
        // Every 97th contact (a prime, so samples fall on every batch and at different offsets) read by
        // identifier, and every contact fetched by a predicate, must equal the streamed one field by field.
        for contact in enumerated.enumerated().filter({ $0.offset % 97 == 0 || $0.offset == 127 || $0.offset == 128 }) {
            let single = try temporary.store.unifiedContact(
                withIdentifier: contact.element.identifier, keysToFetch: Self.allKeysButImage)
            #expect(ContactComparison.differences(contact.element, single).isEmpty, "contact \(contact.offset)")
            #expect(contact.element.isUnifiedWithContact(withIdentifier: contact.element.identifier))
        }
        let identifiers = Array(enumerated.map(\.identifier)[100..<300])
        let fetched = try temporary.store.unifiedContacts(
            matching: CNContact.predicateForContacts(withIdentifiers: identifiers), keysToFetch: Self.allKeysButImage
        )
        let byIdentifier = Dictionary(uniqueKeysWithValues: enumerated.map { ($0.identifier, $0) })
        #expect(fetched.count == identifiers.count)
        for contact in fetched {
            let streamed = try #require(byIdentifier[contact.identifier])
            #expect(ContactComparison.differences(streamed, contact).isEmpty)
        }
    }

    @Test(arguments: StoreMode.allCases, [CNContactSortOrder.givenName, .familyName])
    func sortOrderHoldsAcrossBatches(mode: StoreMode, order: CNContactSortOrder) throws {
        let (temporary, _) = try Self.store(mode)
        let request = CNContactFetchRequest(keysToFetch: [CNContact.descriptorForAllComparatorKeys()])
        request.sortOrder = order
        var enumerated: [CNContact] = []
        try temporary.store.enumerateContacts(with: request) { contact, _ in enumerated.append(contact) }
        let comparator = CNContact.comparator(forNameSortOrder: order)
        // Names repeat (24 given names, 20 family names), so equal names compare equal and any order among
        // them is sorted: check neighbours, not a sorted copy.
        let outOfOrder = zip(enumerated, enumerated.dropFirst()).filter { comparator($0, $1) == .orderedDescending }
        #expect(outOfOrder.isEmpty)
        #expect(Set(enumerated.map(\.identifier)).count == Self.count)
    }

    @Test(arguments: StoreMode.allCases, [1, 127, 128, 129, 640, 641, 1_299])
    func stopEndsTheEnumerationAtAnyContact(mode: StoreMode, stopAfter: Int) throws {
        let (temporary, _) = try Self.store(mode)
        let request = CNContactFetchRequest(keysToFetch: [CNContactGivenNameKey as CNKeyDescriptor])
        request.sortOrder = .familyName
        var seen: [String] = []
        try temporary.store.enumerateContacts(with: request) { contact, stop in
            seen.append(contact.identifier)
            if seen.count == stopAfter { stop.pointee = true }
        }
        #expect(seen.count == stopAfter)
        var all: [String] = []
        try temporary.store.enumerateContacts(with: request) { contact, _ in all.append(contact.identifier) }
        #expect(Array(all.prefix(stopAfter)) == seen)
    }

    @Test(arguments: StoreMode.allCases)
    func blockMayChangeTheStoreBetweenBatches(mode: StoreMode) throws {
        let (temporary, _) = try Self.store(mode)
        let request = CNContactFetchRequest(keysToFetch: [CNContactGivenNameKey as CNKeyDescriptor])
        var seen = Set<String>()
        var failedSaves = 0
        try temporary.store.enumerateContacts(with: request) { contact, _ in
            seen.insert(contact.identifier)
            // A save at the end of a batch: the next batch starts after the last contact read, so the added
            // contacts (with higher row ids) are visited too, and none twice.
            if seen.count == 128 || seen.count == 640 {
                do {
                    _ = try ContactFixtures.save(
                        [ContactFixtures.person("Added\(seen.count)", "Late")], in: temporary.store)
                } catch {
                    failedSaves += 1
                }
            }
        }
        #expect(failedSaves == 0)
        #expect(seen.count == Self.count + 2)
    }

    /// `unifiedContacts(matching:)` keeps every contact, so it reads in large batches from the start (not 128,
    /// then 512): the same contacts, once each and in the same order, as an enumeration with the same predicate
    /// in its small first batches, for a word most contacts have (1,300 hits: past a large batch too), a word a
    /// few hundred have, and contacts whose two names both start with the word.
    @Test(arguments: StoreMode.allCases)
    func anArrayFetchReturnsWhatTheEnumerationDoesAcrossItsBatches(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        var people: [CNMutableContact] = []
        for index in 0..<Self.count {
            // Every contact is an Ann; one in four a Kovač; one in eleven an Ann Annan (two words match "ann").
            let family = index % 11 == 0 ? "Annan" : index % 4 == 0 ? "Kovač\(index)" : "Lee\(index)"
            people.append(ContactFixtures.person("Ann", family))
        }
        _ = try ContactFixtures.save(people, in: temporary.store)
        let keys = [CNContactGivenNameKey, CNContactFamilyNameKey].map { $0 as CNKeyDescriptor }
        for (word, expected) in [
            ("ann", Self.count), ("kov", people.filter { $0.familyName.hasPrefix("Kovač") }.count),
        ] {
            let predicate = CNContact.predicateForContacts(matchingName: word)
            let fetched = try temporary.store.unifiedContacts(matching: predicate, keysToFetch: keys).map(\.identifier)
            let request = CNContactFetchRequest(keysToFetch: keys)
            request.predicate = predicate
            var enumerated: [String] = []
            try temporary.store.enumerateContacts(with: request) { contact, _ in enumerated.append(contact.identifier) }
            #expect(fetched.count == expected, "\(word)")
            #expect(Set(fetched).count == fetched.count, "\(word)")
            #expect(fetched == enumerated, "\(word)")
        }
    }

    /// An array fetch's batches grow past the enumeration's largest (1,024) to 4,096 and 8,192: 5,500 hits take a
    /// third batch, and come back once each, in row-id order, as an enumeration's batches of at most 1,024 give them.
    @Test(arguments: StoreMode.allCases)
    func anArrayFetchCrossesItsLargerBatchesWholeAndInOrder(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let people = (0..<5_500).map { ContactFixtures.person("Mara", "Lind\($0)") }
        _ = try ContactFixtures.save(people, in: temporary.store)
        let keys = [CNContactGivenNameKey, CNContactFamilyNameKey].map { $0 as CNKeyDescriptor }
        let predicate = CNContact.predicateForContacts(matchingName: "mar")
        let fetched = try temporary.store.unifiedContacts(matching: predicate, keysToFetch: keys)
        let request = CNContactFetchRequest(keysToFetch: keys)
        request.predicate = predicate
        var enumerated: [String] = []
        try temporary.store.enumerateContacts(with: request) { contact, _ in enumerated.append(contact.identifier) }
        #expect(fetched.count == people.count)
        #expect(fetched.map(\.identifier) == enumerated)
        #expect(Set(fetched.map(\.familyName)) == Set(people.map(\.familyName)))
    }
}
