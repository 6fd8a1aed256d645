import ContactsModel
import Foundation
import Testing

@testable import ContactsVCard

@Suite struct VCardReaderTests {
    private func contact(_ lines: String...) throws -> CNContact {
        try VCardTestSupport.contact(
            (["BEGIN:VCARD", "VERSION:3.0"] + lines + ["END:VCARD", ""]).joined(separator: "\r\n"))
    }

    @Test func readsNameParts() throws {
        let contact = try contact("N:Doe;John;Richter\\, James;Mr.;Sr.", "FN:Mr. John Richter James Doe Sr.")
        #expect(contact.familyName == "Doe")
        #expect(contact.givenName == "John")
        #expect(contact.middleName == "Richter, James")
        #expect(contact.namePrefix == "Mr.")
        #expect(contact.nameSuffix == "Sr.")
    }

    @Test func formattedNameAloneBecomesTheGivenName() throws {
        let contact = try contact("FN:Wile E. Coyote")
        #expect(contact.givenName == "Wile E. Coyote")
        #expect(contact.familyName == "")
    }

    @Test func formattedNameRepeatingTheOrganizationIsNotAName() throws {
        let contact = try contact("FN:ACME Inc.", "ORG:ACME Inc.;", "X-ABShowAs:COMPANY")
        #expect(contact.givenName == "")
        #expect(contact.organizationName == "ACME Inc.")
        #expect(contact.departmentName == "")
        #expect(contact.contactType == .organization)
    }

    @Test func kindOrgMakesAnOrganization() throws {
        let cards = try VCardTestSupport.cards("khard/org.vcf")
        #expect(cards.first?.kind == .organization)
        #expect(cards.first?.contact.contactType == .organization)
    }

    @Test(arguments: [
        ("N:;A\\;B\\\\;C\\,D;;", "A;B\\", "C,D"),
        ("N:;line\\none;x\\Ny;;", "line\none", "x\ny"),
        ("N:;a\\:b;unknown\\qescape;;", "a:b", "unknown\\qescape"),
    ])
    func resolvesEscapes(_ line: String, _ given: String, _ middle: String) throws {
        let contact = try contact(line)
        #expect(contact.givenName == given)
        #expect(contact.middleName == middle)
    }

    @Test func unfoldsWithSpaceOrTabAndLineFeedOnly() throws {
        let text = "BEGIN:VCARD\nVERSION:3.0\nNOTE:one \n two\n\t three\nEND:VCARD\n"
        let contact = try VCardTestSupport.contact(text)
        #expect(contact.note == "one two three")
    }

    @Test func decodesQuotedPrintableWithSoftLineBreaks() throws {
        let text = [
            "BEGIN:VCARD", "VERSION:2.1",
            "NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:caf=C3=A9 =",
            " and more=0D=0Aline two", "END:VCARD",
        ].joined(separator: "\r\n")
        let contact = try VCardTestSupport.contact(text)
        #expect(contact.note == "café  and more\nline two")
    }

    @Test func readsShiftJISNamesAndIrMCPhoneticNames() throws {
        let contact = try #require(try VCardTestSupport.cards("aosp/v21_japanese_1.vcf").first?.contact)
        #expect(contact.familyName == "安藤ロイド")
        #expect(contact.phoneticFamilyName == "ｱﾝﾄﾞｳﾛｲﾄﾞ")
        #expect(contact.phoneNumbers.first?.value.stringValue == "0300000000")
    }

    @Test(arguments: [
        ("ISO-8859-1", [UInt8]([0x63, 0x61, 0x66, 0xE9]), "café"),
        ("windows-1252", [0x80, 0x31], "€1"),
        ("UTF-8", [0x63, 0x61, 0x66, 0xC3, 0xA9], "café"),
    ])
    func convertsDeclaredCharsets(_ charset: String, _ bytes: [UInt8], _ expected: String) throws {
        var data = Data("BEGIN:VCARD\r\nVERSION:2.1\r\nNOTE;CHARSET=\(charset):".utf8)
        data.append(contentsOf: bytes)
        data.append(contentsOf: Data("\r\nEND:VCARD\r\n".utf8))
        let contact = try #require(try VCardReader.read(data).first?.contact)
        #expect(contact.note == expected)
    }

