import ContactsModel
import Foundation
import PropertyBased
import Testing

@testable import ContactsVCard

/// Write → read of random contacts gives back every modeled field, international text included.
@Suite struct VCardPropertyTests {
    /// Characters for free text: ASCII, vCard's special characters, line breaks, CJK, Arabic, Hangul,
    /// emoji sequences and combining marks. Carriage returns are left out: they are read back as "\n".
    static let pool: [Character] =
        Array("aZ09 -.,;:\\\"^'=/\n\t") + [
            "日", "本", "語", "中", "文", "ب", "ع", "ر", "ي", "한", "국", "👩‍👩‍👧", "🎉", "e\u{301}", "ñ", "Ω", "ß",
        ]

    static let text = Gen<Character?>.element(of: pool).map { $0 ?? "a" }.string(of: 0...12)
    /// Values the reader trims (phones, e-mail, URLs, user names): no leading or trailing spaces.
    static let trimmedText = text.map { $0.trimmingSpaces() }

    static let labels: [String] = [
        "", CNLabelHome, CNLabelWork, CNLabelOther, CNLabelSchool, CNLabelEmailiCloud, CNLabelPhoneNumberMobile,
        CNLabelPhoneNumberiPhone, CNLabelPhoneNumberMain, CNLabelPhoneNumberHomeFax, CNLabelPhoneNumberWorkFax,
        CNLabelPhoneNumberOtherFax, CNLabelPhoneNumberPager, CNLabelURLAddressHomePage, CNLabelDateAnniversary,
        CNLabelContactRelationSpouse, "Custom label", "ラベル", "a,b;c:d\\e", "HOME",
    ]
    static let label = Gen<String?>.element(of: labels).map { ($0 ?? "").isEmpty ? nil : $0 }

    static let date = zip(Gen.int(in: 1900...2100), Gen.bool, Gen.int(in: 1...12), Gen.int(in: 1...28))
        .map { year, hasYear, month, day in VCardDate(year: hasYear ? year : nil, month: month, day: day) }

    struct Names: Sendable {
        var parts: [String]
    }

    static let names = text.array(of: 14).map { Names(parts: $0) }

    static let phones = zip(label, trimmedText).array(of: 0...3)
    static let emails = zip(label, trimmedText).array(of: 0...3)
    static let addresses = zip(label, text.array(of: 8)).array(of: 0...2)
    static let dates = zip(label, date).array(of: 0...2)
    static let relations = zip(label, text).array(of: 0...2)
    static let services = Gen<String?>.element(of: allInstantMessageServices + ["Signal", "Matrix", ""]).map {
        $0 ?? ""
    }
    static let socialServices = Gen<String?>.element(of: allSocialProfileServices + ["Mastodon", ""]).map { $0 ?? "" }
    static let messaging = zip(label, services, trimmedText).array(of: 0...2)
    static let profiles = zip(label, socialServices, text.array(of: 3)).array(of: 0...2)
    static let extras = zip(
        Gen.bool, Gen.bool, Gen<UInt8>.value(in: 0...255).array(of: 0...40), text, Gen.int(in: 0...3), date
    )

    @Test func writtenContactsReadBackWithEveryField() async throws {
        await propertyCheck(
            count: 150, input: Self.names, zip(Self.phones, Self.emails, Self.addresses, Self.dates),
            zip(Self.relations, Self.messaging, Self.profiles), Self.extras
        ) { names, values, more, extras in
            let contact = Self.makeContact(names, values, more, extras)
            let data = try CNContactVCardSerialization.data(with: [contact])
            let read = try CNContactVCardSerialization.contacts(with: data)
            #expect(read.count == 1)
            if let copy = read.first {
                #expect(VCardTestSupport.differences(contact, copy) == [])
            }
            let version4 = try CNContactVCardSerialization.data(
                with: [contact], options: VCardWritingOptions(version: .v4_0))
            if let copy = try CNContactVCardSerialization.contacts(with: version4).first {
                #expect(VCardTestSupport.differences(contact, copy) == [])
            }
        }
    }

