import ContactsModel
import Foundation
import Testing

@testable import ContactsVCard

@Suite struct VCardGroupCardTests {
    static let appleGroup = """
        BEGIN:VCARD\r
        VERSION:3.0\r
        PRODID:-//Apple Inc.//Mac OS X 10.15//EN\r
        N:Friends\r
        FN:Friends\r
        X-ADDRESSBOOKSERVER-KIND:group\r
        X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:0E7602CC-443E-4B82-B4B1-90F62F99A199\r
        X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:A1B2C3D4-0000-0000-0000-000000000001\r
        UID:group-1\r
        END:VCARD\r

        """

    static let version4Group = """
        BEGIN:VCARD\r
        VERSION:4.0\r
        KIND:group\r
        FN:Book club\r
        MEMBER:urn:uuid:03a0e51f-d1aa-4385-8a53-e29025acd8af\r
        MEMBER:urn:uuid:b8767877-b4a1-4c70-9acc-505d3819e519\r
        UID:urn:uuid:club\r
        END:VCARD\r

        """

    @Test func readsAppleGroupCards() throws {
        let card = try #require(try VCardTestSupport.cards(text: Self.appleGroup).first)
        #expect(card.kind == .group)
        #expect(card.isGroup)
        #expect(card.groupName == "Friends")
        #expect(card.uid == "group-1")
        #expect(card.memberUIDs == ["0E7602CC-443E-4B82-B4B1-90F62F99A199", "A1B2C3D4-0000-0000-0000-000000000001"])
    }

    @Test func readsVersion4GroupCards() throws {
        let card = try #require(try VCardTestSupport.cards(text: Self.version4Group).first)
        #expect(card.kind == .group)
        #expect(card.groupName == "Book club")
        #expect(card.uid == "urn:uuid:club")
        #expect(card.memberUIDs == ["03a0e51f-d1aa-4385-8a53-e29025acd8af", "b8767877-b4a1-4c70-9acc-505d3819e519"])
    }

    @Test func groupCardsAreNotContacts() throws {
        let data = Data((Self.appleGroup + "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Someone\r\nEND:VCARD\r\n").utf8)
        let contacts = try CNContactVCardSerialization.contacts(with: data)
        #expect(contacts.count == 1)
        #expect(contacts.first?.givenName == "Someone")
    }

    @Test func readsCategories() throws {
        let card = try #require(try VCardTestSupport.cards("kcontacts/testfullvcard.vcf").first)
        #expect(card.categories == ["FICTION", "LITERATURE"])
        #expect(card.uid == "urn:uuid:b8767877-b4a1-4c70-9acc-505d3819e519")
    }

    @Test(arguments: [VCardWritingOptions.Version.v3_0, .v4_0])
    func groupCardsRoundTrip(_ version: VCardWritingOptions.Version) throws {
        let cards = try VCardTestSupport.cards(text: Self.appleGroup + Self.version4Group)
        let again = try VCardReader.read(VCardWriter.data(for: cards, options: VCardWritingOptions(version: version)))
        #expect(again.map(\.kind) == [.group, .group])
        #expect(again.map(\.groupName) == cards.map(\.groupName))
        #expect(again.map(\.memberUIDs) == cards.map(\.memberUIDs))
        #expect(again.map(\.uid) == cards.map(\.uid))
    }
}