    @Test(arguments: [
        ("SHIFT_JIS", String.Encoding.shiftJIS, "安藤ロイド"), ("ISO-2022-JP", .iso2022JP, "日本語"),
        ("ISO-8859-2", .isoLatin2, "Łódź"), ("windows-1250", .windowsCP1250, "Łódź"),
        ("windows-1251", .windowsCP1251, "Москва"), ("windows-1253", .windowsCP1253, "Αθήνα"),
        ("windows-1254", .windowsCP1254, "İstanbul"), ("UTF-16", .utf16, "Zoë"),
    ])
    func convertsEveryListedCharsetWithFoundation(_ charset: String, _ encoding: String.Encoding, _ text: String) throws
    {
        let encoded = try #require(text.data(using: encoding))
        var data = Data("BEGIN:VCARD\r\nVERSION:2.1\r\nNOTE;CHARSET=\(charset):".utf8)
        data.append(encoded)
        data.append(contentsOf: Data("\r\nEND:VCARD\r\n".utf8))
        let contact = try #require(try VCardReader.read(data).first?.contact)
        #expect(contact.note == text)
    }

    @Test func readsInvalidUTF8WithoutCharsetAsWindows1252() throws {
        var data = Data("BEGIN:VCARD\r\nVERSION:3.0\r\nNOTE:M".utf8)
        data.append(contentsOf: [0xFC, 0x6C, 0x6C, 0x65, 0x72])
        data.append(contentsOf: Data("\r\nEND:VCARD\r\n".utf8))
        let contact = try #require(try VCardReader.read(data).first?.contact)
        #expect(contact.note == "Müller")
    }

    @Test(arguments: [
        "PHOTO;ENCODING=b;TYPE=PNG:iVBORw0KGgo=",
        "PHOTO;ENCODING=BASE64;TYPE=PNG:iVBORw0KGgo=",
        "PHOTO;BASE64:iVBORw0KGgo=",
        "PHOTO:data:image/png;base64,iVBORw0KGgo=",
        "PHOTO:data:image/png;base64\\,iVBORw0KGgo",
    ])
    func decodesPhotosInEverySpelling(_ line: String) throws {
        let contact = try contact(line)
        #expect(contact.imageData == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(contact.imageDataAvailable)
    }

    @Test func photoLinksAndBrokenPhotosAreKeptAsUnknownProperties() throws {
        let cards = try VCardTestSupport.cards("aosp/v21_malformed_photo.vcf")
        let card = try #require(cards.first)
        #expect(card.contact.imageData == nil)
        #expect(card.unknownProperties.map(\.name) == ["PHOTO"])
    }

    @Test func readsBase64ContinuationLinesWithoutIndentation() throws {
        let cards = try VCardTestSupport.cards("ezvcard/John_Doe_LOTUS_NOTES.vcf")
        let image = try #require(cards.first?.contact.imageData)
        #expect(image.starts(with: [0xFF, 0xD8]))
        #expect(cards.first?.uid == "0e7602cc-443e-4b82-b4b1-90f62f99a199")
    }

