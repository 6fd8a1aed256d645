import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsModel

@Suite struct PartialContactTests {
    /// Every contact key but the identifier, which every contact holds.
    static let unfetchableKeys = ContactProperty.allCases.filter { $0 != .identifier }.map(\.key)

    /// One settable key of each kind of property: string, enum, optional date, optional data, labeled
    /// arrays of strings, of value objects and of date components.
    static let settableKeysOfEachKind = [
        CNContactGivenNameKey, CNContactTypeKey, CNContactBirthdayKey, CNContactImageDataKey,
        CNContactEmailAddressesKey, CNContactPhoneNumbersKey, CNContactDatesKey, CNContactNoteKey,
    ]

    @Test func identifierIsAlwaysAvailable() {
        let contact = ModelSamples.identifierOnlyContact()
        #expect(contact.isKeyAvailable(CNContactIdentifierKey))
        #expect(!contact.identifier.isEmpty)
    }

    @Test func storageAlwaysAddsTheIdentifierKey() {
        let storage = ContactStorage(identifier: "a", fetchedKeys: [])
        #expect(storage.fetchedKeys == .identifierOnly)
    }

    @Test(arguments: unfetchableKeys)
    func partialContactReportsOnlyFetchedKeys(key: String) {
        let contact = ModelSamples.partialContact(keys: [key])
        #expect(contact.isKeyAvailable(key))
        let others = Self.unfetchableKeys.filter { $0 != key }
        #expect(others.allSatisfy { !contact.isKeyAvailable($0) })
    }

    @Test(arguments: ["", "unknownKey", "GivenName", "street", "name"])
    func unknownKeysAreNeverAvailable(key: String) {
        #expect(!CNContact().isKeyAvailable(key))
    }

    @Test func fetchedPropertiesReadNormally() {
        let contact = ModelSamples.partialContact(keys: [CNContactGivenNameKey, CNContactPhoneNumbersKey])
        #expect(contact.givenName == "John")
        #expect(contact.phoneNumbers.count == 2)
    }

    @Test func areKeysAvailableChecksEveryKeyOfStringsAndNSStrings() {
        let contact = ModelSamples.partialContact(keys: [CNContactGivenNameKey, CNContactFamilyNameKey])
        #expect(contact.areKeysAvailable([CNContactGivenNameKey as CNKeyDescriptor]))
        #expect(contact.areKeysAvailable([CNContactGivenNameKey as NSString, CNContactFamilyNameKey as NSString]))
        #expect(
            !contact.areKeysAvailable([CNContactGivenNameKey as CNKeyDescriptor, CNContactNoteKey as CNKeyDescriptor]))
        #expect(contact.areKeysAvailable([]))
    }

    @Test func areKeysAvailableExpandsAggregateDescriptors() {
        let contact = ModelSamples.partialContact(keys: [CNContactGivenNameKey, CNContactFamilyNameKey])
        let names = AggregateKeyDescriptor(name: "names", keys: [CNContactGivenNameKey, CNContactFamilyNameKey])
        let nested = AggregateKeyDescriptor(name: "nested", descriptors: [names, CNContactIdentifierKey])
        let tooMuch = AggregateKeyDescriptor(name: "more", descriptors: [nested, CNContactNicknameKey as NSString])
        #expect(contact.areKeysAvailable([names]))
        #expect(contact.areKeysAvailable([nested]))
        #expect(!contact.areKeysAvailable([tooMuch]))
        #expect(!contact.areKeysAvailable([names, CNContactNoteKey]))
    }

    @Test func areKeysAvailableIsFalseForKeysThatAreNotContactKeys() {
        #expect(!CNContact().areKeysAvailable(["notAKey"]))
    }

    @Test func mutableCopyOfPartialContactWritesFetchedKeys() throws {
        let contact = ModelSamples.partialContact(keys: [CNContactGivenNameKey])
        let copy = try #require(contact.mutableCopy() as? CNMutableContact)
        copy.givenName = "Jack"
        #expect(copy.givenName == "Jack")
        #expect(copy.storage.fetchedKeys == ContactKeySet([.identifier, .givenName]))
    }

    @Test func partialContactsEqualOnlyWithTheSameKeys() {
        let first = ModelSamples.partialContact(keys: [CNContactGivenNameKey])
        let second = CNContact(storage: first.storage)
        var wider = first.storage
        wider.fetchedKeys.insert(ContactKeySet(.familyName))
        #expect(LawChecks.equalityViolations(equal: [first, second], different: [CNContact(storage: wider)]) == [])
    }

    // MARK: Reading or writing what was not fetched stops the process

    // Exit tests run their body in a child process. Swift Testing 6.3 passes values into it only through an
    // explicit capture list of Sendable & Codable values (`{ [key] in ... }`), so each test captures the
    // key string and builds the contact inside the body.

    @Test(arguments: unfetchableKeys)
    func readingAnUnfetchedPropertyStopsTheProcessNamingTheKey(key: String) async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) { [key] in
            let contact = CNContact(storage: ContactStorage(identifier: "a", fetchedKeys: .identifierOnly))
            _ = readProperty(key, of: contact)
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("CNPropertyNotFetchedException"))
        #expect(message.contains(key))
    }

    @Test(arguments: settableKeysOfEachKind)
    func writingAnUnfetchedPropertyStopsTheProcessNamingTheKey(key: String) async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) { [key] in
            let contact = CNMutableContact(storage: ContactStorage(identifier: "a", fetchedKeys: .identifierOnly))
            writeProperty(key, of: contact)
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("CNPropertyNotFetchedException"))
        #expect(message.contains(key))
    }

    @Test(arguments: [CNContactGivenNameKey, CNContactBirthdayKey, CNContactPhoneNumbersKey, CNContactTypeKey])
    func readingAnUnfetchedKeyThroughValueForKeyStopsTheProcess(key: String) async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) { [key] in
            let contact = CNContact(storage: ContactStorage(identifier: "a", fetchedKeys: .identifierOnly))
            _ = contact.value(forKey: key)
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("CNPropertyNotFetchedException"))
        #expect(message.contains(key))
    }

    @Test func writingAnUnfetchedPropertyOfAMutableCopyStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            let contact = CNContact(storage: ContactStorage(identifier: "a", fetchedKeys: ContactKeySet(.givenName)))
            let copy = contact.mutableCopy() as? CNMutableContact
            copy?.familyName = "Appleseed"
        }
    }
}

