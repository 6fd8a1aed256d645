import ContactsModel
import ContactsSampleData
import Foundation
import Testing

@testable import ContactsVCard

/// The writer's fast path for contacts (issue 17's ratio to Evolution Data Server): the storage read in place and
/// `FN` made from it, not by asking the formatter, give the bytes of the path that copies the storage and asks
/// `CNContactFormatter`.
@Suite struct VCardWriterInPlaceTests {
    /// Contacts with what a writer can get wrong: non-Latin names, lines folded inside a multi-byte character,
    /// escaped commas and semicolons, custom labels written as `itemN` groups, an organization, dates.
    static func edgeContacts() -> [CNContact] {
        let person = CNMutableContact()
        person.givenName = "Zoë"
        person.familyName = "Dupont, Jr; III"
        person.organizationName = "ACME; Sales, EMEA"
        person.note = String(repeating: "é", count: 37) + "," + String(repeating: "漢字", count: 30) + "\n;end"
        person.phoneNumbers = [
            CNLabeledValue(label: CNLabelPhoneNumberMobile, value: CNPhoneNumber(stringValue: "+33 6 12 34 56 78")),
            CNLabeledValue(label: "Ferienhaus", value: CNPhoneNumber(stringValue: "0800, 1")),
        ]
        person.emailAddresses = [CNLabeledValue(label: CNLabelSchool, value: "zoë@example.com" as NSString)]
        person.urlAddresses = [CNLabeledValue(label: CNLabelURLAddressHomePage, value: "https://e.x/a;b,c" as NSString)]
        let address = CNMutablePostalAddress()
        address.street = "1 Rue de l'Église\nBâtiment B"
        address.city = "Paris"
        address.isoCountryCode = "fr"
        person.postalAddresses = [CNLabeledValue(label: CNLabelHome, value: address)]
        person.birthday = DateComponents(month: 2, day: 29)
        let japanese = CNMutableContact()
        japanese.givenName = "太郎"
        japanese.familyName = "山田"
        japanese.phoneticGivenName = "たろう"
        let company = CNMutableContact()
        company.contactType = .organization
        company.organizationName = "株式会社テスト"
        // A CR ending one part and an LF starting the next, joined without a delimiter: one line break in `FN`.
        let split = CNMutableContact()
        split.givenName = "\n太郎"
        split.familyName = "山田\r"
        let nicknameOnly = CNMutableContact()
        nicknameOnly.nickname = "Jo; the, one"
        let organizationAsPerson = CNMutableContact()
        organizationAsPerson.organizationName = "Only An Org"
        let prefixed = CNMutableContact()
        prefixed.namePrefix = "Dr."
        prefixed.givenName = "Анна"
        prefixed.middleName = "Σ"
        prefixed.familyName = "Kim"
        prefixed.nameSuffix = "Jr."
        return [person, japanese, company, split, nicknameOnly, organizationAsPerson, prefixed, CNMutableContact()]
    }

    /// The bytes of the path that copies each contact's storage and asks the formatter through the contact.
    static func copyingPath(_ contacts: [CNContact], _ options: VCardWritingOptions) -> Data {
        var writer = VCardWriter(options: options)
        for contact in contacts {
            writer.write(nil, storage: contact.storage, contact: contact)
        }
        return writer.takeData()
    }

    @Test(arguments: [VCardWritingOptions.default, VCardWritingOptions(version: .v4_0)])
    func inPlaceWritingGivesTheBytesOfTheCopyingPath(_ options: VCardWritingOptions) throws {
        var book = RealisticAddressBook(seed: 11)
        let contacts = try Self.edgeContacts() + CNContactVCardSerialization.contacts(with: Data(book.vCards(300).utf8))
        let written = try CNContactVCardSerialization.data(with: contacts, options: options)
        #expect(written == Self.copyingPath(contacts, options))
        // The edges are really there: a folded line, an escaped comma and semicolon, a custom label's group.
        let text = String(decoding: written, as: UTF8.self)
        #expect(text.contains("\r\n "))
        #expect(text.contains("Dupont\\, Jr\\; III"))
        #expect(text.contains(".X-ABLabel:Ferienhaus"))
        #expect(text.contains("FN:山田太郎"))
        #expect(text.contains("FN:山田\\n太郎\r\n"))
        #expect(text.contains("FN:Jo\\; the\\, one\r\n"))
    }

    /// The same contacts written by several threads at once (contacts are immutable and shareable) give the same
    /// bytes: borrowing a contact's storage in place writes nothing and conflicts with no other reader.
    @Test func contactsWrittenConcurrentlyGiveTheSameBytes() async throws {
        var book = RealisticAddressBook(seed: 12)
        let contacts = try Self.edgeContacts() + CNContactVCardSerialization.contacts(with: Data(book.vCards(200).utf8))
        let expected = try CNContactVCardSerialization.data(with: contacts)
        let results = try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<4 {
                group.addTask { try CNContactVCardSerialization.data(with: contacts) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 4)
        #expect(results.allSatisfy { $0 == expected })
        // Reading them back gives the contacts that were written.
        let back = try CNContactVCardSerialization.contacts(with: expected)
        #expect(back.count == contacts.count)
        #expect(back.first?.familyName == "Dupont, Jr; III")
        #expect(back.first?.note == (contacts.first?.note ?? ""))
    }
}
