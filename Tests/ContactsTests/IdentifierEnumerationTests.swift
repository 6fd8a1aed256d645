import Contacts
import ContactsSampleData
import ContactsTestSupport
import Foundation
import Testing

/// An enumeration that fetches no key but the identifier reads each batch's identifiers as bytes and makes
/// each contact as it hands it out; these tests hold it to the general path (a read with a key): the same
/// contacts in the same order across batch boundaries, in every sort order and with a predicate, unified or
/// not, with and without linked cards, holding only the identifier.
@Suite struct IdentifierEnumerationTests {
    /// Past the first two batches (128 + 512) and into the third.
    private static let count = 1_300

    private static func store(_ mode: StoreMode) throws -> TemporaryStore {
        let temporary = try TemporaryStore(mode: mode)
        var generator = GeneratedContacts(seed: 23)
        try ContactFixtures.save(generator.contacts(count), in: temporary.store)
        return temporary
    }

    /// The identifiers an enumeration hands out, and each contact's `isKeyAvailable` of the given name.
    private static func enumerate(
        _ store: CNContactStore, keys: [any CNKeyDescriptor], order: CNContactSortOrder, unify: Bool = true,
        mutable: Bool = false, predicate: NSPredicate? = nil
    ) throws -> [CNContact] {
        let request = CNContactFetchRequest(keysToFetch: keys)
        request.sortOrder = order
        request.unifyResults = unify
        request.mutableObjects = mutable
        request.predicate = predicate
        var contacts: [CNContact] = []
        try store.enumerateContacts(with: request) { contact, _ in contacts.append(contact) }
        return contacts
    }

    private static var givenName: [any CNKeyDescriptor] { [CNContactGivenNameKey as CNKeyDescriptor] }

    @Test(arguments: StoreMode.allCases, [CNContactSortOrder.none, .givenName, .familyName])
    func identifiersAloneComeInTheOrderOfAReadWithKeys(mode: StoreMode, order: CNContactSortOrder) throws {
        let temporary = try Self.store(mode)
        for unify in [true, false] {
            let alone = try Self.enumerate(temporary.store, keys: [], order: order, unify: unify)
            let withKeys = try Self.enumerate(temporary.store, keys: Self.givenName, order: order, unify: unify)
            #expect(alone.count == Self.count)
            #expect(alone.map(\.identifier) == withKeys.map(\.identifier), "unify \(unify)")
            #expect(Set(alone.map(\.identifier)).count == Self.count)
            for contact in alone {
                #expect(contact.identifier.hasSuffix(":ABPerson"))
                #expect(contact.isKeyAvailable(CNContactIdentifierKey))
                #expect(!contact.isKeyAvailable(CNContactGivenNameKey))
            }
        }
    }

    @Test(arguments: StoreMode.allCases)
    func identifiersAloneAreTheContactsAPredicateSelects(mode: StoreMode) throws {
        let temporary = try Self.store(mode)
        for name in ["a", "jo", "zzz"] {
            let predicate = CNContact.predicateForContacts(matchingName: name)
            let alone = try Self.enumerate(temporary.store, keys: [], order: .none, predicate: predicate)
            let withKeys = try Self.enumerate(temporary.store, keys: Self.givenName, order: .none, predicate: predicate)
            #expect(alone.map(\.identifier) == withKeys.map(\.identifier), "\(name)")
            let fetched = try temporary.store.unifiedContacts(matching: predicate, keysToFetch: [])
            #expect(Set(fetched.map(\.identifier)) == Set(alone.map(\.identifier)))
        }
    }

    @Test(arguments: StoreMode.allCases)
    func identifiersAloneAreUnifiedWithThemselvesAndMutableWhenAsked(mode: StoreMode) throws {
        let temporary = try Self.store(mode)
        let mutable = try Self.enumerate(temporary.store, keys: [], order: .none, mutable: true)
        #expect(mutable.count == Self.count)
        #expect(mutable.allSatisfy { $0 is CNMutableContact })
        let unified = try Self.enumerate(temporary.store, keys: [], order: .none)
        #expect(unified.allSatisfy { !($0 is CNMutableContact) })
        for contact in unified {
            #expect(contact.isUnifiedWithContact(withIdentifier: contact.identifier))
            #expect(!contact.isUnifiedWithContact(withIdentifier: ""))
        }
        // A contact read with its identifier alone equals a read of that identifier alone by identifier.
        for contact in unified.enumerated() where contact.offset % 97 == 0 || contact.offset == 128 {
            let single = try temporary.store.unifiedContact(withIdentifier: contact.element.identifier, keysToFetch: [])
            #expect(single.isEqual(contact.element), "contact \(contact.offset)")
            #expect(single.hash == contact.element.hash)
        }
    }

