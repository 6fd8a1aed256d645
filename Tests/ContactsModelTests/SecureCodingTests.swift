import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsModel

/// NSSecureCoding round trips through NSKeyedArchiver for every class of the model.
@Suite struct SecureCodingTests {
    @Test func fullContactRoundTrips() throws {
        let contact = ModelSamples.fullImmutableContact()
        #expect(LawChecks.secureCodingViolations(of: contact) == [])
    }

    @Test func mutableContactRoundTripsAsMutable() throws {
        let contact = ModelSamples.fullContact()
        #expect(LawChecks.secureCodingViolations(of: contact) == [])
        let decoded = try SecureCodingRoundTrip.roundTrip(contact)
        decoded.givenName = "Changed"
        #expect(decoded.givenName == "Changed")
    }

    @Test(arguments: [
        [CNContactGivenNameKey], [CNContactPhoneNumbersKey, CNContactDatesKey], [CNContactBirthdayKey],
        [CNContactImageDataAvailableKey, CNContactThumbnailImageDataKey], [],
    ])
    func partialContactRoundTripsWithItsKeys(keys: [String]) throws {
        let contact = ModelSamples.partialContact(keys: keys)
        #expect(LawChecks.secureCodingViolations(of: contact) == [])
        let decoded = try SecureCodingRoundTrip.roundTrip(contact)
        #expect(decoded.storage.fetchedKeys == contact.storage.fetchedKeys)
    }

    @Test func roundTripKeepsLabeledValueIdentifiersAndLabels() throws {
        let contact = ModelSamples.fullImmutableContact()
        let decoded = try SecureCodingRoundTrip.roundTrip(contact)
        #expect(decoded.phoneNumbers.map(\.identifier) == contact.phoneNumbers.map(\.identifier))
        #expect(decoded.phoneNumbers.map(\.label) == [CNLabelPhoneNumberiPhone, nil])
        #expect(decoded.postalAddresses.first?.value.street == "1 Infinite Loop\nBuilding 2")
        #expect(decoded.socialProfiles.first?.label == nil)
    }

    @Test func roundTripKeepsDatesAndCalendars() throws {
        let contact = ModelSamples.fullImmutableContact()
        let decoded = try SecureCodingRoundTrip.roundTrip(contact)
        #expect(decoded.birthday == contact.birthday)
        #expect(decoded.birthday?.calendar?.identifier == .gregorian)
        #expect(decoded.nonGregorianBirthday?.calendar?.identifier == .hebrew)
        #expect(decoded.nonGregorianBirthday?.year == 5748)
        let anniversary = try #require(decoded.dates.first?.value)
        #expect(anniversary.month == 6)
        #expect(anniversary.day == 21)
        #expect(anniversary.year == NSDateComponentUndefined)
    }

    @Test(arguments: [
        Calendar.Identifier.chinese, .hebrew, .islamic, .islamicCivil, .islamicUmmAlQura, .persian, .indian,
        .coptic, .ethiopicAmeteMihret, .japanese, .buddhist,
    ])
    func nonGregorianBirthdayCalendarRoundTrips(calendar: Calendar.Identifier) throws {
        let contact = CNMutableContact()
        var birthday = DateComponents(calendar: Calendar(identifier: calendar), month: 3, day: 9)
        birthday.isLeapMonth = calendar == .chinese
        contact.nonGregorianBirthday = birthday
        let decoded = try SecureCodingRoundTrip.roundTrip(contact)
        #expect(decoded.nonGregorianBirthday?.calendar?.identifier == calendar)
        #expect(decoded.nonGregorianBirthday?.isLeapMonth == birthday.isLeapMonth)
        #expect(decoded.isEqual(contact))
    }

