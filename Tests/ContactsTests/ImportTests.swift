import Contacts
import ContactsTestSupport
import Foundation
import Testing

@Suite struct ImportTests {
    private static var keys: [any CNKeyDescriptor] {
        [
            CNContactGivenNameKey as NSString, CNContactFamilyNameKey as NSString,
            CNContactEmailAddressesKey as NSString,
        ]
    }

    private func allContacts(_ store: CNContactStore) throws -> [CNContact] {
        try store.unifiedContacts(
            matching: CNContact.predicateForContactsInContainer(withIdentifier: store.defaultContainerIdentifier()),
            keysToFetch: Self.keys)
    }

    @Test(arguments: StoreMode.allCases)
    func importAddsContactsAndTheGroupWithItsMembers(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let url = try ImportTestSupport.file(ImportTestSupport.sampleText, in: temporary)
        let summary = try temporary.store.importVCards(from: url)
        #expect(summary.cards == 3)
        #expect(summary.added == 2)
        #expect(summary.groupsCreated == 1)
        #expect(summary.membersAdded == 2)
        let groups = try temporary.store.groups(matching: nil)
        #expect(groups.map(\.name) == ["Friends"])
        let group = try #require(groups.first)
        let members = try temporary.store.unifiedContacts(
            matching: CNContact.predicateForContactsInGroup(withIdentifier: group.identifier), keysToFetch: Self.keys)
        #expect(Set(members.map(\.givenName)) == ["John", "Kate"])
    }

    @Test(arguments: StoreMode.allCases)
    func importingTheSameFileAgainUpdatesByUIDInsteadOfDuplicating(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let url = try ImportTestSupport.file(ImportTestSupport.sampleText, in: temporary)
        try temporary.store.importVCards(from: url)
        let again = try temporary.store.importVCards(from: url)
        #expect(again.added == 0)
        #expect(again.skipped[.unchanged] == 2)
        #expect(again.groupsCreated == 0)
        #expect(again.membersAdded == 0)
        let changed = ImportTestSupport.sampleText.replacingOccurrences(
            of: "N:Bell;Kate;;;", with: "N:Bell;Katherine;;;")
        let third = try temporary.store.importVCards(
            from: try ImportTestSupport.file(changed, named: "changed.vcf", in: temporary))
        #expect(third.updated == 1)
        #expect(third.added == 0)
        #expect(try allContacts(temporary.store).map(\.givenName).sorted() == ["John", "Katherine"])
    }

    @Test(arguments: StoreMode.allCases)
    func cardsWithoutUIDMatchByNameAndFirstEmail(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let text = "BEGIN:VCARD\nVERSION:3.0\nN:Doe;Jane;;;\nFN:Jane Doe\nEMAIL:jane@example.com\nEND:VCARD\n"
        let url = try ImportTestSupport.file(text + text, in: temporary)
        let first = try temporary.store.importVCards(from: url)
        #expect(first.added == 1)
        #expect(first.skipped[.duplicateInInput] == 1)
        let second = try temporary.store.importVCards(from: url)
        #expect(second.added == 0)
        #expect(try allContacts(temporary.store).count == 1)
    }

    @Test(arguments: StoreMode.allCases)
    func aRepeatedUIDInOneFileIsSkippedAsDuplicate(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let card = "BEGIN:VCARD\nVERSION:3.0\nN:Doe;Jane;;;\nUID:same\nEND:VCARD\n"
        let summary = try temporary.store.importVCards(data: Data((card + card).utf8))
        #expect(summary.added == 1)
        #expect(summary.skipped[.duplicateInInput] == 1)
    }

    /// An import into an empty container looks up only UIDs an earlier card of the same import used
    /// (`ImportedKeys`): a UID repeated batches later is still a duplicate, a group's members in later batches are
    /// still found, and the next import into the no longer empty container still matches every UID.
    @Test(arguments: StoreMode.allCases)
    func aUIDRepeatedBatchesLaterInAnImportIntoAnEmptyContainerIsSkippedAsDuplicate(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        func card(_ uid: String, _ given: String) -> String {
            "BEGIN:VCARD\nVERSION:3.0\nN:Person;\(given);;;\nUID:\(uid)\nEND:VCARD\n"
        }
        var text = "BEGIN:VCARD\nVERSION:3.0\nN:Team;;;;\nX-ADDRESSBOOKSERVER-KIND:group\n"
        text += "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:u0\nX-ADDRESSBOOKSERVER-MEMBER:urn:uuid:u5\nEND:VCARD\n"
        for index in 0..<6 { text += card("u\(index)", "P\(index)") }
        text += card("u1", "Again") + card("u4", "Again")
        var options = ContactImportOptions()
        options.batchSize = 2
        let summary = try temporary.store.importVCards(data: Data(text.utf8), options: options)
        #expect(summary.added == 6)
        #expect(summary.skipped[.duplicateInInput] == 2)
        #expect(summary.membersAdded == 2)
        #expect(try allContacts(temporary.store).map(\.givenName).sorted() == ["P0", "P1", "P2", "P3", "P4", "P5"])
        let group = try #require(try temporary.store.groups(matching: nil).first)
        let members = try temporary.store.unifiedContacts(
            matching: CNContact.predicateForContactsInGroup(withIdentifier: group.identifier), keysToFetch: Self.keys)
        #expect(members.map(\.givenName).sorted() == ["P0", "P5"])

        let next = try temporary.store.importVCards(
            data: Data((card("u2", "Changed") + card("u6", "P6")).utf8), options: options)
        #expect(next.updated == 1)
        #expect(next.added == 1)
        let names = try allContacts(temporary.store).map(\.givenName).sorted()
        #expect(names == ["Changed", "P0", "P1", "P3", "P4", "P5", "P6"])
    }