/// Reads a contact property through its Swift accessor, chosen by key.
private func readProperty(_ key: String, of contact: CNContact) -> Any? {
    switch ContactProperty(key: key) {
    case .identifier: contact.identifier
    case .contactType: contact.contactType
    case .namePrefix: contact.namePrefix
    case .givenName: contact.givenName
    case .middleName: contact.middleName
    case .familyName: contact.familyName
    case .previousFamilyName: contact.previousFamilyName
    case .nameSuffix: contact.nameSuffix
    case .nickname: contact.nickname
    case .phoneticGivenName: contact.phoneticGivenName
    case .phoneticMiddleName: contact.phoneticMiddleName
    case .phoneticFamilyName: contact.phoneticFamilyName
    case .phoneticOrganizationName: contact.phoneticOrganizationName
    case .organizationName: contact.organizationName
    case .departmentName: contact.departmentName
    case .jobTitle: contact.jobTitle
    case .birthday: contact.birthday
    case .nonGregorianBirthday: contact.nonGregorianBirthday
    case .note: contact.note
    case .imageData: contact.imageData
    case .thumbnailImageData: contact.thumbnailImageData
    case .imageDataAvailable: contact.imageDataAvailable
    case .phoneNumbers: contact.phoneNumbers
    case .emailAddresses: contact.emailAddresses
    case .postalAddresses: contact.postalAddresses
    case .dates: contact.dates
    case .urlAddresses: contact.urlAddresses
    case .contactRelations: contact.contactRelations
    case .socialProfiles: contact.socialProfiles
    case .instantMessageAddresses: contact.instantMessageAddresses
    case nil: nil
    }
}

/// Writes a contact property through its Swift setter, chosen by key.
private func writeProperty(_ key: String, of contact: CNMutableContact) {
    switch ContactProperty(key: key) {
    case .givenName: contact.givenName = "John"
    case .contactType: contact.contactType = .organization
    case .birthday: contact.birthday = DateComponents(month: 1, day: 1)
    case .imageData: contact.imageData = Data([1])
    case .emailAddresses: contact.emailAddresses = []
    case .phoneNumbers: contact.phoneNumbers = []
    case .dates: contact.dates = []
    case .note: contact.note = ""
    default: break
    }
}
