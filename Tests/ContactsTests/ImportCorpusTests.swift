import Contacts
import ContactsTestSupport
import Foundation
import Testing

@Suite struct ImportCorpusTests {
    @Test(
        arguments: StoreMode.allCases,
        ImportTestSupport.corpusFiles.filter { ImportTestSupport.malformedFiles[$0] == nil })
    func corpusFileSurvivesImportExportImport(mode: StoreMode, _ path: String) throws {
        let temporary = try TemporaryStore(mode: mode)
        let url = ImportTestSupport.corpusURL(path)
        let original = try VCardReader.read(Data(contentsOf: url))
        let summary = try temporary.store.importVCards(from: url)
        // What the store should hold: the contact cards, without empty ones and later repeats of a UID.
        var seen: Set<String> = []
        let expected = original.filter { card in
            guard !card.isGroup, !ImportTestSupport.isEmpty(card) else { return false }
            guard let uid = card.uid else { return true }
            return seen.insert(uid).inserted
        }
        let exported = try ImportTestSupport.exported(temporary.store, in: temporary)
        let contacts = exported.filter { !$0.isGroup }
        try #require(contacts.count == expected.count)
        #expect(summary.added == expected.count)
        for (card, copy) in zip(expected, contacts) {
            #expect(ImportTestSupport.differences(card.contact, copy.contact) == [], "\(path)")
            #expect(card.unknownProperties == copy.unknownProperties, "\(path)")
            if let uid = card.uid { #expect(copy.uid == uid) }
        }
        // Group cards and categories both come back as group cards of the default style.
        let groupNames = Set(
            original.filter(\.isGroup).compactMap(\.groupName).filter { !$0.isEmpty }
                + expected.flatMap(\.categories).filter { !$0.allSatisfy(\.isWhitespace) })
        #expect(Set(exported.filter(\.isGroup).compactMap(\.groupName)) == groupNames)
    }

    @Test(
        arguments: StoreMode.allCases,
        ImportTestSupport.corpusFiles.filter { ImportTestSupport.malformedFiles[$0] == nil })
    func reimportingAnExportChangesNothing(mode: StoreMode, _ path: String) throws {
        let temporary = try TemporaryStore(mode: mode)
        try temporary.store.importVCards(from: ImportTestSupport.corpusURL(path))
        let first = temporary.directory.appendingPathComponent("first.vcf")
        try temporary.store.exportVCards(to: first)
        let summary = try temporary.store.importVCards(from: first)
        #expect(summary.added == 0)
        #expect(summary.updated == 0)
        #expect(summary.groupsCreated == 0)
        #expect(summary.membersAdded == 0)
    }

    @Test(arguments: StoreMode.allCases, Array(ImportTestSupport.malformedFiles))
    func malformedCorpusFileImportsNothing(mode: StoreMode, _ file: (key: String, value: Int)) throws {
        let temporary = try TemporaryStore(mode: mode)
        #expect {
            try temporary.store.importVCards(from: ImportTestSupport.corpusURL(file.key))
        } throws: { error in
            (error as? CNError)?.code == .vCardMalformed && (error as? CNError)?.lineNumber == file.value
        }
        let fetched = try temporary.store.unifiedContacts(
            matching: CNContact.predicateForContactsInContainer(
                withIdentifier: temporary.store.defaultContainerIdentifier()),
            keysToFetch: [])
        #expect(fetched.isEmpty)
    }
}
