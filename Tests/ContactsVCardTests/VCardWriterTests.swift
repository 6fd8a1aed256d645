import ContactsModel
import Foundation
import Testing

@testable import ContactsVCard

@Suite struct VCardWriterTests {
    private func sampleContact() -> CNMutableContact {
        let contact = CNMutableContact()
        contact.namePrefix = "Mr."
        contact.givenName = "John"
        contact.middleName = "Richter"
        contact.familyName = "Doe"
        contact.nameSuffix = "Sr."
        contact.organizationName = "Apple"
        contact.departmentName = "Contacts"
        contact.jobTitle = "Engineer"
        contact.phoneNumbers = [
            CNLabeledValue(label: CNLabelPhoneNumberiPhone, value: CNPhoneNumber(stringValue: "+1 (408) 555-0100")),
            CNLabeledValue(label: CNLabelPhoneNumberWorkFax, value: CNPhoneNumber(stringValue: "555-0101")),
            CNLabeledValue(label: "Custom phone", value: CNPhoneNumber(stringValue: "555-0102")),
        ]
        contact.emailAddresses = [CNLabeledValue(label: CNLabelHome, value: "john@example.com" as NSString)]
        return contact
    }

    private func text(_ contacts: [CNContact], options: VCardWritingOptions = .default) throws -> String {
        String(decoding: try CNContactVCardSerialization.data(with: contacts, options: options), as: UTF8.self)
    }

    @Test func writesAppleShapedVersion3() throws {
        let lines = try text([sampleContact()]).components(separatedBy: "\r\n")
        #expect(Array(lines.prefix(3)) == ["BEGIN:VCARD", "VERSION:3.0", "PRODID:-//swift-contacts//Contacts 1.0//EN"])
        #expect(lines.contains("N:Doe;John;Richter;Mr.;Sr."))
        #expect(lines.contains("FN:Mr. John Richter Doe Sr."))
        #expect(lines.contains("ORG:Apple;Contacts"))
        #expect(lines.contains("TITLE:Engineer"))
        #expect(lines.contains("TEL;type=IPHONE;type=CELL;type=VOICE;type=pref:+1 (408) 555-0100"))
        #expect(lines.contains("TEL;type=WORK;type=FAX:555-0101"))
        #expect(lines.contains("item1.TEL:555-0102"))
        #expect(lines.contains("item1.X-ABLabel:Custom phone"))
        #expect(lines.contains("EMAIL;type=INTERNET;type=HOME;type=pref:john@example.com"))
        #expect(lines.suffix(2) == ["END:VCARD", ""])
    }

    @Test func everyLineEndsWithCRLFAndFoldsAt75OctetsWithoutSplittingCharacters() throws {
        let contact = sampleContact()
        contact.note = String(repeating: "日本語のメモ、絵文字👩‍👩‍👧 e\u{301} ", count: 40)
        let data = try CNContactVCardSerialization.data(with: [contact])
        let bytes = [UInt8](data)
        var lineStart = 0
        for index in bytes.indices where bytes[index] == 0x0A {
            #expect(index > 0 && bytes[index - 1] == 0x0D)
            let line = bytes[lineStart..<(index - 1)]
            #expect(line.count <= 75)
            #expect(String(validating: line, as: UTF8.self) != nil)
            lineStart = index + 1
        }
        #expect(try VCardTestSupport.contact(String(decoding: data, as: UTF8.self)).note == contact.note)
    }

    @Test func writesBirthdayWithoutYearAsApple() throws {
        let contact = CNMutableContact()
        contact.birthday = DateComponents(month: 8, day: 20)
        #expect(try text([contact]).contains("BDAY;X-APPLE-OMIT-YEAR=1604:1604-08-20\r\n"))
        contact.birthday = DateComponents(year: 1980, month: 3, day: 22)
        #expect(try text([contact]).contains("BDAY:1980-03-22\r\n"))
    }

    @Test func writesOrganizationsWithShowAsCompany() throws {
        let contact = CNMutableContact()
        contact.contactType = .organization
        contact.organizationName = "ACME"
        let written = try text([contact])
        #expect(written.contains("FN:ACME\r\n"))
        #expect(written.contains("X-ABShowAs:COMPANY\r\n"))
        #expect(try text([contact], options: VCardWritingOptions(version: .v4_0)).contains("KIND:org\r\n"))
    }

