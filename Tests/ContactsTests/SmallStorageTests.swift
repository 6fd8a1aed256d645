import Contacts
import ContactsTestSupport
import Foundation
import Testing

/// A contact read with few keys, or made new, keeps its fields other than the identifier unallocated until one
/// is set, and copies share them until one writes (ContactStorage). Such contacts, and the copies made from
/// them, must behave exactly as contacts read with every key.
@Suite struct SmallStorageTests {
    private static var everyKey: [CNKeyDescriptor] { ContactKeyNames.every.map { $0 as CNKeyDescriptor } }

    /// Sets every property a contact can set to the values of ``ModelSamples/fullContact()``.
    private static func setEveryProperty(of contact: CNMutableContact) {
        let sample = ModelSamples.fullContact()
        contact.contactType = sample.contactType
        contact.namePrefix = sample.namePrefix
        contact.givenName = sample.givenName
        contact.middleName = sample.middleName
        contact.familyName = sample.familyName
        contact.previousFamilyName = sample.previousFamilyName
        contact.nameSuffix = sample.nameSuffix
        contact.nickname = sample.nickname
        contact.phoneticGivenName = sample.phoneticGivenName
        contact.phoneticMiddleName = sample.phoneticMiddleName
        contact.phoneticFamilyName = sample.phoneticFamilyName
        contact.phoneticOrganizationName = sample.phoneticOrganizationName
        contact.organizationName = sample.organizationName
        contact.departmentName = sample.departmentName
        contact.jobTitle = sample.jobTitle
        contact.birthday = sample.birthday
        contact.nonGregorianBirthday = sample.nonGregorianBirthday
        contact.note = sample.note
        contact.phoneNumbers = sample.phoneNumbers
        contact.emailAddresses = sample.emailAddresses
        contact.postalAddresses = sample.postalAddresses
        contact.dates = sample.dates
        contact.urlAddresses = sample.urlAddresses
        contact.contactRelations = sample.contactRelations
        contact.socialProfiles = sample.socialProfiles
        contact.instantMessageAddresses = sample.instantMessageAddresses
    }

    /// A store holding one contact with every property set, and that contact read with every key.
    private static func stored(_ mode: StoreMode) throws -> (TemporaryStore, CNContact) {
        let temporary = try TemporaryStore(mode: mode)
        let contact = ModelSamples.fullContact()
        let request = CNSaveRequest()
        request.add(contact, toContainerWithIdentifier: nil)
        try temporary.store.execute(request)
        return (
            temporary, try temporary.store.unifiedContact(withIdentifier: contact.identifier, keysToFetch: everyKey)
        )
    }

    @Test(arguments: StoreMode.allCases)
    func anIdentifierOnlyReadCopiesComparesCodesAndSavesAsAnEveryKeyRead(mode: StoreMode) throws {
        let (temporary, full) = try Self.stored(mode)
        let slim = try temporary.store.unifiedContact(withIdentifier: full.identifier, keysToFetch: [])
        let again = try temporary.store.unifiedContacts(
            matching: CNContact.predicateForContacts(withIdentifiers: [full.identifier]), keysToFetch: []
        )
        #expect(slim.identifier == full.identifier)
        #expect(slim.isKeyAvailable(CNContactIdentifierKey))
        for key in ContactKeyNames.every where key != CNContactIdentifierKey {
            #expect(!slim.isKeyAvailable(key), "\(key)")
            #expect(full.isKeyAvailable(key), "\(key)")
        }
        // Equality and hashing: the same keys with the same values, as two reads with every key.
        #expect(slim.isEqual(try #require(again.first)))
        #expect(slim.hash == full.hash)
        #expect(!slim.isEqual(full))
        let copy = try #require(slim.copy() as? CNContact)
        let mutable = try #require(slim.mutableCopy() as? CNMutableContact)
        #expect(copy.isEqual(slim) && mutable.isEqual(slim) && mutable.hash == slim.hash)
        #expect(!mutable.isKeyAvailable(CNContactGivenNameKey))
        let decoded = try SecureCodingRoundTrip.roundTrip(slim)
        #expect(decoded.isEqual(slim) && !decoded.isKeyAvailable(CNContactNoteKey))
        // Saving the identifier-only copy changes nothing: no unset field is written as empty.
        let request = CNSaveRequest()
        request.update(mutable)
        try temporary.store.execute(request)
        let reread = try temporary.store.unifiedContact(withIdentifier: full.identifier, keysToFetch: Self.everyKey)
        #expect(ContactComparison.differences(full, reread).isEmpty)
        #expect(reread.givenName == "John" && reread.phoneNumbers.count == 2)
    }

