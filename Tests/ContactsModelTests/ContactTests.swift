import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsModel

@Suite struct ContactTests {
    @Test func newContactHoldsEveryKey() {
        let contact = CNContact()
        #expect(contact.storage.fetchedKeys == .all)
        #expect(ContactProperty.allCases.allSatisfy { contact.isKeyAvailable($0.key) })
    }

    @Test func newMutableContactHoldsEveryKey() {
        let contact = CNMutableContact()
        #expect(contact.storage.fetchedKeys == .all)
    }

    @Test(arguments: ContactProperty.stringProperties)
    func unsetStringPropertiesAreEmpty(property: ContactProperty) {
        let contact = CNContact()
        #expect(contact.value(forKey: property.key) as? String == "")
    }

    @Test func unsetPropertiesHaveAppleDefaults() {
        let contact = CNContact()
        #expect(contact.contactType == .person)
        #expect(contact.givenName == "")
        #expect(contact.note == "")
        #expect(contact.birthday == nil)
        #expect(contact.nonGregorianBirthday == nil)
        #expect(contact.imageData == nil)
        #expect(contact.thumbnailImageData == nil)
        #expect(contact.imageDataAvailable == false)
        #expect(contact.phoneNumbers.isEmpty)
        #expect(contact.emailAddresses.isEmpty)
        #expect(contact.postalAddresses.isEmpty)
        #expect(contact.dates.isEmpty)
        #expect(contact.urlAddresses.isEmpty)
        #expect(contact.contactRelations.isEmpty)
        #expect(contact.socialProfiles.isEmpty)
        #expect(contact.instantMessageAddresses.isEmpty)
    }

    @Test func newContactsGetDistinctIdentifiersInDesktopForm() {
        let first = CNMutableContact()
        let second = CNMutableContact()
        #expect(first.identifier != second.identifier)
        #expect(first.identifier.hasSuffix(":ABPerson"))
        #expect(UUID(uuidString: String(first.identifier.prefix(36))) != nil)
    }

    @Test func settersStoreValues() {
        let contact = ModelSamples.fullContact()
        #expect(contact.contactType == .organization)
        #expect(contact.givenName == "John")
        #expect(contact.familyName == "Appleseed")
        #expect(contact.birthday?.day == 1)
        #expect(contact.nonGregorianBirthday?.calendar?.identifier == .hebrew)
        #expect(contact.phoneNumbers.map(\.value.stringValue) == ["(408) 555-0126", "+44 20 7946 0000"])
        #expect(contact.postalAddresses.first?.value.city == "Cupertino")
        #expect(contact.dates.first?.value.month == 6)
    }

    @Test func datesKeepOnlyTheCalendarIdentifier() throws {
        var calendar = Calendar(identifier: .hebrew)
        calendar.timeZone = try #require(TimeZone(identifier: "Asia/Jerusalem"))
        let contact = CNMutableContact()
        contact.nonGregorianBirthday = DateComponents(calendar: calendar, month: 7, day: 14)
        #expect(contact.nonGregorianBirthday?.calendar == Calendar(identifier: .hebrew))
        let components = NSDateComponents()
        components.calendar = calendar
        let labeled = CNLabeledValue(label: nil, value: components)
        #expect(labeled.value.calendar == Calendar(identifier: .hebrew))
        #expect(components.calendar == calendar)
    }

    @Test func clearingValuesRemovesThem() {
        let contact = ModelSamples.fullContact()
        contact.givenName = ""
        contact.birthday = nil
        contact.imageData = nil
        contact.phoneNumbers = []
        #expect(contact.givenName == "")
        #expect(contact.birthday == nil)
        #expect(contact.imageData == nil)
        #expect(contact.phoneNumbers.isEmpty)
    }

    @Test func settingImageDataLeavesTheStoreDerivedImageFieldsAlone() {
        let contact = CNMutableContact()
        contact.imageData = Data([0xFF, 0xD8])
        #expect(contact.imageData == Data([0xFF, 0xD8]))
        #expect(contact.thumbnailImageData == nil)
        #expect(contact.imageDataAvailable == false)
    }

    @Test func copyOfMutableContactIsImmutableWithSameIdentifierAndKeys() throws {
        let contact = ModelSamples.fullContact()
        let copy = try #require(contact.copy() as? CNContact)
        #expect(type(of: copy) == CNContact.self)
        #expect(copy.identifier == contact.identifier)
        #expect(copy.storage.fetchedKeys == contact.storage.fetchedKeys)
        #expect(copy.isEqual(contact))
    }

    @Test func copyDoesNotFollowLaterChangesOfTheMutableOriginal() throws {
        let contact = ModelSamples.fullContact()
        let copy = try #require(contact.copy() as? CNContact)
        contact.givenName = "Changed"
        contact.phoneNumbers = []
        #expect(copy.givenName == "John")
        #expect(copy.phoneNumbers.count == 2)
        #expect(!copy.isEqual(contact))
    }

