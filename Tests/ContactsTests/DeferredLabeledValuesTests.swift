import Contacts
import ContactsSampleData
import ContactsTestSupport
import Dispatch
import Foundation
import Testing

/// A fetched contact's labeled values are decoded when first read (DeferredLabeledValues): what a caller
/// reads, copies, compares and archives is what an eagerly decoded contact gives.
@Suite struct DeferredLabeledValuesTests {
    private static let multiValuedKeys = [
        CNContactPhoneNumbersKey, CNContactEmailAddressesKey, CNContactPostalAddressesKey, CNContactDatesKey,
        CNContactUrlAddressesKey, CNContactRelationsKey, CNContactSocialProfilesKey,
        CNContactInstantMessageAddressesKey,
    ]

    private static var keys: [any CNKeyDescriptor] {
        (multiValuedKeys + [CNContactGivenNameKey, CNContactFamilyNameKey, CNContactBirthdayKey]).map {
            $0 as CNKeyDescriptor
        }
    }

    /// Generated contacts with every kind of labeled value, one of them with text that holds U+0000 and U+001F.
    private static func saved(_ mode: StoreMode) throws -> (TemporaryStore, [CNMutableContact]) {
        let temporary = try TemporaryStore(mode: mode)
        var generator = GeneratedContacts(seed: 29)
        let contacts = generator.contacts(12)
        for (index, contact) in contacts.enumerated() {
            contact.dates = [
                CNLabeledValue(
                    label: CNLabelDateAnniversary,
                    value: DateComponents(year: 1990 + index, month: 3, day: 9) as NSDateComponents)
            ]
            contact.urlAddresses = [
                CNLabeledValue(label: CNLabelURLAddressHomePage, value: "https://example.com/\(index)" as NSString)
            ]
            contact.contactRelations = [
                CNLabeledValue(label: CNLabelContactRelationFriend, value: CNContactRelation(name: "Friend \(index)"))
            ]
            contact.socialProfiles = [
                CNLabeledValue(
                    label: nil,
                    value: CNSocialProfile(
                        urlString: "https://social.example/\(index)", username: "user\(index)",
                        userIdentifier: "\(index)", service: CNSocialProfileServiceTwitter))
            ]
            contact.instantMessageAddresses = [
                CNLabeledValue(
                    label: "custom\u{0}label",
                    value: CNInstantMessageAddress(username: "im\(index)", service: CNInstantMessageServiceSkype))
            ]
        }
        let address = CNMutablePostalAddress()
        address.street = "Line\u{0}one\u{1F}two"
        address.city = "Zürich"
        contacts[0].postalAddresses = [CNLabeledValue(label: CNLabelHome, value: address)]
        return (temporary, try ContactFixtures.save(contacts, in: temporary.store))
    }

    private static func fetch(_ contacts: [CNContact], from store: CNContactStore) throws -> [CNContact] {
        let fetched = try store.unifiedContacts(
            matching: CNContact.predicateForContacts(withIdentifiers: contacts.map(\.identifier)), keysToFetch: keys
        )
        let byIdentifier = Dictionary(uniqueKeysWithValues: fetched.map { ($0.identifier, $0) })
        return contacts.compactMap { byIdentifier[$0.identifier] }
    }

    @Test(arguments: StoreMode.allCases)
    func valuesDecodedOnFirstReadEqualTheSavedOnes(mode: StoreMode) throws {
        let (temporary, contacts) = try Self.saved(mode)
        let fetched = try Self.fetch(contacts, from: temporary.store)
        #expect(fetched.count == contacts.count)
        for (saved, contact) in zip(contacts, fetched) {
            for key in Self.multiValuedKeys {
                let savedValues = try #require(saved.value(forKey: key) as? [NSObject])
                let fetchedValues = try #require(contact.value(forKey: key) as? [NSObject])
                #expect(fetchedValues == savedValues, "\(key)")
            }
            #expect(contact.phoneNumbers.map(\.identifier) == saved.phoneNumbers.map(\.identifier))
            #expect(contact.postalAddresses.map(\.identifier) == saved.postalAddresses.map(\.identifier))
            #expect(contact.postalAddresses.map(\.value) == saved.postalAddresses.map(\.value))
            #expect(contact.instantMessageAddresses.map(\.label) == saved.instantMessageAddresses.map(\.label))
        }
        #expect(fetched[0].postalAddresses.first?.value.street == "Line\u{0}one\u{1F}two")
    }

