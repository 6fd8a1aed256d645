import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsModel

@Suite struct ValueTypeTests {
    // MARK: CNPhoneNumber

    @Test func phoneNumberKeepsTheStringAsEntered() {
        #expect(CNPhoneNumber(stringValue: " (408) 555-0126 ext. 4").stringValue == " (408) 555-0126 ext. 4")
    }

    @Test(arguments: [
        ("(408) 555-0126", "4085550126"), ("+1 408 555 0126", "+14085550126"), ("", ""),
        ("00 44 20 7946 0000", "00442079460000"), ("+", "+"), ("1+2", "12"), ("tel:+33-1-23", "+33123"),
        ("٠١٢", "012"),
    ])
    func digitsKeepDigitsAndALeadingPlus(string: String, digits: String) {
        let number = CNPhoneNumber(stringValue: string)
        #expect(number.value(forKey: "digits") as? String == digits)
        #expect(number.value(forKey: "stringValue") as? String == string)
    }

    @Test func countryCodeIsALowerCaseRegion() throws {
        let code = try #require(CNPhoneNumber(stringValue: "(408) 555-0126").value(forKey: "countryCode") as? String)
        #expect(code.count == 2)
        #expect(code == code.lowercased())
        #expect(code.allSatisfy { $0.isLetter })
    }

    @Test func phoneNumberAnswersNilForUnknownKeys() {
        #expect(CNPhoneNumber(stringValue: "1").value(forKey: "nope") == nil)
    }

