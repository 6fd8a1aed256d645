import Testing

@testable import ContactsModel

@Suite struct PhoneNumberRegionTests {
    @Test(
        "International numbers belong to the main region of their calling code",
        arguments: [
            ("+1 408 555 0100", "FR", "US"),
            ("+1 268 460 1234", "GB", "US"),
            ("+44 20 7946 0000", "US", "GB"),
            ("+33 1 23 45 67 89", "US", "FR"),
            ("+7 495 123 45 67", "US", "RU"),
            ("+64 3 331 6005", "US", "NZ"),
            ("011 44 20 7946 0000", "US", "GB"),
            ("00 33 1 23 45 67 89", "GB", "FR"),
            ("tel:+44-20-7946-0000", "US", "GB"),
        ]
    )
    func internationalNumberBelongsToItsCallingCode(number: String, defaultRegion: String, region: String) {
        #expect(PhoneNumberRegion.region(ofNumber: number, defaultRegion: defaultRegion) == region)
    }

    @Test(
        "Other numbers belong to the default region",
        arguments: [
            ("03 331 6005", "NZ"),
            ("1 650 253 0000", "US"),
            ("011 44 20 7946 0000", "GB"),
            ("+800 1234 5678", "DE"),
            ("+999 1234 5678", "DE"),
            ("Dog", "DE"),
            ("", "JP"),
        ]
    )
    func otherNumberBelongsToTheDefaultRegion(number: String, defaultRegion: String) {
        #expect(PhoneNumberRegion.region(ofNumber: number, defaultRegion: defaultRegion) == defaultRegion)
    }

    @Test(
        "CNPhoneNumber's countryCode is the lower-case region of an international number",
        arguments: [("+1 408 555 0100", "us"), ("+44 20 7946 0000", "gb"), ("+33 1 23 45 67 89", "fr")]
    )
    func phoneNumberCountryCodeIsLowerCaseRegion(number: String, countryCode: String) {
        #expect(CNPhoneNumber(stringValue: number).value(forKey: "countryCode") as? String == countryCode)
    }

    @Test func phoneNumberCountryCodeOfALocalNumberIsThePersonsRegion() {
        let expected = CNContactsUserDefaults.shared().countryCode.lowercased()
        #expect(CNPhoneNumber(stringValue: "331 6005").value(forKey: "countryCode") as? String == expected)
    }
}