    /// Contacts whose values test each part of the stored form: nil and empty labels, empty and missing fields of
    /// structured values, a field that opens like the JSON form, one that holds U+001F (so the JSON form), and
    /// several values of a kind in order.
    private static func edgeContacts() -> [CNMutableContact] {
        func address(_ street: String, _ subLocality: String, city: String = "", iso: String = "") -> CNPostalAddress {
            let address = CNMutablePostalAddress()
            address.street = street
            address.subLocality = subLocality
            address.city = city
            address.isoCountryCode = iso
            return address
        }
        let first = CNMutableContact()
        first.givenName = "Edge"
        first.phoneNumbers = [
            CNLabeledValue(label: nil, value: CNPhoneNumber(stringValue: "+1 202 555 0101")),
            CNLabeledValue(label: "", value: CNPhoneNumber(stringValue: "")),
            CNLabeledValue(label: CNLabelWork, value: CNPhoneNumber(stringValue: "+44 20 7946 0018")),
        ]
        first.postalAddresses = [
            CNLabeledValue(label: nil, value: address("", "")),
            CNLabeledValue(
                label: CNLabelHome, value: address("1 Main St", "[not json]", city: "Springfield", iso: "us")),
            CNLabeledValue(label: "", value: address("[\"a\"]", "sub\u{1F}locality", iso: "[")),
            CNLabeledValue(label: CNLabelWork, value: address("", "", city: "\u{0}")),
        ]
        first.socialProfiles = [
            CNLabeledValue(
                label: nil, value: CNSocialProfile(urlString: nil, username: "", userIdentifier: nil, service: "")),
            CNLabeledValue(
                label: "x",
                value: CNSocialProfile(urlString: "[", username: "u", userIdentifier: "\u{1F}", service: "s")),
        ]
        first.instantMessageAddresses = [
            CNLabeledValue(label: nil, value: CNInstantMessageAddress(username: "", service: "")),
            CNLabeledValue(label: CNLabelHome, value: CNInstantMessageAddress(username: "im", service: "a\u{1F}b")),
        ]
        first.emailAddresses = [CNLabeledValue(label: "", value: "" as NSString)]
        first.urlAddresses = [CNLabeledValue(label: nil, value: "[" as NSString)]
        first.contactRelations = [CNLabeledValue(label: nil, value: CNContactRelation(name: ""))]
        // A contact with no values at all between two with values: its empty lists must not shift the others'.
        let second = CNMutableContact()
        second.givenName = "Empty"
        let third = CNMutableContact()
        third.givenName = "Last"
        third.postalAddresses = [CNLabeledValue(label: CNLabelOther, value: address("Last St", "", city: "Oslo"))]
        third.instantMessageAddresses = [
            CNLabeledValue(label: nil, value: CNInstantMessageAddress(username: "z", service: "q"))
        ]
        return [first, second, third]
    }

