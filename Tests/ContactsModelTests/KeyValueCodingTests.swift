import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsModel

@Suite struct KeyValueCodingTests {
    @Test(arguments: ContactProperty.allCases.filter { $0 != .contactType })
    func valueForKeyMatchesTheProperty(property: ContactProperty) {
        let contact = ModelSamples.fullImmutableContact()
        let viaKey = contact.value(forKey: property.key)
        #expect(ContactStorage.isEqual(viaKey, contact.storage.value(of: property)))
    }

    @Test func valueForKeyReturnsSwiftTypes() {
        let contact = ModelSamples.fullImmutableContact()
        #expect(contact.value(forKey: CNContactGivenNameKey) as? String == "John")
        #expect(contact.value(forKey: CNContactIdentifierKey) as? String == contact.identifier)
        #expect(contact.value(forKey: CNContactTypeKey) as? Int == CNContactType.organization.rawValue)
        #expect(contact.value(forKey: CNContactImageDataAvailableKey) as? Bool == false)
        #expect((contact.value(forKey: CNContactBirthdayKey) as? DateComponents)?.year == 1988)
        #expect(contact.value(forKey: CNContactImageDataKey) as? Data == Data([0xFF, 0xD8, 0xFF, 0xE0]))
        #expect((contact.value(forKey: CNContactPhoneNumbersKey) as? [CNLabeledValue<CNPhoneNumber>])?.count == 2)
        #expect((contact.value(forKey: CNContactEmailAddressesKey) as? [CNLabeledValue<NSString>])?.count == 1)
    }

    @Test func valueForKeyIsNilForUnsetOptionals() {
        let contact = CNContact()
        #expect(contact.value(forKey: CNContactBirthdayKey) == nil)
        #expect(contact.value(forKey: CNContactImageDataKey) == nil)
    }

    @Test(arguments: ["", "unknown", "street", "GivenName"])
    func valueForKeyIsNilForStringsThatAreNotContactKeys(key: String) {
        #expect(CNContact().value(forKey: key) == nil)
    }

    @Test func groupAndContainerAnswerTheirKeys() {
        let group = CNMutableGroup()
        group.name = "Family"
        #expect(group.value(forKey: CNGroupNameKey) as? String == "Family")
        #expect(group.value(forKey: CNGroupIdentifierKey) as? String == group.identifier)
        #expect(group.value(forKey: "other") == nil)
        let container = CNContainer(identifier: "C", name: "Local", type: .local)
        #expect(container.value(forKey: CNContainerIdentifierKey) as? String == "C")
        #expect(container.value(forKey: CNContainerNameKey) as? String == "Local")
        #expect(container.value(forKey: CNContainerTypeKey) as? Int == CNContainerType.local.rawValue)
        #expect(container.value(forKey: "other") == nil)
    }
}
