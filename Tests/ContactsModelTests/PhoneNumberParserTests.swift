import Testing

@testable import ContactsModel

@Suite struct PhoneNumberParserTests {
    let parser = PhoneNumberParser()

    @Test(
        "The national prefix goes when the rest is still a whole number",
        arguments: [
            ("03 331 6005", "NZ", "33316005"),
            ("020 7946 0000", "GB", "2079460000"),
            ("01 23 45 67 89", "FR", "123456789"),
            ("8 495 123-45-67", "RU", "4951234567"),
            ("1 650 253 0000", "US", "6502530000"),
            ("(650) 253-0000", "US", "6502530000"),
            ("02 1234 5678", "IT", "0212345678"),
            ("0 11 15 2345 6789", "AR", "91123456789"),
            ("460 1234", "AG", "2684601234"),
            ("012", "NZ", "012"),
            ("331 6005", "NZ", "3316005"),
        ]
    )
    func nationalPrefixIsRemoved(text: String, region: String, nationalNumber: String) throws {
        let number = try #require(parser.parse(text, defaultRegion: region))
        #expect(number.nationalNumber == nationalNumber)
        #expect(number.countryCode == PhoneMetadata.shared.territory(forRegion: region)?.callingCode)
    }

    @Test func internationalNumbersLoseANationalPrefixWrittenAfterTheCode() throws {
        let number = try #require(parser.parse("+44 (0)20 7946 0000", defaultRegion: nil))
        #expect(number.nationalNumber == "2079460000")
        #expect(number.e164 == "+442079460000")
    }

    @Test(
        "The country calling code records where it came from",
        arguments: [
            ("+64 3 331 6005", nil, 64, ParsedPhoneNumber.CountryCodeSource.plusSign),
            ("＋64 3 331 6005", "US", 64, .plusSign),
            ("011 64 3 331 6005", "US", 64, .internationalPrefix),
            ("00 64 3 331 6005", "FR", 64, .internationalPrefix),
            ("0161 64 3 331 6005", "NZ", 64, .internationalPrefix),
            ("1 650 253 0000", "US", 1, .numberWithoutPlusSign),
            ("64 3 331 6005", "NZ", 64, .numberWithoutPlusSign),
            ("03 331 6005", "NZ", 64, .defaultRegion),
            ("03 331 6005", nil, nil, nil),
            ("011 64 3 331 6005", nil, nil, nil),
        ] as [(String, String?, Int?, ParsedPhoneNumber.CountryCodeSource?)]
    )
    func countryCodeSourceIsRecorded(
        text: String, region: String?, code: Int?, source: ParsedPhoneNumber.CountryCodeSource?
    ) throws {
        let number = try #require(parser.parse(text, defaultRegion: region))
        #expect(number.countryCode == code)
        #expect(number.countryCodeSource == source)
        #expect(number.isCountryCodeFromNumber == (source == .plusSign || source == .internationalPrefix))
    }

    @Test(
        "Extensions are split off after any of the usual labels",
        arguments: [
            "+64 3 331 6005 ext 1234", "+64 3 331 6005 ext. 1234", "+64 3 331 6005 ext.1234",
            "+64 3 331 6005 extn 1234", "+64 3 331 6005 extension 1234", "+64 3 331 6005 Ext: 1234",
            "+64 3 331 6005 EXT 1234", "+64 3 331 6005x1234", "+64 3 331 6005 x 1234", "+64 3 331 6005#1234",
            "+64 3 331 6005 #1234#", "+64 3 331 6005;1234", "+64 3 331 6005;ext=1234", "+64 3 331 6005,,1234",
            "+64 3 331 6005 доб. 1234", "+64 3 331 6005 ДОБ 1234", "+64 3 331 6005 anexo 1234",
            "+64 3 331 6005 extensión 1234",
        ]
    )
    func extensionIsSplitOff(text: String) throws {
        let number = try #require(parser.parse(text, defaultRegion: nil))
        #expect(number.nationalNumber == "33316005")
        #expect(number.extension == "1234")
    }

