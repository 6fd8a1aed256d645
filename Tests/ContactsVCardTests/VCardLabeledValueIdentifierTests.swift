import ContactsModel
import Foundation
import Testing

@testable import ContactsVCard

/// Labeled values read from a vCard keep their identifier as bits and make its text on first read; what a
/// caller sees must be what an identifier made at once gives: a UUID's text, the same on every read and on
/// every thread, kept by `settingLabel`, and equality and hashing by that text.
@Suite struct VCardLabeledValueIdentifierTests {
    private static let text = """
        BEGIN:VCARD\r\nVERSION:3.0\r\nN:Okafor;Lukas;;;\r\nTEL;type=CELL:083-834-2809\r\nTEL;type=WORK:91352\r\n\
        EMAIL;type=HOME:a@example.com\r\nitem1.ADR;type=HOME:;;1 Main St;Town;;1000;PL\r\nitem1.X-ABADR:pl\r\n\
        URL:https://example.com\r\nBDAY:1990-01-02\r\nEND:VCARD\r\n
        """

    private static func identifiers(of contact: CNContact) -> [String] {
        contact.phoneNumbers.map(\.identifier) + contact.emailAddresses.map(\.identifier)
            + contact.postalAddresses.map(\.identifier) + contact.urlAddresses.map(\.identifier)
    }

    @Test func identifiersReadAsUUIDsStableAndDistinct() throws {
        let contact = try #require(try CNContactVCardSerialization.contacts(with: Data(Self.text.utf8)).first)
        let first = Self.identifiers(of: contact)
        #expect(first.count == 5)
        for identifier in first {
            let uuid = try #require(UUID(uuidString: identifier), "\(identifier)")
            #expect(uuid.uuidString == identifier)
            // Version 4 and the RFC 4122 variant, as the reader's identifiers have always been.
            #expect(Array(identifier)[14] == "4")
            #expect("89AB".contains(Array(identifier)[19]))
        }
        #expect(Set(first).count == first.count)
        #expect(!first.contains(contact.identifier.replacingOccurrences(of: ":ABPerson", with: "")))
        #expect(Self.identifiers(of: contact) == first)
        // A second reading of the same text makes new identifiers.
        let again = try #require(try CNContactVCardSerialization.contacts(with: Data(Self.text.utf8)).first)
        #expect(Set(Self.identifiers(of: again)).isDisjoint(with: first))
    }

    @Test func settingLabelEqualityAndHashSeeTheText() throws {
        let contact = try #require(try CNContactVCardSerialization.contacts(with: Data(Self.text.utf8)).first)
        let phone = try #require(contact.phoneNumbers.first)
        // Copied before its identifier was ever read: the copy must carry the same text.
        let relabeled = phone.settingLabel(CNLabelHome)
        #expect(relabeled.identifier == phone.identifier)
        #expect(relabeled.label == CNLabelHome)
        let same = CNLabeledValue(identifier: phone.identifier, label: phone.label, value: phone.value)
        #expect(same == phone)
        #expect(same.hash == phone.hash)
        #expect(phone.hash == phone.identifier.hashValue)
        #expect(contact.phoneNumbers[1] != phone)
    }

    /// Many threads reading a fresh identifier at once all get the one text that is then kept.
    @Test func firstReadsOnManyThreadsAgree() async throws {
        let contacts = try CNContactVCardSerialization.contacts(
            with: Data(String(repeating: Self.text, count: 50).utf8))
        let values = contacts.flatMap(\.phoneNumbers)
        let seen = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask { values.map(\.identifier) }
            }
            var all: [[String]] = []
            for await reading in group { all.append(reading) }
            return all
        }
        let expected = values.map(\.identifier)
        #expect(Set(expected).count == values.count)
        for reading in seen { #expect(reading == expected) }
    }
}
