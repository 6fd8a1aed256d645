import Contacts
import ContactsTestSupport
import Foundation
import Testing

@Suite struct ExportTests {
    private func importedSample(_ mode: StoreMode) throws -> TemporaryStore {
        let temporary = try TemporaryStore(mode: mode)
        try temporary.store.importVCards(data: Data(ImportTestSupport.sampleText.utf8))
        return temporary
    }

    static let styles: [(ContactExportOptions.GroupStyle, VCardWritingOptions.Version, String, String)] = [
        (.automatic, .v3_0, "X-ADDRESSBOOKSERVER-KIND:group", "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:"),
        (.automatic, .v4_0, "KIND:group", "MEMBER:urn:uuid:"),
        (.appleGroupCards, .v3_0, "X-ADDRESSBOOKSERVER-KIND:group", "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:"),
        (.appleGroupCards, .v4_0, "X-ADDRESSBOOKSERVER-KIND:group", "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:"),
        (.vCard4Kind, .v3_0, "\r\nKIND:group", "\r\nMEMBER:urn:uuid:"),
        (.vCard4Kind, .v4_0, "\r\nKIND:group", "\r\nMEMBER:urn:uuid:"),
    ]

    @Test(arguments: StoreMode.allCases, styles)
    func groupCardStylesWriteTheirDialectAndImportBack(
        mode: StoreMode, _ style: (ContactExportOptions.GroupStyle, VCardWritingOptions.Version, String, String)
    ) throws {
        let temporary = try importedSample(mode)
        let url = temporary.directory.appendingPathComponent("out.vcf")
        let summary = try temporary.store.exportVCards(
            to: url, options: ContactExportOptions(version: style.1, groupStyle: style.0))
        #expect(summary.contacts == 2)
        #expect(summary.groups == 1)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(style.2))
        #expect(text.components(separatedBy: style.3).count == 3)
        let other = try TemporaryStore(mode: mode)
        let imported = try other.store.importVCards(from: url)
        #expect(imported.added == 2)
        #expect(imported.groupsCreated == 1)
        #expect(imported.membersAdded == 2)
    }

    @Test(arguments: StoreMode.allCases)
    func categoriesStyleListsGroupsOnEachCardAndWritesNoGroupCards(mode: StoreMode) throws {
        let temporary = try importedSample(mode)
        let cards = try ImportTestSupport.exported(
            temporary.store, in: temporary, options: ContactExportOptions(groupStyle: .categories))
        #expect(cards.count == 2)
        #expect(cards.allSatisfy { $0.categories == ["Friends"] && !$0.isGroup })
    }

    @Test(arguments: StoreMode.allCases)
    func noneStyleWritesNoGroups(mode: StoreMode) throws {
        let temporary = try importedSample(mode)
        let cards = try ImportTestSupport.exported(
            temporary.store, in: temporary, options: ContactExportOptions(groupStyle: .none))
        #expect(cards.count == 2)
        #expect(cards.allSatisfy { $0.categories.isEmpty && !$0.isGroup })
    }

    @Test(arguments: StoreMode.allCases)
    func exportKeepsImportedUIDsAndUsesIdentifiersOtherwise(mode: StoreMode) throws {
        let temporary = try importedSample(mode)
        let added = CNMutableContact()
        added.givenName = "Added"
        let request = CNSaveRequest()
        request.add(added, toContainerWithIdentifier: nil)
        try temporary.store.execute(request)
        let uids = try ImportTestSupport.exported(temporary.store, in: temporary).filter { !$0.isGroup }.compactMap(
            \.uid)
        #expect(
            Set(uids) == [
                "urn:uuid:11111111-1111-1111-1111-111111111111", "22222222-2222-2222-2222-222222222222",
                added.identifier,
            ])
    }

    @Test(arguments: StoreMode.allCases)
    func groupSelectionWritesItsMembersAndItsCard(mode: StoreMode) throws {
        let temporary = try importedSample(mode)
        let other = CNMutableContact()
        other.givenName = "Outsider"
        let request = CNSaveRequest()
        request.add(other, toContainerWithIdentifier: nil)
        try temporary.store.execute(request)
        let friends = try #require(try temporary.store.groups(matching: nil).first)
        let cards = try ImportTestSupport.exported(
            temporary.store, in: temporary, selection: .group(identifier: friends.identifier))
        #expect(cards.filter { !$0.isGroup }.map(\.contact.givenName).sorted() == ["John", "Kate"])
        #expect(cards.filter(\.isGroup).map(\.groupName) == ["Friends"])
    }

    @Test(arguments: StoreMode.allCases)
    func predicateSelectionWritesMatchingContactsWithoutGroups(mode: StoreMode) throws {
        let temporary = try importedSample(mode)
        let cards = try ImportTestSupport.exported(
            temporary.store, in: temporary, selection: .predicate(CNContact.predicateForContacts(matchingName: "kate")))
        #expect(cards.map(\.contact.givenName) == ["Kate"])
    }

    @Test(arguments: StoreMode.allCases)
    func notesAndPhotosFollowTheOptions(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let contact = CNMutableContact()
        contact.givenName = "Noted"
        contact.note = "a note"
        contact.imageData = Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3])
        let request = CNSaveRequest()
        request.add(contact, toContainerWithIdentifier: nil)
        try temporary.store.execute(request)
        let full = try #require(try ImportTestSupport.exported(temporary.store, in: temporary).first)
        #expect(full.contact.note == "a note")
        #expect(full.contact.imageData == contact.imageData)
        let bare = try #require(
            try ImportTestSupport.exported(
                temporary.store, in: temporary,
                options: ContactExportOptions(includesPhotos: false, includesNotes: false)
            ).first)
        #expect(bare.contact.note.isEmpty)
        #expect(bare.contact.imageData == nil)
    }

    @Test(arguments: StoreMode.allCases)
    func exportToAFolderThatDoesNotExistThrowsDataAccessError(mode: StoreMode) throws {
        let temporary = try importedSample(mode)
        let url = temporary.directory.appendingPathComponent("missing/out.vcf")
        #expect {
            try temporary.store.exportVCards(to: url)
        } throws: { error in
            (error as? CNError)?.code == .dataAccessError
        }
    }
}