    @Test(
        "Trailing digits without a label belong to the number",
        arguments: ["+64 3 331 6005", "+64 3 331-6005", "+64 3 331 6005 #", "+64 (3) 331.6005"]
    )
    func numberWithoutLabelHasNoExtension(text: String) throws {
        let number = try #require(parser.parse(text, defaultRegion: nil))
        #expect(number.nationalNumber == "33316005")
        #expect(number.extension == nil)
    }

    @Test(
        "tel: URIs follow RFC 3966",
        arguments: [
            ("tel:+64-3-331-6005", nil, 64, "33316005", nil),
            ("TEL:+64-3-331-6005", nil, 64, "33316005", nil),
            ("tel:+64-3-331-6005;ext=12", nil, 64, "33316005", "12"),
            ("tel:+64-3-331-6005;isub=123", nil, 64, "33316005", nil),
            ("tel:+64-3-331-6005;isub=123;ext=12", nil, 64, "33316005", "12"),
            ("tel:331-6005;phone-context=+64-3", nil, 64, "33316005", nil),
            ("tel:03-331-6005;phone-context=abc.nz", nil, nil, "033316005", nil),
            ("tel:03-331-6005;phone-context=abc.nz", "NZ", 64, "33316005", nil),
            ("tel:+1-800-FLOWERS", nil, 1, "8003569377", nil),
        ] as [(String, String?, Int?, String, String?)]
    )
    func telURIIsRead(text: String, region: String?, code: Int?, nationalNumber: String, extension: String?) throws {
        let number = try #require(parser.parse(text, defaultRegion: region))
        #expect(number.countryCode == code)
        #expect(number.nationalNumber == nationalNumber)
        #expect(number.extension == `extension`)
    }

    @Test(
        "Vanity letters map to keypad digits and other scripts' digits to ASCII",
        arguments: [
            ("+1 800 FLOWERS", 1, "8003569377"),
            ("+1800 siX-Flags", 1, "80074935247"),
            ("+1 800 six 1234", 1, "8007491234"),
            ("+٦٤ ٣ ٣٣١ ٦٠٠٥", 64, "33316005"),
            ("＋６４ ３ ３３１ ６００５", 64, "33316005"),
            ("Tel: +64 3 331 6005.", 64, "33316005"),
        ]
    )
    func charactersAreNormalized(text: String, code: Int, nationalNumber: String) throws {
        let number = try #require(parser.parse(text, defaultRegion: nil))
        #expect(number.countryCode == code)
        #expect(number.nationalNumber == nationalNumber)
    }

    @Test(
        "Text that is not a phone number is rejected",
        arguments: [
            "", "   ", "4", "12", "+43", "+43 1", "Dog", "ext 1234", "#1234", "1a23456", "+64 3 331 6005 @ home",
            "+999 123 456", "+0 64 3 331 6005", "12 + 34 567", "123456789012345678", "+64 3 ✆ 331 6005",
        ]
    )
    func nonNumberIsRejected(text: String) {
        #expect(parser.parse(text, defaultRegion: nil) == nil)
        #expect(parser.parse(text, defaultRegion: "NZ") == nil)
    }

    @Test func overlongInputIsRejected() {
        #expect(parser.parse(String(repeating: "1 ", count: 600), defaultRegion: nil) == nil)
    }

    @Test func unknownDefaultRegionReadsWithoutACode() throws {
        let number = try #require(parser.parse("03 331 6005", defaultRegion: "ZZ"))
        #expect(number.countryCode == nil)
        #expect(number.nationalNumber == "033316005")
    }

    @Test(
        "Leading zeros of Italian numbers are kept and counted",
        arguments: [("+39 02 1234 5678", true, 1), ("+39 3 1234 5678", false, 0), ("00 123", true, 2)]
    )
    func italianLeadingZeroIsReported(text: String, hasLeadingZero: Bool, zeros: Int) throws {
        let number = try #require(parser.parse(text, defaultRegion: nil))
        #expect(number.hasItalianLeadingZero == hasLeadingZero)
        #expect(number.numberOfLeadingZeros == zeros)
    }
}
