import ContactsFormatting
import ContactsModel
import Foundation
import Testing

@Suite struct ContactFormatterKeysTests {
    @Test func fullNameDescriptorNamesTheKeysTheStyleReads() {
        let keys = KeyDescriptorExpansion.keys(of: [CNContactFormatter.descriptorForRequiredKeys(for: .fullName)])
        #expect(
            keys == [
                CNContactNamePrefixKey, CNContactGivenNameKey, CNContactMiddleNameKey, CNContactFamilyNameKey,
                CNContactNameSuffixKey, CNContactTypeKey, CNContactOrganizationNameKey, CNContactNicknameKey,
            ]
        )
    }

    @Test func phoneticDescriptorNamesThePhoneticKeys() {
        let keys = KeyDescriptorExpansion.keys(of: [
            CNContactFormatter.descriptorForRequiredKeys(for: .phoneticFullName)
        ])
        #expect(keys.contains(CNContactPhoneticGivenNameKey))
        #expect(keys.contains(CNContactPhoneticOrganizationNameKey))
        #expect(!keys.contains(CNContactNicknameKey))
    }

    @Test func orderAndDelimiterDescriptorsNameTheNameParts() {
        let expected: Set = [CNContactGivenNameKey, CNContactMiddleNameKey, CNContactFamilyNameKey]
        #expect(KeyDescriptorExpansion.keys(of: [CNContactFormatter.descriptorForRequiredKeysForNameOrder]) == expected)
        #expect(KeyDescriptorExpansion.keys(of: [CNContactFormatter.descriptorForRequiredKeysForDelimiter]) == expected)
    }

    @Test(arguments: [CNContactFormatterStyle.fullName, .phoneticFullName])
    func contactFetchedWithTheDescriptorFormats(style: CNContactFormatterStyle) {
        let descriptor = CNContactFormatter.descriptorForRequiredKeys(for: style)
        var storage = ContactStorage(
            identifier: "A:ABPerson", fetchedKeys: KeyDescriptorExpansion.properties(of: [descriptor]))
        storage.givenName = "Ann"
        storage.phoneticGivenName = "An"
        let contact = CNContact(storage: storage)
        #expect(contact.areKeysAvailable([descriptor]))
        #expect(contactFormatter(style: style).string(from: contact) != nil)
    }

    @Test func nameOrderOfContactWithoutNameIsThePersonsDefault() {
        let partial = CNContact(
            storage: ContactStorage(
                identifier: "A:ABPerson", fetchedKeys: ContactKeySet([.givenName, .middleName, .familyName]))
        )
        #expect(contactFormatter(locale: "ja_JP").nameOrder(for: partial) == .familyNameFirst)
        #expect(contactFormatter(locale: "en_US").nameOrder(for: partial) == .givenNameFirst)
        #expect(contactFormatter(locale: "ja_JP", order: .givenNameFirst).nameOrder(for: partial) == .givenNameFirst)
    }

    @Test func delimiterIsSpaceForLatinEmptyForCJKAndForNoName() {
        let formatter = contactFormatter()
        #expect(formatter.delimiter(for: person(given: "John", family: "Appleseed")) == " ")
        #expect(formatter.delimiter(for: person(given: "太郎", family: "山田")) == "")
        #expect(formatter.delimiter(for: person(given: "민준", family: "김")) == "")
        #expect(formatter.delimiter(for: person(nickname: "Johnny")) == "")
        #expect(CNContactFormatter.delimiter(for: person(given: "John")) == " ")
        #expect(CNContactFormatter.nameOrder(for: person(given: "太郎", family: "山田")) == .familyNameFirst)
    }

    @Test func formattingWithoutTheRequiredKeysStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            var storage = ContactStorage(
                identifier: "A:ABPerson", fetchedKeys: ContactKeySet([.givenName, .familyName]))
            storage.givenName = "John"
            _ = CNContactFormatter.string(from: CNContact(storage: storage), style: .fullName)
        }
    }

    @Test func nameOrderWithoutTheRequiredKeysStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            let storage = ContactStorage(identifier: "A:ABPerson", fetchedKeys: ContactKeySet([.givenName]))
            _ = CNContactFormatter.nameOrder(for: CNContact(storage: storage))
        }
    }
}