    @Test func phoneNumberEqualityComparesTheString() {
        let number = CNPhoneNumber(stringValue: "+1 408 555 0126")
        #expect(
            LawChecks.equalityViolations(
                equal: [number, CNPhoneNumber(stringValue: "+1 408 555 0126")],
                different: [CNPhoneNumber(stringValue: "+14085550126"), "+1 408 555 0126" as NSString]
            ) == []
        )
        #expect(LawChecks.copyViolations(of: number) == [])
        #expect(!number.description.contains("408"))
    }

    // MARK: CNPostalAddress

    @Test func newPostalAddressIsEmpty() {
        let address = CNPostalAddress()
        let fields = [
            address.street, address.subLocality, address.city, address.subAdministrativeArea, address.state,
            address.postalCode, address.country, address.isoCountryCode,
        ]
        #expect(fields.allSatisfy { $0.isEmpty })
    }

    @Test func postalAddressCopiesAreImmutableAndIndependent() throws {
        let address = ModelSamples.postalAddress()
        let frozen = try #require(address.copy() as? CNPostalAddress)
        #expect(type(of: frozen) == CNPostalAddress.self)
        address.city = "Paris"
        #expect(frozen.city == "Cupertino")
        let mutable = try #require(frozen.mutableCopy() as? CNMutablePostalAddress)
        mutable.city = "Rome"
        #expect(frozen.city == "Cupertino")
        #expect(mutable.street == "1 Infinite Loop\nBuilding 2")
    }

    @Test func postalAddressEqualityComparesEveryField() throws {
        let address = ModelSamples.postalAddress()
        let frozen = try #require(address.copy() as? CNPostalAddress)
        var different: [NSObject] = []
        for key in CNPostalAddress.Fields().keyedValues.map(\.key) {
            let changed = try #require(frozen.mutableCopy() as? CNMutablePostalAddress)
            _ = changed.fields.setValue("other", forKey: key)
            different.append(changed)
        }
        #expect(LawChecks.equalityViolations(equal: [address, frozen], different: different) == [])
        #expect(LawChecks.copyViolations(of: frozen) == [])
        #expect(LawChecks.mutableCopyViolations(of: frozen) == [])
        #expect(!frozen.description.contains("Cupertino"))
    }

    @Test(arguments: [
        (CNPostalAddressStreetKey, "1 Infinite Loop\nBuilding 2"), (CNPostalAddressSubLocalityKey, "Downtown"),
        (CNPostalAddressCityKey, "Cupertino"), (CNPostalAddressSubAdministrativeAreaKey, "Santa Clara"),
        (CNPostalAddressStateKey, "CA"), (CNPostalAddressPostalCodeKey, "95014"),
        (CNPostalAddressCountryKey, "United States"), (CNPostalAddressISOCountryCodeKey, "us"),
    ])
    func postalAddressAnswersItsKeys(key: String, value: String) {
        #expect(ModelSamples.postalAddress().value(forKey: key) as? String == value)
    }

    // MARK: CNContactRelation, CNSocialProfile, CNInstantMessageAddress

    @Test func contactRelationHoldsAName() {
        let relation = CNContactRelation(name: "Jane")
        #expect(relation.name == "Jane")
        #expect(relation.value(forKey: "name") as? String == "Jane")
        #expect(
            LawChecks.equalityViolations(
                equal: [relation, CNContactRelation(name: "Jane")],
                different: [CNContactRelation(name: "jane")]
            ) == []
        )
        #expect(LawChecks.copyViolations(of: relation) == [])
    }

    @Test func socialProfileTurnsNilFieldsIntoEmptyStrings() {
        let profile = CNSocialProfile(urlString: nil, username: "john", userIdentifier: nil, service: nil)
        #expect(profile.urlString == "")
        #expect(profile.username == "john")
        #expect(profile.userIdentifier == "")
        #expect(profile.service == "")
    }

    @Test func socialProfileAnswersItsKeysAndObeysTheLaws() {
        let profile = ModelSamples.socialProfile()
        #expect(profile.value(forKey: CNSocialProfileURLStringKey) as? String == "https://twitter.com/john")
        #expect(profile.value(forKey: CNSocialProfileUsernameKey) as? String == "john")
        #expect(profile.value(forKey: CNSocialProfileUserIdentifierKey) as? String == "12345")
        #expect(profile.value(forKey: CNSocialProfileServiceKey) as? String == "Twitter")
        let different = [
            CNSocialProfile(urlString: nil, username: "john", userIdentifier: "12345", service: "Twitter"),
            CNSocialProfile(
                urlString: "https://twitter.com/john", username: "jo", userIdentifier: "12345", service: "Twitter"),
            CNSocialProfile(
                urlString: "https://twitter.com/john", username: "john", userIdentifier: "1", service: "Twitter"),
            CNSocialProfile(
                urlString: "https://twitter.com/john", username: "john", userIdentifier: "12345", service: "Yelp"),
        ]
        #expect(
            LawChecks.equalityViolations(equal: [profile, ModelSamples.socialProfile()], different: different) == [])
        #expect(LawChecks.copyViolations(of: profile) == [])
        #expect(!profile.description.contains("john"))
    }

    @Test func instantMessageAddressAnswersItsKeysAndObeysTheLaws() {
        let address = CNInstantMessageAddress(username: "john", service: CNInstantMessageServiceSkype)
        #expect(address.value(forKey: CNInstantMessageAddressUsernameKey) as? String == "john")
        #expect(address.value(forKey: CNInstantMessageAddressServiceKey) as? String == "Skype")
        #expect(
            LawChecks.equalityViolations(
                equal: [address, CNInstantMessageAddress(username: "john", service: "Skype")],
                different: [
                    CNInstantMessageAddress(username: "john", service: "ICQ"),
                    CNInstantMessageAddress(username: "jon", service: "Skype"),
                ]
            ) == []
        )
        #expect(LawChecks.copyViolations(of: address) == [])
        #expect(!address.description.contains("john"))
    }

    @Test func customServicesAreKeptAndLocalizedUnchanged() {
        #expect(CNSocialProfile.localizedString(forService: "Mastodon") == "Mastodon")
        #expect(CNInstantMessageAddress.localizedString(forService: "Matrix") == "Matrix")
    }

    // MARK: CNContactProperty

    @Test func contactPropertyOfALabeledValueCarriesIdentifierAndLabel() {
        let contact = ModelSamples.fullImmutableContact()
        let email = contact.emailAddresses[0]
        let property = CNContactProperty(
            contact: contact,
            key: CNContactEmailAddressesKey,
            value: email.value,
            identifier: email.identifier,
            label: email.label
        )
        #expect(property.contact === contact)
        #expect(property.key == "emailAddresses")
        #expect(property.value as? NSString == "john@example.com")
        #expect(property.identifier == email.identifier)
        #expect(property.label == CNLabelHome)
        #expect(!property.description.contains("john@"))
    }

    @Test func contactPropertyObeysTheLaws() {
        let contact = ModelSamples.fullImmutableContact()
        let property = CNContactProperty(
            contact: contact, key: CNContactGivenNameKey, value: "John", identifier: nil, label: nil)
        let same = CNContactProperty(
            contact: contact, key: CNContactGivenNameKey, value: "John", identifier: nil, label: nil)
        let otherKey = CNContactProperty(
            contact: contact, key: CNContactFamilyNameKey, value: "Appleseed", identifier: nil, label: nil)
        #expect(LawChecks.equalityViolations(equal: [property, same], different: [otherKey]) == [])
        #expect(LawChecks.copyViolations(of: property) == [])
    }
}
