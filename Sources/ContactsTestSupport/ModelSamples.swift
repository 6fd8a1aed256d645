import ContactsModel
import Foundation

/// Sample model objects for tests: a contact with every property set, partial contacts, and one value of
/// each value class. Every call returns new objects, so tests may change them freely.
package enum ModelSamples {
    /// A contact with every property set to a non-default value, holding every key.
    package static func fullContact() -> CNMutableContact {
        let contact = CNMutableContact()
        contact.contactType = .organization
        contact.namePrefix = "Dr."
        contact.givenName = "John"
        contact.middleName = "Jacob"
        contact.familyName = "Appleseed"
        contact.previousFamilyName = "Smith"
        contact.nameSuffix = "Jr."
        contact.nickname = "Johnny"
        contact.phoneticGivenName = "Jon"
        contact.phoneticMiddleName = "Jaykob"
        contact.phoneticFamilyName = "Apelsid"
        contact.phoneticOrganizationName = "Apel"
        contact.organizationName = "Apple"
        contact.departmentName = "Contacts"
        contact.jobTitle = "Engineer"
        contact.birthday = DateComponents(calendar: Calendar(identifier: .gregorian), year: 1988, month: 4, day: 1)
        contact.nonGregorianBirthday = DateComponents(
            calendar: Calendar(identifier: .hebrew),
            year: 5748,
            month: 7,
            day: 14
        )
        contact.note = "A note"
        contact.imageData = Data([0xFF, 0xD8, 0xFF, 0xE0])
        contact.phoneNumbers = [
            CNLabeledValue(label: CNLabelPhoneNumberiPhone, value: CNPhoneNumber(stringValue: "(408) 555-0126")),
            CNLabeledValue(label: nil, value: CNPhoneNumber(stringValue: "+44 20 7946 0000")),
        ]
        contact.emailAddresses = [CNLabeledValue(label: CNLabelHome, value: "john@example.com" as NSString)]
        contact.postalAddresses = [CNLabeledValue(label: CNLabelWork, value: postalAddress())]
        contact.dates = [CNLabeledValue(label: CNLabelDateAnniversary, value: anniversary())]
        contact.urlAddresses = [
            CNLabeledValue(label: CNLabelURLAddressHomePage, value: "https://example.com" as NSString)
        ]
        contact.contactRelations = [
            CNLabeledValue(label: CNLabelContactRelationSpouse, value: CNContactRelation(name: "Jane"))
        ]
        contact.socialProfiles = [CNLabeledValue(label: nil, value: socialProfile())]
        contact.instantMessageAddresses = [
            CNLabeledValue(
                label: CNLabelHome,
                value: CNInstantMessageAddress(username: "john", service: CNInstantMessageServiceSkype))
        ]
        return contact
    }

    /// An immutable copy of ``fullContact()``.
    package static func fullImmutableContact() -> CNContact {
        CNContact(storage: fullContact().storage)
    }

    /// A copy of ``fullContact()`` that holds only the given keys (and the identifier).
    package static func partialContact(keys: [String]) -> CNContact {
        var storage = fullContact().storage
        storage.fetchedKeys = ContactKeySet(keys.compactMap(ContactProperty.init(key:))).union(.identifierOnly)
        return CNContact(storage: storage)
    }

    /// A contact that holds only its identifier.
    package static func identifierOnlyContact() -> CNContact {
        CNContact(storage: ContactStorage(identifier: ContactStorage.newIdentifier(), fetchedKeys: .identifierOnly))
    }

    /// A US postal address with every field set.
    package static func postalAddress() -> CNMutablePostalAddress {
        let address = CNMutablePostalAddress()
        address.street = "1 Infinite Loop\nBuilding 2"
        address.subLocality = "Downtown"
        address.city = "Cupertino"
        address.subAdministrativeArea = "Santa Clara"
        address.state = "CA"
        address.postalCode = "95014"
        address.country = "United States"
        address.isoCountryCode = "us"
        return address
    }

    /// An anniversary without a year.
    package static func anniversary() -> NSDateComponents {
        let components = NSDateComponents()
        components.month = 6
        components.day = 21
        return components
    }

    /// A social profile with every field set.
    package static func socialProfile() -> CNSocialProfile {
        CNSocialProfile(
            urlString: "https://twitter.com/john",
            username: "john",
            userIdentifier: "12345",
            service: CNSocialProfileServiceTwitter
        )
    }
}