    @Test func readsVersion21BareTypeParameters() throws {
        let contact = try contact("TEL;HOME;VOICE:1", "TEL;WORK;FAX:2", "TEL;CELL:3", "TEL;PAGER:4")
        #expect(
            contact.phoneNumbers.map(\.label) == [
                CNLabelHome, CNLabelPhoneNumberWorkFax, CNLabelPhoneNumberMobile, CNLabelPhoneNumberPager,
            ])
    }

    @Test(arguments: [
        ("TYPE=HOME", CNLabelHome), ("TYPE=WORK", CNLabelWork), ("TYPE=CELL", CNLabelPhoneNumberMobile),
        ("TYPE=IPHONE", CNLabelPhoneNumberiPhone), ("TYPE=MAIN", CNLabelPhoneNumberMain),
        ("TYPE=HOME,FAX", CNLabelPhoneNumberHomeFax), ("type=WORK;type=FAX", CNLabelPhoneNumberWorkFax),
        ("TYPE=FAX", CNLabelPhoneNumberOtherFax), ("TYPE=PAGER", CNLabelPhoneNumberPager),
        ("TYPE=OTHER", CNLabelOther), ("TYPE=\"voice,cell,text\"", CNLabelPhoneNumberMobile),
    ])
    func mapsPhoneTypesToLabels(_ parameters: String, _ label: String) throws {
        let contact = try contact("TEL;\(parameters):555")
        #expect(contact.phoneNumbers.first?.label == label)
    }

    @Test func unlabeledPhoneHasNoLabel() throws {
        let contact = try contact("TEL;TYPE=VOICE:555", "TEL:556")
        #expect(contact.phoneNumbers.map(\.label) == [nil, nil])
    }

    @Test func groupedLabelOverridesTypes() throws {
        let contact = try contact(
            "item1.TEL;type=HOME:555", "item1.X-ABLabel:_$!<Mobile>!$_",
            "item2.X-ABLabel:GRAND_CENTRAL", "item2.TEL:556", "item3.EMAIL;TYPE=INTERNET:a@b.c",
            "item3.X-ABLabel:CustomEmail"
        )
        #expect(contact.phoneNumbers.map(\.label) == [CNLabelPhoneNumberMobile, "GRAND_CENTRAL"])
        #expect(contact.emailAddresses.first?.label == "CustomEmail")
    }

    @Test func readsAppleAddressWithCountryCode() throws {
        let contact = try contact(
            "item1.ADR;type=HOME;type=pref:;;1 Infinite Loop\\nBuilding 2;Cupertino;CA;95014;USA", "item1.X-ABADR:us"
        )
        let address = try #require(contact.postalAddresses.first)
        #expect(address.label == CNLabelHome)
        #expect(address.value.street == "1 Infinite Loop\nBuilding 2")
        #expect(address.value.city == "Cupertino")
        #expect(address.value.state == "CA")
        #expect(address.value.postalCode == "95014")
        #expect(address.value.country == "USA")
        #expect(address.value.isoCountryCode == "us")
    }

    @Test func postOfficeBoxAndExtendedAddressLeadTheStreet() throws {
        let contact = try contact("ADR;TYPE=home:PostBox;Ext;Main Street 1;The City;SomeState;00000;HomeCountry")
        #expect(contact.postalAddresses.first?.value.street == "PostBox\nExt\nMain Street 1")
    }

    @Test func version21BackslashLineEndsContinueTheValue() throws {
        let contact = try #require(try VCardTestSupport.cards("aosp/v21_adr_multiple_line.vcf").first?.contact)
        #expect(contact.postalAddresses.count == 2)
        #expect(contact.postalAddresses.last?.value.street == "Hermann v. Brevern\n9999999\nPackstation 999")
        #expect(contact.postalAddresses.last?.value.city == "Hamburg")
    }

    @Test(
        arguments: [
            ("BDAY:1980-03-22", 1980, 3, 22), ("BDAY:19800322", 1980, 3, 22),
            ("BDAY;value=date:1980-05-21", 1980, 5, 21),
            ("BDAY;X-APPLE-OMIT-YEAR=1604:1604-08-20", nil, 8, 20), ("BDAY:--0203", nil, 2, 3),
            ("BDAY:--02-03", nil, 2, 3), ("BDAY:19531015T231000Z", 1953, 10, 15),
        ] as [(String, Int?, Int, Int)])
    func readsBirthdays(_ line: String, _ year: Int?, _ month: Int, _ day: Int) throws {
        let contact = try contact(line)
        #expect(contact.birthday == DateComponents(year: year, month: month, day: day))
    }

    @Test func textBirthdayIsKeptAsUnknownProperty() throws {
        let card = try #require(try VCardTestSupport.cards("khard/text-bday.vcf").first)
        #expect(card.contact.birthday == nil)
        #expect(card.unknownProperties.first { $0.name == "BDAY" }?.value == "circa 1800")
    }

    @Test func readsAppleDatesAndRelatedNames() throws {
        let contact = try #require(try VCardTestSupport.cards("ezvcard/gmail-single2.vcf").first?.contact)
        #expect(contact.dates.map(\.label) == [CNLabelDateAnniversary, nil, "CustomDateCategory"])
        #expect(contact.dates.first?.value.year == 1930)
        #expect(contact.contactRelations.count == 16)
        #expect(contact.contactRelations[1].label == CNLabelContactRelationSpouse)
        #expect(contact.contactRelations[1].value.name == "Name2")
        #expect(
            contact.instantMessageAddresses.map(\.value.service) == [
                CNInstantMessageServiceGoogleTalk, CNInstantMessageServiceAIM, CNInstantMessageServiceYahoo,
                CNInstantMessageServiceSkype, CNInstantMessageServiceQQ, CNInstantMessageServiceMSN,
                CNInstantMessageServiceICQ, CNInstantMessageServiceJabber,
            ])
        #expect(contact.urlAddresses.map(\.label).contains(CNLabelURLAddressHomePage))
    }

    @Test func readsAnniversaryAndRelated() throws {
        let text =
            "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:x\r\nANNIVERSARY:19960415\r\nRELATED;TYPE=child;VALUE=text:Kid\r\nEND:VCARD\r\n"
        let contact = try VCardTestSupport.contact(text)
        #expect(contact.dates.first?.label == CNLabelDateAnniversary)
        #expect(contact.dates.first?.value.month == 4)
        #expect(contact.contactRelations.first?.label == CNLabelContactRelationChild)
        #expect(contact.contactRelations.first?.value.name == "Kid")
    }

    @Test func readsImppWithServiceTypeOrScheme() throws {
        let contact = try contact(
            "IMPP;X-SERVICE-TYPE=Skype;type=HOME;type=pref:skype:jdoe", "IMPP:xmpp:detective@example.com",
            "IMPP;X-SERVICE-TYPE=CustomTYPE:customtype:custom", "X-AIM;type=WORK:aimname"
        )
        let addresses = contact.instantMessageAddresses
        #expect(
            addresses.map(\.value.service) == [
                CNInstantMessageServiceSkype, CNInstantMessageServiceJabber, "CustomTYPE", CNInstantMessageServiceAIM,
            ])
        #expect(addresses.map(\.value.username) == ["jdoe", "detective@example.com", "custom", "aimname"])
        #expect(addresses.map(\.label) == [CNLabelHome, nil, nil, CNLabelWork])
    }

    @Test func readsSocialProfiles() throws {
        let contact = try contact(
            "X-SOCIALPROFILE;type=twitter;x-user=jdoe:https://twitter.com/jdoe",
            "X-SOCIALPROFILE;type=Mastodon;x-user=me;x-userid=42:https://example.social/@me"
        )
        let profiles = contact.socialProfiles.map(\.value)
        #expect(profiles.map(\.service) == [CNSocialProfileServiceTwitter, "Mastodon"])
        #expect(profiles.map(\.username) == ["jdoe", "me"])
        #expect(profiles.map(\.userIdentifier) == ["", "42"])
        #expect(profiles.map(\.urlString) == ["https://twitter.com/jdoe", "https://example.social/@me"])
    }

    @Test func readsPhoneticNamesMaidenNameNicknameTitleAndDepartment() throws {
        let contact = try contact(
            "X-PHONETIC-FIRST-NAME:Jon", "X-PHONETIC-MIDDLE-NAME:Ree", "X-PHONETIC-LAST-NAME:Dow",
            "X-PHONETIC-ORG:Ai Bi Em", "X-MAIDENNAME:Smith", "NICKNAME:Johny\\,JayJay", "TITLE:Boss",
            "ORG:IBM;Accounting;Dungeon"
        )
        #expect(contact.phoneticGivenName == "Jon")
        #expect(contact.phoneticMiddleName == "Ree")
        #expect(contact.phoneticFamilyName == "Dow")
        #expect(contact.phoneticOrganizationName == "Ai Bi Em")
        #expect(contact.previousFamilyName == "Smith")
        #expect(contact.nickname == "Johny,JayJay")
        #expect(contact.jobTitle == "Boss")
        #expect(contact.organizationName == "IBM")
        #expect(contact.departmentName == "Accounting;Dungeon")
    }

    @Test func severalNotesAreJoinedByLineBreaks() throws {
        let contact = try contact("NOTE:one", "NOTE:two")
        #expect(contact.note == "one\ntwo")
    }

    @Test func contactsAreNewUnsavedAndHoldEveryKey() throws {
        let contacts = try CNContactVCardSerialization.contacts(
            with: Data("BEGIN:VCARD\r\nFN:A\r\nEND:VCARD\r\nBEGIN:VCARD\r\nFN:A\r\nEND:VCARD\r\n".utf8))
        #expect(contacts.count == 2)
        #expect(contacts[0].identifier != contacts[1].identifier)
        #expect(contacts[0].identifier.hasSuffix(":ABPerson"))
        #expect(contacts.allSatisfy { $0 is CNMutableContact })
        #expect(ContactProperty.allCases.allSatisfy { contacts[0].isKeyAvailable($0.key) })
    }

    @Test func emptyDataGivesNoContacts() throws {
        #expect(try CNContactVCardSerialization.contacts(with: Data()).isEmpty)
        #expect(try CNContactVCardSerialization.contacts(with: Data("\r\n\r\n".utf8)).isEmpty)
    }

    @Test func commentLinesAreSkipped() throws {
        let contact = try #require(try VCardTestSupport.cards("aosp/v21_invalid_comment_line.vcf").first?.contact)
        #expect(contact.note == "This is an (sharp ->#<- sharp) example. This message must NOT be ignored.")
    }

    @Test func nestedCardsFollowTheCardHoldingThem() throws {
        let cards = try VCardTestSupport.cards("aosp/v21_nest.vcf")
        #expect(cards.map(\.contact.familyName) == ["parent", "nest1", "nest2"])
        #expect(cards.first?.contact.phoneNumbers.count == 1)
    }

    @Test func lowercaseBeginAndEndAreAccepted() throws {
        let cards = try VCardTestSupport.cards("kcontacts/vcard3.vcf")
        #expect(cards.first?.contact.familyName == "geiser")
        #expect(cards.first?.contact.emailAddresses.first?.value == "geiseri@yahoo.com")
    }

    @Test func escapedBackslashAtLineEndDoesNotSwallowTheNextFoldedProperty() throws {
        let contact = CNMutableContact()
        let long = String(repeating: "x", count: 80)
        contact.socialProfiles = [
            CNLabeledValue(
                label: nil, value: CNSocialProfile(urlString: "\\", username: nil, userIdentifier: nil, service: nil)),
            CNLabeledValue(
                label: nil, value: CNSocialProfile(urlString: "", username: long, userIdentifier: nil, service: nil)),
        ]
        let copy = try #require(
            try CNContactVCardSerialization.contacts(with: CNContactVCardSerialization.data(with: [contact])).first)
        #expect(copy.socialProfiles.map(\.value) == contact.socialProfiles.map(\.value))
    }

    @Test func instantMessageUserNamesKeepLeadingSlashes() throws {
        let contact = try contact("IMPP;X-SERVICE-TYPE=Jabber:xmpp://user")
        #expect(contact.instantMessageAddresses.first?.value.username == "//user")
    }

    @Test func version4TelephoneURIsBecomePlainNumbers() throws {
        let card = try #require(try VCardTestSupport.cards("kcontacts/testfullvcard.vcf").first)
        #expect(
            card.contact.phoneNumbers.map(\.value.stringValue) == [
                "+44-555-555-5555;ext=5555", "+44-555-555-6666", "+44-555-555-7777",
            ])
        #expect(card.contact.phoneNumbers.map(\.label) == [CNLabelHome, CNLabelPhoneNumberMobile, CNLabelWork])
    }

    @Test(arguments: [
        ([UInt8]([0x61, 0x62]), true), ([0xC3, 0xA9], true), ([0xE6, 0x97, 0xA5], true),
        ([0xF0, 0x9F, 0x8E, 0x89], true),
        ([0xC0, 0xAF], false), ([0xE0, 0x80, 0xAF], false), ([0xED, 0xA0, 0x80], false),
        ([0xF4, 0x90, 0x80, 0x80], false),
        ([0xC3], false), ([0x80], false), ([0xFC, 0x6C], false),
    ])
    func validatesUTF8LikeTheStandardLibrary(_ bytes: [UInt8], _ valid: Bool) {
        #expect(VCardValueDecoding.isValidUTF8(bytes[...]) == valid)
        #expect((String(validating: bytes, as: UTF8.self) != nil) == valid)
    }
}