    @Test func streamingAndWholeReadsAgreeOnRandomContacts() async throws {
        await propertyCheck(count: 50, input: Self.names, Gen.int(in: 1...50)) { names, chunk in
            let contact = Self.makeContact(
                names, ([], [], [], []), ([], [], []), (false, false, [], "", 0, VCardDate(year: nil, month: 1, day: 1))
            )
            let data = try CNContactVCardSerialization.data(with: [contact, contact])
            let cards = try VCardChunkedReading.cards(data, size: chunk)
            for card in cards {
                #expect(VCardTestSupport.differences(contact, card.contact) == [])
            }
            #expect(cards.count == 2)
        }
    }

    typealias Values = (
        [(String?, String)], [(String?, String)], [(String?, [String])], [(String?, VCardDate)]
    )
    typealias More = ([(String?, String)], [(String?, String, String)], [(String?, String, [String])])
    typealias Extras = (Bool, Bool, [UInt8], String, Int, VCardDate)

    static func makeContact(_ names: Names, _ values: Values, _ more: More, _ extras: Extras) -> CNMutableContact {
        let contact = CNMutableContact()
        let parts = names.parts
        contact.givenName = parts[0]
        contact.familyName = parts[1]
        contact.middleName = parts[2]
        contact.namePrefix = parts[3]
        contact.nameSuffix = parts[4]
        contact.nickname = parts[5]
        contact.previousFamilyName = parts[6]
        contact.phoneticGivenName = parts[7]
        contact.phoneticFamilyName = parts[8]
        contact.organizationName = parts[9]
        contact.departmentName = parts[10]
        contact.jobTitle = parts[11]
        contact.phoneticOrganizationName = parts[12]
        contact.phoneticMiddleName = parts[13]
        contact.phoneNumbers = values.0.map { CNLabeledValue(label: $0.0, value: CNPhoneNumber(stringValue: $0.1)) }
        contact.emailAddresses = values.1.map { CNLabeledValue(label: $0.0, value: $0.1 as NSString) }
        contact.urlAddresses = values.1.map { CNLabeledValue(label: $0.0, value: ("https://" + $0.1) as NSString) }
        contact.postalAddresses = values.2.map { label, fields in
            let address = CNMutablePostalAddress()
            address.street = fields[0]
            address.city = fields[1]
            address.state = fields[2]
            address.postalCode = fields[3]
            address.country = fields[4]
            address.isoCountryCode = fields[5]
            address.subLocality = fields[6]
            address.subAdministrativeArea = fields[7]
            return CNLabeledValue(label: label, value: address)
        }
        contact.dates = values.3.map { CNLabeledValue(label: $0.0, value: $0.1.nsDateComponents) }
        contact.contactRelations = more.0.map { CNLabeledValue(label: $0.0, value: CNContactRelation(name: $0.1)) }
        contact.instantMessageAddresses = more.1.map { label, service, username in
            CNLabeledValue(label: label, value: CNInstantMessageAddress(username: username, service: service))
        }
        contact.socialProfiles = more.2.map { label, service, fields in
            let profile = CNSocialProfile(
                urlString: fields[0].trimmingSpaces(), username: fields[1], userIdentifier: fields[2], service: service
            )
            return CNLabeledValue(label: label, value: profile)
        }
        let (isOrganization, hasBirthday, image, note, calendar, birthday) = extras
        contact.contactType = isOrganization ? .organization : .person
        if hasBirthday { contact.birthday = birthday.dateComponents }
        if !image.isEmpty {
            contact.imageData = Data(image)
            // The store derives this flag; a reader sets it with the image.
            contact.storage.imageDataAvailable = true
        }
        contact.note = note
        let calendars: [Calendar.Identifier?] = [nil, .hebrew, .chinese, .islamicCivil]
        if let identifier = calendars[calendar] {
            var components = DateComponents(
                calendar: Calendar(identifier: identifier), year: birthday.year, month: birthday.month,
                day: birthday.day
            )
            if identifier == .chinese, birthday.month == 4 { components.isLeapMonth = true }
            contact.nonGregorianBirthday = components
        }
        return contact
    }
}