    /// Every form a store hands contacts in (one by identifier, a list by predicate, an enumeration: in daemon
    /// mode a contact message, and column batches filled from the stored text without labeled values) gives
    /// the values as saved, with their identifiers and labels, nil told from empty.
    @Test(arguments: StoreMode.allCases)
    func everyFormOfReadGivesTheSavedValuesAndLabels(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let saved = try ContactFixtures.save(Self.edgeContacts(), in: temporary.store)
        var enumerated: [String: CNContact] = [:]
        try temporary.store.enumerateContacts(with: CNContactFetchRequest(keysToFetch: Self.keys)) { contact, _ in
            enumerated[contact.identifier] = contact
        }
        let listed = try Self.fetch(saved, from: temporary.store)
        #expect(listed.count == saved.count)
        for (index, contact) in saved.enumerated() {
            let single = try temporary.store.unifiedContact(withIdentifier: contact.identifier, keysToFetch: Self.keys)
            let forms = [
                ("single", single), ("listed", listed[index]),
                ("enumerated", try #require(enumerated[contact.identifier])),
            ]
            for (form, fetched) in forms {
                // A labeled value is equal to another with the same identifier, label (nil apart from empty) and value.
                for key in Self.multiValuedKeys {
                    let savedValues = try #require(contact.value(forKey: key) as? [NSObject])
                    let fetchedValues = try #require(fetched.value(forKey: key) as? [NSObject])
                    #expect(fetchedValues == savedValues, "\(form) \(key)")
                }
                #expect(fetched.phoneNumbers.map(\.label) == contact.phoneNumbers.map(\.label), "\(form)")
            }
        }
        #expect(saved[0].phoneNumbers.map(\.label) == [nil, "", CNLabelWork])
        let address = try #require(enumerated[saved[0].identifier]?.postalAddresses[2].value)
        #expect(
            address.street == "[\"a\"]" && address.subLocality == "sub\u{1F}locality" && address.isoCountryCode == "[")
    }

    @Test func aContactReadTwiceReturnsTheSameObjects() throws {
        let (temporary, contacts) = try Self.saved(.embedded)
        let contact = try #require(try Self.fetch([contacts[1]], from: temporary.store).first)
        let first = contact.phoneNumbers
        let second = contact.phoneNumbers
        #expect(!first.isEmpty)
        #expect(zip(first, second).allSatisfy { $0 === $1 })
    }

