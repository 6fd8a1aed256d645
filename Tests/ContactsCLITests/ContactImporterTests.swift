import Contacts
import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsCLI

/// The importer in process, on a temporary store: batches, matching, groups.
@Suite struct ContactImporterTests {
    func write(_ text: String, in store: TemporaryStore, name: String = "cards.vcf") throws -> URL {
        let url = store.directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    static func card(_ index: Int, phone: String? = nil, email: Bool = true, uid: Bool = true) -> String {
        var text = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Person\(index);Test;;;\r\nFN:Test Person\(index)\r\n"
        if email { text += "EMAIL:p\(index)@example.org\r\n" }
        if let phone { text += "TEL;type=CELL:\(phone)\r\n" }
        if uid { text += "UID:uid-\(index)\r\n" }
        return text + "END:VCARD\r\n"
    }

    @Test(arguments: [1, 7, 1000])
    func everyBatchSizeImportsEveryCardOnce(batchSize: Int) throws {
        let temporary = try TemporaryStore()
        let file = try write((0..<25).map { Self.card($0) }.joined(), in: temporary)
        var importer = ContactImporter(store: temporary.store)
        importer.batchSize = batchSize
        importer.showsProgress = false
        let first = try importer.run(files: [file])
        #expect(first.added == 25 && first.cards == 25)
        let second = try importer.run(files: [file])
        #expect(second.added == 0 && second.updated == 0 && second.skipped == ["unchanged": 25])
        let count = try temporary.store.unifiedContacts(
            matching: CNContact.predicateForContacts(matchingName: "Test"), keysToFetch: []
        ).count
        #expect(count == 25)
    }

    @Test func cardsWithoutUIDOrEmailMatchOnTheirFirstPhoneNumberDigits() throws {
        let temporary = try TemporaryStore()
        var importer = ContactImporter(store: temporary.store)
        importer.showsProgress = false
        let card = { (phone: String) in Self.card(1, phone: phone, email: false, uid: false) }
        _ = try importer.run(files: [try write(card("+49 170 1234567"), in: temporary)])
        let again = try importer.run(files: [try write(card("+49 (170) 123-4567"), in: temporary, name: "b.vcf")])
        #expect(again.added == 0 && again.updated == 1)
        let otherNumber = try importer.run(files: [try write(card("+49 170 7654321"), in: temporary, name: "c.vcf")])
        #expect(otherNumber.added == 1)
    }

    @Test func cardsWithAUIDUpdateTheirContactWhateverTheirNumber() throws {
        let temporary = try TemporaryStore()
        var importer = ContactImporter(store: temporary.store)
        importer.showsProgress = false
        _ = try importer.run(files: [try write(Self.card(1, phone: "+49 170 1234567", email: false), in: temporary)])
        let renumbered = try importer.run(files: [
            try write(Self.card(1, phone: "+49 170 7654321", email: false), in: temporary, name: "b.vcf")
        ])
        #expect(renumbered.added == 0 && renumbered.updated == 1)
    }

    @Test func groupCardsBecomeGroupsOnceWithTheirMembers() throws {
        let temporary = try TemporaryStore()
        let group =
            "BEGIN:VCARD\r\nVERSION:4.0\r\nKIND:group\r\nFN:Club\r\nMEMBER:urn:uuid:uid-1\r\nMEMBER:urn:uuid:uid-2\r\n"
            + "MEMBER:urn:uuid:unknown\r\nEND:VCARD\r\n"
        let file = try write(Self.card(1) + Self.card(2) + Self.card(3) + group, in: temporary)
        var importer = ContactImporter(store: temporary.store)
        importer.showsProgress = false
        let first = try importer.run(files: [file])
        #expect(first.groupsCreated == 1 && first.membersAdded == 2)
        let second = try importer.run(files: [file])
        #expect(second.groupsCreated == 0 && second.membersAdded == 0)
        let groups = try temporary.store.groups(matching: nil)
        #expect(groups.map(\.name) == ["Club"])
        let members = try temporary.store.unifiedContacts(
            matching: CNContact.predicateForContactsInGroup(withIdentifier: try #require(groups.first).identifier),
            keysToFetch: [CNContactFamilyNameKey as NSString])
        #expect(Set(members.map(\.familyName)) == ["Person1", "Person2"])
    }

    @Test func malformedSecondFileStopsBeforeTheFirstIsSaved() throws {
        let temporary = try TemporaryStore()
        let good = try write(Self.card(1), in: temporary)
        let bad = try write("BEGIN:VCARD\r\nFN:x\r\nEND:VCARD\r\nEND:VCARD\r\n", in: temporary, name: "bad.vcf")
        var importer = ContactImporter(store: temporary.store)
        importer.showsProgress = false
        #expect(throws: CommandFailure.self) { try importer.run(files: [good, bad]) }
        do {
            _ = try importer.run(files: [good, bad])
        } catch let failure as CommandFailure {
            #expect(failure.exitCode == 65)
            #expect(failure.message == "malformed vCard in \(bad.path):4; nothing was imported")
        }
        let all = try temporary.store.unifiedContacts(
            matching: CNContact.predicateForContacts(matchingName: "Test"), keysToFetch: [])
        #expect(all.isEmpty)
    }
}