    @Test func datesBuiltWithACustomizedCalendarRoundTripEqual() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "Asia/Tokyo"))
        calendar.locale = Locale(identifier: "ja_JP")
        calendar.firstWeekday = 2
        let contact = CNMutableContact()
        contact.birthday = DateComponents(calendar: calendar, year: 1988, month: 4, day: 1)
        let anniversary = NSDateComponents()
        anniversary.calendar = calendar
        anniversary.month = 6
        anniversary.day = 21
        contact.dates = [CNLabeledValue(label: CNLabelDateAnniversary, value: anniversary)]
        #expect(LawChecks.secureCodingViolations(of: contact) == [])
    }

    @Test func unifiedContactRoundTripsWithLinkedIdentifiers() throws {
        var storage = ModelSamples.fullContact().storage
        storage.linkedIdentifiers = [storage.identifier, "B:ABPerson"]
        let decoded = try SecureCodingRoundTrip.roundTrip(CNContact(storage: storage))
        #expect(decoded.isUnifiedWithContact(withIdentifier: "B:ABPerson"))
    }

    @Test func postalAddressesRoundTrip() throws {
        let address = ModelSamples.postalAddress()
        #expect(LawChecks.secureCodingViolations(of: address) == [])
        let frozen = try #require(address.copy() as? CNPostalAddress)
        #expect(LawChecks.secureCodingViolations(of: frozen) == [])
    }

    @Test func valueObjectsRoundTrip() {
        #expect(LawChecks.secureCodingViolations(of: CNPhoneNumber(stringValue: "+1 (408) 555-0126")) == [])
        #expect(LawChecks.secureCodingViolations(of: CNContactRelation(name: "Jane")) == [])
        #expect(LawChecks.secureCodingViolations(of: ModelSamples.socialProfile()) == [])
        #expect(LawChecks.secureCodingViolations(of: CNInstantMessageAddress(username: "j", service: "QQ")) == [])
    }

    @Test func groupsAndContainersRoundTrip() {
        let group = CNMutableGroup()
        group.name = "Family"
        #expect(LawChecks.secureCodingViolations(of: group) == [])
        #expect(LawChecks.secureCodingViolations(of: CNGroup(fields: group.fields)) == [])
        #expect(LawChecks.secureCodingViolations(of: CNContainer(identifier: "C", name: "Local", type: .cardDAV)) == [])
    }

    /// The kinds of values a contact property holds.
    enum PropertySample: CaseIterable, Sendable {
        case string, email, phoneNumber, postalAddress, date, imageData, unsetBirthday

        func make() -> CNContactProperty {
            let contact = ModelSamples.fullImmutableContact()
            func labeled<Value>(_ values: [CNLabeledValue<Value>], _ key: String) -> CNContactProperty {
                CNContactProperty(
                    contact: contact, key: key, value: values[0].value, identifier: values[0].identifier,
                    label: values[0].label)
            }
            switch self {
            case .string:
                return CNContactProperty(
                    contact: contact, key: CNContactGivenNameKey, value: "John", identifier: nil, label: nil)
            case .email: return labeled(contact.emailAddresses, CNContactEmailAddressesKey)
            case .phoneNumber: return labeled(contact.phoneNumbers, CNContactPhoneNumbersKey)
            case .postalAddress: return labeled(contact.postalAddresses, CNContactPostalAddressesKey)
            case .date: return labeled(contact.dates, CNContactDatesKey)
            case .imageData:
                return CNContactProperty(
                    contact: contact, key: CNContactImageDataKey, value: contact.imageData, identifier: nil, label: nil)
            case .unsetBirthday:
                return CNContactProperty(
                    contact: CNContact(), key: CNContactBirthdayKey, value: nil, identifier: nil, label: nil)
            }
        }
    }

    @Test(arguments: PropertySample.allCases)
    func contactPropertyRoundTrips(sample: PropertySample) {
        #expect(LawChecks.secureCodingViolations(of: sample.make()) == [])
    }

    @Test func keyDescriptorsRoundTrip() throws {
        let names = AggregateKeyDescriptor(name: "names", keys: [CNContactGivenNameKey, CNContactFamilyNameKey])
        let nested = AggregateKeyDescriptor(name: "nested", descriptors: [names, CNContactNoteKey as NSString])
        #expect(LawChecks.secureCodingViolations(of: nested) == [])
        let decoded = try SecureCodingRoundTrip.roundTrip(nested)
        #expect(decoded.name == "nested")
        #expect(decoded.keys == [CNContactGivenNameKey, CNContactFamilyNameKey, CNContactNoteKey])
    }

    @Test func contactFetchRequestRoundTripsKeysAndOptions() throws {
        let names = AggregateKeyDescriptor(name: "names", keys: [CNContactGivenNameKey, CNContactFamilyNameKey])
        let request = CNContactFetchRequest(keysToFetch: [names, CNContactNoteKey as CNKeyDescriptor])
        request.mutableObjects = true
        request.unifyResults = false
        request.sortOrder = .familyName
        let decoded = try SecureCodingRoundTrip.roundTrip(request)
        #expect(
            KeyDescriptorExpansion.keys(of: decoded.keysToFetch) == [
                CNContactGivenNameKey, CNContactFamilyNameKey, CNContactNoteKey,
            ])
        #expect(decoded.mutableObjects)
        #expect(!decoded.unifyResults)
        #expect(decoded.sortOrder == .familyName)
        #expect(decoded.predicate == nil)
    }

    @Test func contactFetchRequestDefaultsRoundTrip() throws {
        let decoded = try SecureCodingRoundTrip.roundTrip(CNContactFetchRequest(keysToFetch: []))
        #expect(!decoded.mutableObjects)
        #expect(decoded.unifyResults)
        #expect(decoded.sortOrder == .none)
    }

    @Test func changeHistoryFetchRequestRoundTrips() throws {
        let request = CNChangeHistoryFetchRequest()
        request.startingToken = Data([1, 2, 3])
        request.additionalContactKeyDescriptors = [CNContactGivenNameKey as CNKeyDescriptor]
        request.shouldUnifyResults = false
        request.mutableObjects = true
        request.includeGroupChanges = true
        request.excludedTransactionAuthors = ["com.example.app"]
        let decoded = try SecureCodingRoundTrip.roundTrip(request)
        #expect(decoded.startingToken == Data([1, 2, 3]))
        #expect(
            decoded.additionalContactKeyDescriptors.map(KeyDescriptorExpansion.keys(of:)) == [CNContactGivenNameKey])
        #expect(!decoded.shouldUnifyResults)
        #expect(decoded.mutableObjects)
        #expect(decoded.includeGroupChanges)
        #expect(decoded.excludedTransactionAuthors == ["com.example.app"])
    }

    @Test func changeHistoryFetchRequestDefaultsRoundTrip() throws {
        let decoded = try SecureCodingRoundTrip.roundTrip(CNChangeHistoryFetchRequest())
        #expect(decoded.startingToken == nil)
        #expect(decoded.additionalContactKeyDescriptors == nil)
        #expect(decoded.shouldUnifyResults)
        #expect(!decoded.mutableObjects)
        #expect(!decoded.includeGroupChanges)
        #expect(decoded.excludedTransactionAuthors == nil)
    }
}