    @Test func mutableCopyIsMutableWithSameIdentifierAndKeys() throws {
        let contact = ModelSamples.fullImmutableContact()
        let copy = try #require(contact.mutableCopy() as? CNMutableContact)
        #expect(copy.identifier == contact.identifier)
        #expect(copy.storage.fetchedKeys == .all)
        copy.givenName = "Changed"
        #expect(contact.givenName == "John")
    }

    @Test func mutableCopyOfPartialContactKeepsPartialKeys() throws {
        let contact = ModelSamples.partialContact(keys: [CNContactGivenNameKey, CNContactPhoneNumbersKey])
        let copy = try #require(contact.mutableCopy() as? CNMutableContact)
        #expect(copy.isKeyAvailable(CNContactGivenNameKey))
        #expect(copy.isKeyAvailable(CNContactPhoneNumbersKey))
        #expect(!copy.isKeyAvailable(CNContactFamilyNameKey))
        copy.givenName = "Jo"
        #expect(copy.givenName == "Jo")
    }

    @Test func copiesKeepLinkedIdentifiers() throws {
        var storage = ModelSamples.fullContact().storage
        storage.linkedIdentifiers = [storage.identifier, "other:ABPerson"]
        let contact = CNContact(storage: storage)
        let copy = try #require(contact.mutableCopy() as? CNMutableContact)
        #expect(copy.isUnifiedWithContact(withIdentifier: "other:ABPerson"))
    }

    @Test func equalityAndHashingObeyTheLaws() throws {
        let contact = ModelSamples.fullImmutableContact()
        let mutable = try #require(contact.mutableCopy() as? CNMutableContact)
        let changed = try #require(contact.mutableCopy() as? CNMutableContact)
        changed.nickname = "Other"
        let partial = CNContact(
            storage: {
                var storage = contact.storage
                storage.fetchedKeys = .identifierOnly
                return storage
            }())
        #expect(
            LawChecks.equalityViolations(
                equal: [contact, mutable, CNContact(storage: contact.storage)],
                different: [changed, partial, CNContact(), "text" as NSString]
            ) == []
        )
        #expect(LawChecks.copyViolations(of: contact) == [])
        #expect(LawChecks.mutableCopyViolations(of: contact) == [])
    }

    @Test func contactsWithDifferentIdentifiersDiffer() {
        let first = CNMutableContact()
        let second = CNMutableContact()
        #expect(!first.isEqual(second))
    }

    @Test func identifiableIDIsTheUUIDOfTheIdentifier() throws {
        let contact = CNMutableContact()
        let uuid = try #require(UUID(uuidString: String(contact.identifier.prefix(36))))
        #expect(contact.id == uuid)
    }

    @Test(arguments: ["local-1", "x", "", "UUID-not-really:ABPerson"])
    func identifiableIDIsStableForOtherIdentifierForms(identifier: String) {
        let first = CNContact(storage: ContactStorage(identifier: identifier, fetchedKeys: .identifierOnly))
        let second = CNContact(storage: ContactStorage(identifier: identifier, fetchedKeys: .all))
        #expect(first.id == second.id)
        #expect(first.id.uuidString.dropFirst(14).first == "5")
    }

    @Test func identifiableIDsDifferForDifferentIdentifiers() {
        let first = CNContact(storage: ContactStorage(identifier: "a", fetchedKeys: .identifierOnly))
        let second = CNContact(storage: ContactStorage(identifier: "b", fetchedKeys: .identifierOnly))
        #expect(first.id != second.id)
    }

    @Test func descriptionNamesIdentifierAndKeysButNoValues() {
        let contact = ModelSamples.fullContact()
        let text = contact.description
        #expect(text.contains(contact.identifier))
        // The identifier is a random UUID that may itself contain "555"; look only at the rest.
        let rest = text.replacingOccurrences(of: contact.identifier, with: "")
        #expect(!rest.contains("John"))
        #expect(!rest.contains("555"))
    }

    @Test func unifiedMembershipNeedsANonEmptyLinkedIdentifier() {
        var storage = ContactStorage(identifier: "a", fetchedKeys: .all)
        storage.linkedIdentifiers = ["a", "b"]
        let contact = CNContact(storage: storage)
        #expect(contact.isUnifiedWithContact(withIdentifier: "b"))
        #expect(!contact.isUnifiedWithContact(withIdentifier: "c"))
        #expect(!contact.isUnifiedWithContact(withIdentifier: ""))
        #expect(!CNContact().isUnifiedWithContact(withIdentifier: CNContact().identifier))
    }
}