    @Test(arguments: StoreMode.allCases)
    func malformedCardLaterInTheFileLeavesTheStoreUntouched(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        var text = ""
        for index in 0..<30 {
            text += "BEGIN:VCARD\nVERSION:3.0\nN:Person;\(index);;;\nUID:u\(index)\nEND:VCARD\n"
        }
        text += "BEGIN:VCARD\nVERSION:3.0\nN:Broken;;;;\n"
        let url = try ImportTestSupport.file(text, in: temporary)
        var options = ContactImportOptions()
        options.batchSize = 10
        #expect {
            try temporary.store.importVCards(from: url, options: options)
        } throws: { error in
            guard let error = error as? CNError else { return false }
            return error.code == .vCardMalformed && error.lineNumber == 151
                && (error.userInfo[NSFilePathErrorKey] as? String) == url.path
        }
        #expect(try allContacts(temporary.store).isEmpty)
        #expect(try temporary.store.groups(matching: nil).isEmpty)
    }

    @Test(arguments: StoreMode.allCases)
    func progressIsReportedEveryIntervalAndAtTheEnd(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        var text = ""
        for index in 0..<25 {
            text += "BEGIN:VCARD\nVERSION:3.0\nN:Person;\(index);;;\nEND:VCARD\n"
        }
        let url = try ImportTestSupport.file(text, in: temporary)
        var reports: [ContactImportProgress] = []
        var options = ContactImportOptions()
        options.progressInterval = 10
        try temporary.store.importVCards(from: url, options: options) { reports.append($0) }
        #expect(reports.map(\.cardsRead) == [10, 20, 25])
        #expect(reports.map(\.isFinished) == [false, false, true])
        #expect(reports.last?.bytesRead == text.utf8.count)
        #expect(reports.last?.totalBytes == text.utf8.count)
    }

    @Test(arguments: StoreMode.allCases)
    func unknownPropertiesSurviveAnEditThroughASaveRequest(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        try temporary.store.importVCards(data: Data(ImportTestSupport.sampleText.utf8))
        let john = try #require(try allContacts(temporary.store).first { $0.givenName == "John" })
        let edited = try #require(john.mutableCopy() as? CNMutableContact)
        edited.familyName = "Seed"
        let request = CNSaveRequest()
        request.update(edited)
        try temporary.store.execute(request)
        let cards = try ImportTestSupport.exported(temporary.store, in: temporary)
        let card = try #require(cards.first { $0.uid == "urn:uuid:11111111-1111-1111-1111-111111111111" })
        #expect(card.contact.familyName == "Seed")
        #expect(card.unknownProperties.map(\.name) == ["X-ACME-SHOE-SIZE", "GENDER"])
        #expect(card.unknownProperties.first?.parameters == [VCardParameter(name: "X-UNIT", values: ["EU"])])
    }

    @Test(arguments: StoreMode.allCases)
    func deletingAContactDeletesItsUnknownPropertiesAndUID(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        try temporary.store.importVCards(data: Data(ImportTestSupport.sampleText.utf8))
        let john = try #require(try allContacts(temporary.store).first { $0.givenName == "John" })
        let request = CNSaveRequest()
        request.delete(try #require(john.mutableCopy() as? CNMutableContact))
        try temporary.store.execute(request)
        // The UID is free again: importing the file adds John anew instead of matching a deleted row.
        let summary = try temporary.store.importVCards(data: Data(ImportTestSupport.sampleText.utf8))
        #expect(summary.added == 1)
        let cards = try ImportTestSupport.exported(temporary.store, in: temporary)
        #expect(
            cards.filter { !$0.isGroup }.flatMap(\.unknownProperties).map(\.name) == ["X-ACME-SHOE-SIZE", "GENDER"])
    }

    static let groupForms: [(String, String)] = [
        ("apple", ImportTestSupport.sampleText),
        (
            "vCard 4",
            """
            BEGIN:VCARD
            VERSION:4.0
            FN:John Appleseed
            N:Appleseed;John;;;
            UID:urn:uuid:11111111-1111-1111-1111-111111111111
            END:VCARD
            BEGIN:VCARD
            VERSION:4.0
            FN:Kate Bell
            N:Bell;Kate;;;
            UID:22222222-2222-2222-2222-222222222222
            END:VCARD
            BEGIN:VCARD
            VERSION:4.0
            KIND:group
            FN:Friends
            MEMBER:urn:uuid:11111111-1111-1111-1111-111111111111
            MEMBER:urn:uuid:22222222-2222-2222-2222-222222222222
            END:VCARD

            """
        ),
        (
            "categories",
            """
            BEGIN:VCARD
            VERSION:3.0
            N:Appleseed;John;;;
            CATEGORIES:Friends
            END:VCARD
            BEGIN:VCARD
            VERSION:3.0
            N:Bell;Kate;;;
            CATEGORIES:Friends,Work
            END:VCARD

            """
        ),
    ]

    @Test(arguments: StoreMode.allCases, groupForms)
    func everyGroupFormBecomesAGroupWithItsMembers(mode: StoreMode, _ form: (name: String, text: String)) throws {
        let temporary = try TemporaryStore(mode: mode)
        try temporary.store.importVCards(data: Data(form.text.utf8))
        let friends = try #require(try temporary.store.groups(matching: nil).first { $0.name == "Friends" })
        let members = try temporary.store.unifiedContacts(
            matching: CNContact.predicateForContactsInGroup(withIdentifier: friends.identifier), keysToFetch: Self.keys)
        #expect(Set(members.map(\.givenName)) == ["John", "Kate"])
    }

    @Test(arguments: StoreMode.allCases)
    func importGoesIntoTheContainerTheOptionsName(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let container = try temporary.person.addContainer(name: "Work", type: .cardDAV)
        var options = ContactImportOptions()
        options.containerIdentifier = container.identifier
        try temporary.store.importVCards(data: Data(ImportTestSupport.sampleText.utf8), options: options)
        let inWork = try temporary.store.unifiedContacts(
            matching: CNContact.predicateForContactsInContainer(withIdentifier: container.identifier), keysToFetch: [])
        #expect(inWork.count == 2)
        #expect(try allContacts(temporary.store).isEmpty)
        let groups = try temporary.store.groups(
            matching: CNGroup.predicateForGroupsInContainer(withIdentifier: container.identifier))
        #expect(groups.map(\.name) == ["Friends"])
    }

    @Test(arguments: StoreMode.allCases)
    func missingContainerThrowsParentRecordDoesNotExist(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        var options = ContactImportOptions()
        options.containerIdentifier = CNContainer.newIdentifier()
        #expect {
            try temporary.store.importVCards(data: Data(ImportTestSupport.sampleText.utf8), options: options)
        } throws: { error in
            (error as? CNError)?.code == .parentRecordDoesNotExist
        }
    }

    @Test(arguments: StoreMode.allCases)
    func aStoreErrorMidImportRollsBackEverythingAndStopsReading(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let exchange = try temporary.person.addContainer(name: "Exchange", type: .exchange)
        // Exchange accounts have no groups: the CATEGORIES of card 1,500 fail the import while later cards
        // are still being read.
        var text = ""
        for index in 0..<4_000 {
            text += "BEGIN:VCARD\nVERSION:3.0\nN:Person;\(index);;;\nUID:u\(index)\n"
            if index == 1_500 { text += "CATEGORIES:Friends\n" }
            text += "END:VCARD\n"
        }
        let url = try ImportTestSupport.file(text, in: temporary)
        var options = ContactImportOptions()
        options.containerIdentifier = exchange.identifier
        options.batchSize = 1_000
        #expect {
            try temporary.store.importVCards(from: url, options: options)
        } throws: { error in
            (error as? CNError)?.code == .policyViolation
        }
        let stored = try temporary.store.unifiedContacts(
            matching: CNContact.predicateForContactsInContainer(withIdentifier: exchange.identifier), keysToFetch: [])
        #expect(stored.isEmpty)
    }

    /// A re-import that updates a linked card logs it as a save would: the card in per-container history,
    /// its unified contact in unified history.
    @Test(arguments: StoreMode.allCases)
    func updatingALinkedCardLogsTheCardAndItsUnifiedContact(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let store = temporary.store
        let card = { (title: String) in
            "BEGIN:VCARD\nVERSION:3.0\nN:Lee;Ann;;;\nTITLE:\(title)\nEMAIL:ann@example.com\nUID:ann-1\nEND:VCARD\n"
        }
        try store.importVCards(data: Data(card("Engineer").utf8))
        let home = try #require(
            store.unifiedContacts(
                matching: CNContact.predicateForContacts(matchingName: "ann"), keysToFetch: []
            ).first)
        let account = try temporary.person.addContainer(name: "Work", type: .cardDAV)
        let work = ContactFixtures.person("Ann", "Lee")
        try ContactFixtures.save([work], in: store, container: account.identifier)
        try store.link([home.identifier, work.identifier], preferredIdentifier: work.identifier)
        let token = store.currentHistoryToken
        let summary = try store.importVCards(data: Data(card("Manager").utf8))
        #expect(summary.updated == 1)
        #expect(try store.historyLines(after: token, unify: false).lines == ["update \(home.identifier)"])
        #expect(try store.historyLines(after: token).lines == ["update \(work.identifier)"])
    }
}
