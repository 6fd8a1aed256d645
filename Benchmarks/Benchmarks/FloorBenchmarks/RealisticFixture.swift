import ContactsSampleData
import ContactsSystem
import FloorSupport
import Foundation

/// The realistic address book of one size, in our store (imported from its vCards) and in the floor.
struct RealisticFixture: Sendable {
    let store: CNContactStore
    let floor: FloorStore
    let identifiers: [String]
    let uids: [String]
    let phones: [String]

    static func make(size: Int) throws -> RealisticFixture {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "contacts-floor-\(size)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var book = RealisticAddressBook(seed: UInt64(size))
        let text = book.vCards(size)
        let cards = text.components(separatedBy: "END:VCARD\r\n").dropLast().map { $0 + "END:VCARD\r\n" }
        let store = CNContactStore(url: directory.appendingPathComponent("Contacts.sqlite"))
        try store.importVCards(data: Data(text.utf8))
        let parsed = try CNContactVCardSerialization.contacts(with: Data(text.utf8))
        let uids = cards.map { card in
            card.components(separatedBy: "\r\n").first { $0.hasPrefix("UID:") }.map { String($0.dropFirst(4)) } ?? ""
        }
        let floor = try FloorStore(
            url: directory.appendingPathComponent("Floor.sqlite"),
            contacts: zip(uids, zip(parsed, cards)).map { ($0.0, $0.1.0, $0.1.1) })
        var identifiers: [String] = []
        var phones: [String] = []
        try store.enumerateContacts(
            with: CNContactFetchRequest(keysToFetch: [CNContactPhoneNumbersKey as CNKeyDescriptor])
        ) {
            contact, _ in
            identifiers.append(contact.identifier)
            if let phone = contact.phoneNumbers.first?.value.stringValue { phones.append(phone) }
        }
        return RealisticFixture(store: store, floor: floor, identifiers: identifiers, uids: uids, phones: phones)
    }
}