    @Test func writesAppleDatesRelationsProfilesAndMessaging() throws {
        let contact = CNMutableContact()
        let anniversary = NSDateComponents()
        anniversary.month = 3
        anniversary.day = 1
        contact.dates = [CNLabeledValue(label: CNLabelDateAnniversary, value: anniversary)]
        contact.contactRelations = [
            CNLabeledValue(label: CNLabelContactRelationSpouse, value: CNContactRelation(name: "Jenny"))
        ]
        contact.socialProfiles = [
            CNLabeledValue(
                label: nil,
                value: CNSocialProfile(
                    urlString: "https://twitter.com/j", username: "j", userIdentifier: nil,
                    service: CNSocialProfileServiceTwitter))
        ]
        contact.instantMessageAddresses = [
            CNLabeledValue(
                label: CNLabelHome,
                value: CNInstantMessageAddress(username: "jdoe", service: CNInstantMessageServiceSkype))
        ]
        let lines = try text([contact]).components(separatedBy: "\r\n")
        #expect(lines.contains("item1.X-ABDATE;X-APPLE-OMIT-YEAR=1604;type=pref:1604-03-01"))
        #expect(lines.contains("item1.X-ABLabel:_$!<Anniversary>!$_"))
        #expect(lines.contains("item2.X-ABRELATEDNAMES;type=pref:Jenny"))
        #expect(lines.contains("item2.X-ABLabel:_$!<Spouse>!$_"))
        #expect(lines.contains("X-SOCIALPROFILE;type=twitter;x-user=j;type=pref:https://twitter.com/j"))
        #expect(lines.contains("IMPP;X-SERVICE-TYPE=Skype;type=HOME;type=pref:skype:jdoe"))
    }

    @Test func writesPhotoAndNoteOnlyWhenHeldAndAllowed() throws {
        let contact = sampleContact()
        contact.note = "A note"
        contact.imageData = Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3])
        let full = try text([contact])
        #expect(full.contains("NOTE:A note\r\n"))
        #expect(full.contains("PHOTO;ENCODING=b;TYPE=PNG:iVBORwECAw==\r\n"))
        let without = try text([contact], options: VCardWritingOptions(includesPhoto: false, includesNote: false))
        #expect(!without.contains("NOTE"))
        #expect(!without.contains("PHOTO"))
        var storage = contact.storage
        storage.fetchedKeys.remove(ContactKeySet(.note))
        storage.fetchedKeys.remove(ContactKeySet(.imageData))
        let partial = try text([CNContact(storage: storage)])
        #expect(!partial.contains("NOTE"))
        #expect(!partial.contains("PHOTO"))
        #expect(
            try text([contact], options: VCardWritingOptions(version: .v4_0)).contains(
                "PHOTO:data:image/png;base64,iVBORwECAw==\r\n"))
    }

    @Test func escapesTextValues() throws {
        let contact = CNMutableContact()
        contact.givenName = "a,b;c\\d"
        contact.note = "line1\nline2"
        let written = try text([contact])
        #expect(written.contains("N:;a\\,b\\;c\\\\d;;;\r\n"))
        #expect(written.contains("NOTE:line1\\nline2\r\n"))
    }

    @Test func descriptorCoversEveryKeyTheWriterRequires() throws {
        let descriptor = try #require(
            CNContactVCardSerialization.descriptorForRequiredKeys() as? AggregateKeyDescriptor)
        #expect(descriptor.keys.contains(CNContactGivenNameKey))
        #expect(descriptor.keys.contains(CNContactPhoneNumbersKey))
        #expect(descriptor.keys.contains(CNContactInstantMessageAddressesKey))
        #expect(!descriptor.keys.contains(CNContactNoteKey))
        let keys = KeyDescriptorExpansion.properties(of: [descriptor]).union(.identifierOnly)
        let contact = CNContact(storage: ContactStorage(identifier: "x", fetchedKeys: keys))
        #expect(!(try CNContactVCardSerialization.data(with: [contact]).isEmpty))
    }

    @Test func writingAContactWithoutRequiredKeysStopsAsANotFetchedAccess() async {
        await #expect(processExitsWith: .failure) {
            let storage = ContactStorage(identifier: "x", fetchedKeys: ContactKeySet([.givenName, .familyName]))
            _ = try? CNContactVCardSerialization.data(with: [CNContact(storage: storage)])
        }
    }

    @Test func keepsUnknownPropertiesAndAvoidsTheirGroups() throws {
        let text = """
            BEGIN:VCARD\r
            VERSION:3.0\r
            N:Doe;John;;;\r
            item1.X-CUSTOM;X-PARAM="a,b";OTHER=c:value\\, kept\r
            item1.X-ABLabel:odd\r
            GENDER:M\r
            X-QP;ENCODING=QUOTED-PRINTABLE:one=0D=0Atwo\r
            TEL;TYPE=HOME:1\r
            item2.TEL:2\r
            item2.X-ABLabel:Custom\r
            END:VCARD\r

            """
        let cards = try VCardTestSupport.cards(text: text)
        let card = try #require(cards.first)
        #expect(
            card.unknownProperties == [
                VCardUnknownProperty(
                    group: "item1", name: "X-CUSTOM",
                    parameters: [
                        VCardParameter(name: "X-PARAM", values: ["a,b"]), VCardParameter(name: "OTHER", values: ["c"]),
                    ],
                    value: "value\\, kept"
                ),
                VCardUnknownProperty(group: "item1", name: "X-ABLabel", value: "odd"),
                VCardUnknownProperty(name: "GENDER", value: "M"),
                VCardUnknownProperty(name: "X-QP", value: "one\\ntwo"),
            ])
        let written = String(decoding: VCardWriter.data(for: cards), as: UTF8.self)
        #expect(!written.contains("item1.TEL"))
        let again = try VCardTestSupport.cards(text: written)
        #expect(again.first?.unknownProperties == card.unknownProperties)
        #expect(again.first?.contact.phoneNumbers.map(\.label) == [CNLabelHome, "Custom"])
    }
}
