import ContactsFormatting
import ContactsModel
import Foundation
import Testing

@testable import ContactsVCard

@Suite struct VCardFormattedNameTests {
    private func formattedNameLine(_ contact: CNContact) throws -> String? {
        let text = String(decoding: try CNContactVCardSerialization.data(with: [contact]), as: UTF8.self)
        return text.components(separatedBy: "\r\n").first { $0.hasPrefix("FN:") }
    }

    private static let names: [(given: String, family: String, expected: String)] = [
        ("太郎", "山田", "山田太郎"),
        ("小明", "王", "王小明"),
        ("John", "Appleseed", "John Appleseed"),
    ]

    @Test(arguments: names)
    func formattedNameIsTheFormattersFullName(name: (given: String, family: String, expected: String)) throws {
        let contact = CNMutableContact()
        contact.givenName = name.given
        contact.familyName = name.family
        let formatted = try #require(CNContactFormatter.string(from: contact, style: .fullName))
        #expect(try formattedNameLine(contact) == "FN:\(formatted)")
        #expect(formatted == name.expected)
    }

    @Test func organizationCardUsesTheOrganizationName() throws {
        let contact = CNMutableContact()
        contact.contactType = .organization
        contact.givenName = "Jane"
        contact.organizationName = "ACME"
        #expect(try formattedNameLine(contact) == "FN:ACME")
    }

    @Test func emptyContactGetsAnEmptyFormattedName() throws {
        #expect(try formattedNameLine(CNMutableContact()) == "FN:")
    }

    @Test func contactWithoutTheFormattersKeysFallsBackInsteadOfStopping() {
        let contact = CNMutableContact()
        contact.givenName = "明"
        contact.familyName = "李"
        contact.nickname = "Lee"
        var storage = contact.storage
        storage.fetchedKeys.remove(ContactKeySet(.nickname))
        let partial = CNContact(storage: storage)
        #expect(VCardFormattedName.make(partial.storage, contact: partial) == "李明")
        storage.givenName = ""
        storage.familyName = ""
        let nameless = CNContact(storage: storage)
        // The nickname is not held, so it is not used even though the storage has it.
        #expect(VCardFormattedName.make(nameless.storage, contact: nameless) == "")
    }
}
