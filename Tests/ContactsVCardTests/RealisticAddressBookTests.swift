import ContactsModel
import ContactsSampleData
import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsVCard

/// The benchmark address book looks like the one issue 17 describes, and every card reads.
@Suite struct RealisticAddressBookTests {
    private static let count = 2_000

    private static func cards() throws -> (text: String, contacts: [CNContact]) {
        var book = RealisticAddressBook(seed: 7)
        let text = book.vCards(count)
        return (text, try CNContactVCardSerialization.contacts(with: Data(text.utf8)))
    }

    @Test func everyCardReadsAndTheSameSeedGivesTheSameBook() throws {
        let (text, contacts) = try Self.cards()
        #expect(contacts.count == Self.count)
        var again = RealisticAddressBook(seed: 7)
        #expect(again.vCards(Self.count) == text)
        var other = RealisticAddressBook(seed: 8)
        #expect(other.vCards(Self.count) != text)
    }

    @Test func cardsHaveTheShapeOfARealExport() throws {
        let (text, contacts) = try Self.cards()
        let bytesPerCard = Double(text.utf8.count) / Double(Self.count)
        let linesPerCard = Double(text.components(separatedBy: "\r\n").count - 1) / Double(Self.count)
        #expect((400...540).contains(bytesPerCard), "about 470 bytes a card, got \(bytesPerCard)")
        #expect((10...14).contains(linesPerCard), "about 12 lines a card, got \(linesPerCard)")
        let nonLatin = contacts.filter { contact in
            contact.familyName.unicodeScalars.contains { $0.value > 0x24F && !(0x1E00...0x1EFF).contains($0.value) }
        }
        let share = Double(nonLatin.count) / Double(Self.count)
        #expect((0.37...0.45).contains(share), "41% of names in non-Latin scripts, got \(share)")
        #expect(text.contains("X-ABLabel"))
        #expect(text.contains("X-ABADR"))
        #expect(contacts.contains { !$0.phoneticGivenName.isEmpty })
        #expect(contacts.contains { !$0.note.isEmpty })
        #expect(contacts.contains { !$0.urlAddresses.isEmpty })
    }
}