    @Test func concurrentFirstReadsFromManyThreadsGetTheSameObjects() throws {
        let (temporary, contacts) = try Self.saved(.embedded)
        let fetched = try Self.fetch(contacts, from: temporary.store)
        let threads = 8
        let results = ResultBox(count: threads * fetched.count)
        // Every thread reads every contact's values, none of which was read before: the first reads race.
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for (index, contact) in fetched.enumerated() {
                results.set(
                    thread * fetched.count + index,
                    [
                        contact.phoneNumbers as [NSObject], contact.emailAddresses, contact.postalAddresses,
                        contact.dates,
                        contact.socialProfiles,
                    ])
            }
        }
        let all = results.values
        for index in fetched.indices {
            let reference = try #require(all[index])
            for thread in 1..<threads {
                let other = try #require(all[thread * fetched.count + index])
                #expect(other.count == reference.count)
                for (left, right) in zip(reference, other) {
                    #expect(left.count == right.count && zip(left, right).allSatisfy { $0 === $1 })
                }
            }
            #expect(reference[0] == contacts[index].phoneNumbers as [NSObject])
            #expect(reference[2] == contacts[index].postalAddresses as [NSObject])
        }
    }

    @Test(arguments: StoreMode.allCases)
    func mutableCopyOfAnUndecodedContactKeepsTheOriginalAndSavesItsChanges(mode: StoreMode) throws {
        let (temporary, contacts) = try Self.saved(mode)
        let contact = try #require(try Self.fetch([contacts[2]], from: temporary.store).first)
        // Copied before any value was read: the copy shares the undecoded values.
        let copy = try #require(contact.mutableCopy() as? CNMutableContact)
        let frozen = try #require(contact.copy() as? CNContact)
        copy.phoneNumbers = [CNLabeledValue(label: CNLabelWork, value: CNPhoneNumber(stringValue: "+1 202 555 0147"))]
        copy.emailAddresses.append(CNLabeledValue(label: CNLabelOther, value: "added@example.com" as NSString))
        #expect(contact.phoneNumbers == contacts[2].phoneNumbers)
        #expect(contact.emailAddresses == contacts[2].emailAddresses)
        #expect(frozen.phoneNumbers == contacts[2].phoneNumbers)
        #expect(copy.postalAddresses == contacts[2].postalAddresses)
        #expect(copy.emailAddresses.count == contacts[2].emailAddresses.count + 1)
        #expect(!copy.isEqual(contact))
        #expect(frozen.isEqual(contact))

        let request = CNSaveRequest()
        request.update(copy)
        try temporary.store.execute(request)
        let refetched = try #require(try Self.fetch([contacts[2]], from: temporary.store).first)
        #expect(refetched.phoneNumbers.map(\.value.stringValue) == ["+1 202 555 0147"])
        #expect(refetched.emailAddresses == copy.emailAddresses)
        #expect(refetched.postalAddresses == contacts[2].postalAddresses)
        #expect(refetched.socialProfiles == contacts[2].socialProfiles)
    }

    @Test func equalityHashAndArchivingOfUndecodedContactsMatchDecodedOnes() throws {
        let (temporary, contacts) = try Self.saved(.embedded)
        let undecoded = try Self.fetch(contacts, from: temporary.store)
        let decoded = try Self.fetch(contacts, from: temporary.store)
        for contact in decoded {
            for key in Self.multiValuedKeys { _ = contact.value(forKey: key) }
        }
        for (left, right) in zip(undecoded, decoded) {
            #expect(left.isEqual(right))
            #expect(left.hash == right.hash)
        }
        // Archived before any value was read: the archive holds the values all the same.
        let fresh = try Self.fetch(contacts, from: temporary.store)
        for (contact, reference) in zip(fresh, decoded) {
            let data = try NSKeyedArchiver.archivedData(withRootObject: contact, requiringSecureCoding: true)
            let unarchived = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: CNContact.self, from: data))
            #expect(unarchived.isEqual(reference))
            #expect(unarchived.phoneNumbers == reference.phoneNumbers)
        }
    }

    @Test(arguments: StoreMode.allCases)
    func aContactWithoutValuesReadsEmptyLists(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let saved = try ContactFixtures.save([ContactFixtures.person("Ana", "Sin")], in: temporary.store)
        let contact = try #require(try Self.fetch(saved, from: temporary.store).first)
        #expect(contact.phoneNumbers.isEmpty)
        #expect(contact.postalAddresses.isEmpty)
        #expect(contact.instantMessageAddresses.isEmpty)
        #expect(contact.givenName == "Ana")
    }

    @Test(arguments: [CNContactEmailAddressesKey, CNContactPostalAddressesKey, CNContactNoteKey])
    func readingAnUnfetchedKeyOfAContactWithUndecodedValuesStillStops(key: String) async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) { [key] in
            let temporary = try TemporaryStore()
            let saved = try ContactFixtures.save(
                [ContactFixtures.person("Ana", "Sin", phones: ["+1 202 555 0100"], emails: ["ana@example.com"])],
                in: temporary.store
            )
            let contact = try temporary.store.unifiedContact(
                withIdentifier: saved[0].identifier, keysToFetch: [CNContactPhoneNumbersKey as CNKeyDescriptor]
            )
            // The fetched key decodes; the unfetched one must stop as before.
            guard contact.phoneNumbers.count == 1 else { exit(0) }
            _ = contact.value(forKey: key)
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("CNPropertyNotFetchedException"))
        #expect(message.contains(key))
    }
}

/// Results written by several threads, each to its own slot.
private final class ResultBox: @unchecked Sendable {
    // SAFETY: every access holds the lock. TODO(#2): drop @unchecked when NSObject is Sendable on Linux.
    private let lock = NSLock()
    private var slots: [[[NSObject]]?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: [[NSObject]]) {
        lock.withLock { slots[index] = value }
    }

    var values: [[[NSObject]]?] {
        lock.withLock { slots }
    }
}