    @Test(arguments: StoreMode.allCases)
    func linkedCardsAreOneUnifiedContactAsWithKeys(mode: StoreMode) throws {
        let temporary = try Self.store(mode)
        let all = try Self.enumerate(temporary.store, keys: [], order: .none, unify: false)
        let before = try Self.enumerate(temporary.store, keys: [], order: .none)
        // Cards on either side of the first batch's end, and two inside the third batch.
        let (first, second, third, fourth) = (all[127], all[128], all[700], all[1_000])
        try temporary.store.link([first.identifier, second.identifier], preferredIdentifier: second.identifier)
        try temporary.store.link([third.identifier, fourth.identifier], preferredIdentifier: third.identifier)
        let alone = try Self.enumerate(temporary.store, keys: [], order: .none)
        let withKeys = try Self.enumerate(temporary.store, keys: Self.givenName, order: .none)
        #expect(alone.count == before.count - 2)
        #expect(alone.map(\.identifier) == withKeys.map(\.identifier))
        let byIdentifier = Dictionary(uniqueKeysWithValues: alone.map { ($0.identifier, $0) })
        let secondUnified = try #require(byIdentifier[second.identifier])
        #expect(secondUnified.isUnifiedWithContact(withIdentifier: first.identifier))
        let thirdUnified = try #require(byIdentifier[third.identifier])
        #expect(thirdUnified.isUnifiedWithContact(withIdentifier: fourth.identifier))
        #expect(byIdentifier[first.identifier] == nil)
        #expect(byIdentifier[fourth.identifier] == nil)
        // Not unified, every card comes back on its own, linked or not.
        let cards = try Self.enumerate(temporary.store, keys: [], order: .none, unify: false)
        #expect(cards.map(\.identifier) == all.map(\.identifier))
    }

    /// Past contactsd's batch of bare identifiers (4,096): the app reads them from two frames (kept as their
    /// bytes, IdentifierBatchFrame) and hands them out as the embedded store and a read with a key do.
    @Test(arguments: StoreMode.allCases)
    func identifiersAloneCrossTheDaemonsBatchesInOrder(mode: StoreMode) throws {
        let count = 4_300
        let temporary = try TemporaryStore(mode: mode)
        var generator = GeneratedContacts(seed: 29)
        try ContactFixtures.save(generator.contacts(count), in: temporary.store)
        for order in [CNContactSortOrder.none, .familyName] {
            for unify in [true, false] {
                let alone = try Self.enumerate(temporary.store, keys: [], order: order, unify: unify)
                let withKeys = try Self.enumerate(temporary.store, keys: Self.givenName, order: order, unify: unify)
                #expect(alone.count == count)
                #expect(alone.map(\.identifier) == withKeys.map(\.identifier), "\(order.rawValue) unify \(unify)")
                #expect(Set(alone.map(\.identifier)).count == count)
                // Unified with itself alone exactly when the read with a key says so.
                #expect(
                    alone.map { $0.isUnifiedWithContact(withIdentifier: $0.identifier) }
                        == withKeys.map { $0.isUnifiedWithContact(withIdentifier: $0.identifier) })
                #expect(alone.allSatisfy { !$0.isKeyAvailable(CNContactGivenNameKey) })
            }
        }
        // Stopped on either side of the first batch's end.
        let every = try Self.enumerate(temporary.store, keys: [], order: .none)
        for stopAfter in [4_096, 4_097] {
            var seen: [String] = []
            try temporary.store.enumerateContacts(with: CNContactFetchRequest(keysToFetch: [])) { contact, stop in
                seen.append(contact.identifier)
                if seen.count == stopAfter { stop.pointee = true }
            }
            #expect(seen == Array(every.prefix(stopAfter).map(\.identifier)))
        }
        // The lazy fetch reads the same batches through its own pages (the daemon's ContactPages), unified or not.
        for unify in [true, false] {
            let request = CNContactFetchRequest(keysToFetch: [])
            request.unifyResults = unify
            let lazy = Array(try temporary.store.contacts(for: request).value)
            #expect(lazy.map(\.identifier) == every.map(\.identifier), "unify \(unify)")
            #expect(lazy.allSatisfy { $0.isUnifiedWithContact(withIdentifier: $0.identifier) == unify })
        }
    }

    @Test(arguments: StoreMode.allCases, [1, 127, 128, 129, 641, 1_299])
    func stopEndsAnIdentifierEnumerationAtAnyContact(mode: StoreMode, stopAfter: Int) throws {
        let temporary = try Self.store(mode)
        let every = try Self.enumerate(temporary.store, keys: [], order: .none)
        var seen: [String] = []
        try temporary.store.enumerateContacts(with: CNContactFetchRequest(keysToFetch: [])) { contact, stop in
            seen.append(contact.identifier)
            if seen.count == stopAfter { stop.pointee = true }
        }
        #expect(seen == Array(every.prefix(stopAfter).map(\.identifier)))
    }
}