    @Test(arguments: StoreMode.allCases)
    func aNewContactSetCopiedComparedAndSavedMatchesAnEveryKeyReadSetTheSame(mode: StoreMode) throws {
        let (temporary, full) = try Self.stored(mode)
        // A new contact holds every key with none of its fields allocated; the read one has them all.
        let new = CNMutableContact()
        let read = try #require(full.mutableCopy() as? CNMutableContact)
        read.givenName = "Someone else"
        read.phoneNumbers = []
        #expect(!ContactComparison.differences(full, read).isEmpty)
        for contact in [new, read] { Self.setEveryProperty(of: contact) }
        #expect(
            ContactComparison.differences(new, read, ignoring: [.imageData, .thumbnailImageData, .imageDataAvailable])
                .isEmpty)
        // A copy shares the fields until one side writes; the write stays on that side.
        let frozen = try #require(new.copy() as? CNContact)
        #expect(ContactComparison.differences(frozen, new).isEmpty && frozen.isEqual(new))
        new.familyName = "Changed"
        new.emailAddresses = []
        #expect(frozen.familyName == "Appleseed" && frozen.emailAddresses.count == 1)
        #expect(!frozen.isEqual(new))
        new.familyName = frozen.familyName
        new.emailAddresses = frozen.emailAddresses
        #expect(frozen.isEqual(new))
        let request = CNSaveRequest()
        request.add(new, toContainerWithIdentifier: nil)
        request.update(read)
        try temporary.store.execute(request)
        let savedNew = try temporary.store.unifiedContact(withIdentifier: new.identifier, keysToFetch: Self.everyKey)
        let savedRead = try temporary.store.unifiedContact(withIdentifier: read.identifier, keysToFetch: Self.everyKey)
        #expect(
            ContactComparison.differences(
                savedNew, savedRead, ignoring: [.imageData, .thumbnailImageData, .imageDataAvailable]
            ).isEmpty)
        #expect(ContactComparison.differences(savedRead, full).isEmpty)
        #expect(
            savedNew.givenName == "John" && savedNew.instantMessageAddresses.count == 1
                && savedNew.birthday?.year == 1988)
    }

    @Test(arguments: StoreMode.allCases)
    func aReadContactsCopiesWriteOnlyThemselves(mode: StoreMode) throws {
        let (temporary, full) = try Self.stored(mode)
        let keys = [CNContactGivenNameKey, CNContactPhoneNumbersKey, CNContactNoteKey].map { $0 as CNKeyDescriptor }
        let partial = try temporary.store.unifiedContact(withIdentifier: full.identifier, keysToFetch: keys)
        let first = try #require(partial.mutableCopy() as? CNMutableContact)
        let second = try #require(first.mutableCopy() as? CNMutableContact)
        first.givenName = "First"
        first.phoneNumbers.append(CNLabeledValue(label: CNLabelHome, value: CNPhoneNumber(stringValue: "555 0100")))
        second.note = "Second"
        #expect(partial.givenName == "John" && partial.phoneNumbers.count == 2 && partial.note == "A note")
        #expect(first.givenName == "First" && first.phoneNumbers.count == 3 && first.note == "A note")
        #expect(second.givenName == "John" && second.phoneNumbers.count == 2 && second.note == "Second")
        #expect(!first.isKeyAvailable(CNContactFamilyNameKey) && !second.isKeyAvailable(CNContactFamilyNameKey))
    }

    /// An immutable contact is read from many threads at once, each also making and changing its own copy.
    @Test(arguments: StoreMode.allCases)
    func anImmutableContactReadFromManyThreadsStaysTheSame(mode: StoreMode) throws {
        let (_, full) = try Self.stored(mode)
        let expected = full.givenName
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for round in 0..<200 {
                #expect(full.givenName == expected && full.phoneNumbers.count == 2 && full.birthday?.year == 1988)
                guard let copy = full.mutableCopy() as? CNMutableContact else {
                    Issue.record("mutableCopy is not a CNMutableContact")
                    return
                }
                copy.givenName = "\(thread)-\(round)"
                copy.phoneNumbers = []
                #expect(copy.givenName == "\(thread)-\(round)" && copy.phoneNumbers.isEmpty)
            }
        }
        #expect(full.givenName == expected && full.phoneNumbers.count == 2)
    }
}
