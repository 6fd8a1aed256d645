import ContactsProtocol
import ContactsSampleData
import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsDaemon

/// contactsd encodes an enumeration's column batches straight from the store's rows (``ColumnBatchEncoder``):
/// every batch must be what the general path (the page's storages, `Contacts_V1_ContactBatch(compact:)`,
/// SwiftProtobuf) sends for the same page, byte for byte, decoded message for message and contact for contact.
@Suite struct ColumnBatchEncoderTests {
    private static let bundle = "org.swift-contacts.tests.columns"

    /// The key sets an app may ask for, as the fetch's keys (images have no column form: the general path).
    enum Keys: String, CaseIterable, Sendable {
        case allButImages, identifierOnly, names, phoneNumbers, postalAndSocial, datesAndBirthdays, noteAndTypes,
            withImages

        var set: ContactKeySet {
            switch self {
            case .allButImages:
                ContactKeySet(ContactProperty.allCases.filter { $0 != .imageData && $0 != .thumbnailImageData })
            case .identifierOnly: .identifierOnly
            case .names: ContactKeySet([.givenName, .familyName])
            case .phoneNumbers: ContactKeySet([.phoneNumbers])
            case .postalAndSocial: ContactKeySet([.postalAddresses, .socialProfiles, .instantMessageAddresses])
            case .datesAndBirthdays: ContactKeySet([.dates, .birthday, .nonGregorianBirthday, .middleName])
            case .noteAndTypes: ContactKeySet([.note, .contactType, .imageDataAvailable, .emailAddresses])
            case .withImages: ContactKeySet([.givenName, .thumbnailImageData])
            }
        }
    }

    /// A store with the realistic book's first cards and the edge cases, the test app granted `access` with the
    /// notes entitlement, and the app's connection to it, as contactsd opens it.
    private struct Book {
        let temporary: TemporaryStore
        let identifiers: [String]

        init(realistic count: Int = 300) throws {
            temporary = try TemporaryStore()
            var book = RealisticAddressBook()
            _ = try temporary.person.importVCards(data: Data(book.vCards(count).utf8))
            _ = try ContactFixtures.save(ColumnBatchEncoderTests.edgeCases(), in: temporary.person)
            identifiers = try ContactFixtures.identifiers(in: temporary.person)
        }

        func connection(_ access: AccessChoice) throws -> EmbeddedConnection {
            try temporary.person.accessControls().setAccess(access, for: ColumnBatchEncoderTests.bundle)
            var configuration = temporary.configuration()
            configuration.accessor = .app(
                AppIdentity(
                    bundleIdentifier: ColumnBatchEncoderTests.bundle, usageDescription: "Tests.",
                    entitlements: AppEntitlements(granted: [AppEntitlements.contactsNotesKey])))
            configuration.privacy = ContactStorePrivacyOptions(administratorPolicy: .unrestricted)
            return EmbeddedConnection(configuration: configuration)
        }
    }

    /// Contacts whose fields take every form the store keeps: empty, non-ASCII, U+0000, U+001F (the JSON form of
    /// a detail), a detail that opens like JSON, nil and empty labels, a birthday in another calendar, an image.
    static func edgeCases() -> [CNMutableContact] {
        let empty = CNMutableContact()
        let text = CNMutableContact()
        text.givenName = "Zoë"
        text.familyName = "Łukasiewicz-李"
        text.nickname = "🚀\u{0}after"
        text.note = "a\u{0}b\u{1F}c\n"
        text.organizationName = "Ünïcødé"
        text.contactType = .organization
        text.phoneNumbers = [
            CNLabeledValue(label: nil, value: CNPhoneNumber(stringValue: "+1 555 0100")),
            CNLabeledValue(label: "", value: CNPhoneNumber(stringValue: "")),
            CNLabeledValue(label: "Ärbeit", value: CNPhoneNumber(stringValue: "٠١٢٣")),
        ]
        text.emailAddresses = [CNLabeledValue(label: CNLabelHome, value: "zoë@example.com")]
        let street = CNMutablePostalAddress()
        street.street = "1 Rue\u{1F}Haute"
        street.city = "Zürich"
        let bracket = CNMutablePostalAddress()
        bracket.street = "[not json"
        bracket.subLocality = "[\"x\"]"
        bracket.isoCountryCode = "ch"
        text.postalAddresses = [
            CNLabeledValue(label: CNLabelWork, value: street), CNLabeledValue(label: nil, value: bracket),
            CNLabeledValue(label: "", value: CNPostalAddress()),
        ]
        text.socialProfiles = [
            CNLabeledValue(
                label: nil,
                value: CNSocialProfile(urlString: "", username: "a\u{1F}b", userIdentifier: "", service: "Ñet")),
            CNLabeledValue(
                label: "x", value: CNSocialProfile(urlString: "[", username: "", userIdentifier: "", service: "")),
        ]
        text.instantMessageAddresses = [
            CNLabeledValue(label: nil, value: CNInstantMessageAddress(username: "zoë", service: ""))
        ]
        text.urlAddresses = [CNLabeledValue(label: CNLabelURLAddressHomePage, value: "https://例え.jp")]
        text.contactRelations = [
            CNLabeledValue(label: CNLabelContactRelationMother, value: CNContactRelation(name: "Æsa"))
        ]
        let dated = CNMutableContact()
        dated.givenName = "Dated"
        dated.birthday = DateComponents(month: 2, day: 29)
        var chinese = DateComponents(calendar: Calendar(identifier: .chinese), era: 78, year: 40, month: 4, day: 5)
        chinese.isLeapMonth = true
        dated.nonGregorianBirthday = chinese
        dated.dates = [
            CNLabeledValue(
                label: CNLabelDateAnniversary, value: DateComponents(year: 2001, month: 6, day: 1) as NSDateComponents),
            CNLabeledValue(label: nil, value: DateComponents(month: 12, day: 24) as NSDateComponents),
        ]
        let pictured = CNMutableContact()
        pictured.givenName = "Pictured"
        pictured.imageData = Data([0xFF, 0xD8, 0xFF, 0xD9])
        return [empty, text, dated, pictured]
    }

    /// Reads every batch of one fetch through both paths and compares them; gives how many batches there were
    /// and how many the new path encoded from the rows.
    @discardableResult
    private static func compare(
        _ connection: EmbeddedConnection, _ query: ContactQuery, size: Int, frames: URL? = nil
    ) throws -> (batches: Int, encoded: Int) {
        let rows = ContactBatches(
            try connection.fetchedContacts(query, mutableObjects: false), compact: true, columns: true)
        let general = ContactBatches(
            try connection.fetchedContacts(query, mutableObjects: false), compact: true, columns: true,
            encodesRows: false)
        var batches = 0
        var encoded = 0
        var contacts = 0
        while true {
            let new = try rows.nextBatch(size: size)
            let old = try general.nextBatch(size: size)
            if case .encoded = new.body { encoded += 1 }
            if case .encoded = old.body { Issue.record("the general path encoded rows") }
            #expect(new.last == old.last)
            let newFrame = try #require(new.body.frame(id: 7, last: new.last))
            let oldFrame = try #require(old.body.frame(id: 7, last: old.last))
            #expect(newFrame == oldFrame, "batch \(batches) differs in its bytes")
            let newMessage = try Frame.decode(Contacts_V1_ServerMessage.self, from: Array(newFrame.dropFirst(4)))
            let oldMessage = try Frame.decode(Contacts_V1_ServerMessage.self, from: Array(oldFrame.dropFirst(4)))
            #expect(newMessage == oldMessage, "batch \(batches) decodes to another message")
            guard case .contactBatch(let newBatch)? = newMessage.body,
                case .contactBatch(let oldBatch)? = oldMessage.body
            else {
                Issue.record("batch \(batches) is not a contact batch")
                break
            }
            let newContacts = try newBatch.storages()
            let oldContacts = try oldBatch.storages()
            #expect(newContacts.count == oldContacts.count)
            for (index, contact) in newContacts.enumerated() where index < oldContacts.count {
                #expect(contact.hasSameValues(as: oldContacts[index]), "contact \(contacts + index) differs")
            }
            contacts += newContacts.count
            if let frames {
                try Data(newFrame.dropFirst(4)).write(to: frames.appendingPathComponent("\(batches).new"))
                try Data(oldFrame.dropFirst(4)).write(to: frames.appendingPathComponent("\(batches).old"))
            }
            batches += 1
            if new.last { break }
        }
        return (batches, encoded)
    }

    @Test(arguments: Keys.allCases, [CNContactSortOrder.none, .givenName, .familyName])
    func rowsEncodeTheBatchesTheStoragesDo(keys: Keys, order: CNContactSortOrder) throws {
        let book = try Book()
        let connection = try book.connection(.full)
        let query = ContactQuery(predicate: nil, keys: keys.set, sortOrder: order, unify: false)
        let result = try Self.compare(connection, query, size: 128)
        #expect(result.batches == 3, "304 contacts in batches of 128")
        #expect(result.encoded == (keys == .withImages ? 0 : result.batches), "images take the general path")
    }

    @Test(arguments: [1, 7, 500])
    func everyBatchSizeEncodesTheSameBatches(size: Int) throws {
        let book = try Book(realistic: 20)
        let query = ContactQuery(predicate: nil, keys: Keys.allButImages.set, sortOrder: .familyName, unify: false)
        let result = try Self.compare(try book.connection(.full), query, size: size)
        #expect(result.encoded == result.batches)
    }

    /// A limited app's batches hold its visible contacts only, on both paths alike.
    @Test func aLimitedAppsBatchesHoldItsVisibleContactsOnly() throws {
        let book = try Book()
        let visible = Set(book.identifiers.enumerated().filter { $0.offset % 3 == 0 }.map(\.element))
        let connection = try book.connection(.limited(visible))
        let query = ContactQuery(predicate: nil, keys: Keys.allButImages.set, sortOrder: .givenName, unify: false)
        let result = try Self.compare(connection, query, size: 40)
        #expect(result.encoded == result.batches)
        let fetched = ContactBatches(
            try connection.fetchedContacts(query, mutableObjects: false), compact: true, columns: true)
        var identifiers: [String] = []
        while true {
            let batch = try fetched.nextBatch(size: 40)
            let frame = try #require(batch.body.frame(id: 1, last: batch.last))
            let message = try Frame.decode(Contacts_V1_ServerMessage.self, from: Array(frame.dropFirst(4)))
            guard case .contactBatch(let contacts)? = message.body else { break }
            identifiers += contacts.columns.identifiers
            if batch.last { break }
        }
        #expect(Set(identifiers) == visible)
        #expect(identifiers.count == visible.count)
    }

    /// Unified fetches: of a store without links, from the rows (each contact its own card alone); of a store
    /// with links, the general path, also when linked cards fall on both sides of a page's end.
    @Test(arguments: [false, true])
    func unifiedFetchesEncodeTheBatchesTheStoragesDo(linked: Bool) throws {
        let book = try Book(realistic: 40)
        if linked {
            // Row order: cards 9 and 10 straddle the end of the first page of 10, 25 and 3 lie pages apart.
            try book.temporary.person.link([book.identifiers[9], book.identifiers[10]])
            try book.temporary.person.link([book.identifiers[25], book.identifiers[3]])
        }
        let connection = try book.connection(.full)
        for keys in [Keys.allButImages, .identifierOnly] {
            let query = ContactQuery(predicate: nil, keys: keys.set, sortOrder: .none, unify: true)
            let result = try Self.compare(connection, query, size: 10)
            #expect(result.encoded == (linked ? 0 : result.batches))
        }
    }

    /// Columns far larger than the lists' first room (long non-ASCII notes, names and labeled values, so each list
    /// grows many times within a page): the same batches, the raw lists' growth keeping every byte.
    @Test func longTextGrowsTheListsAndEncodesTheSameBatches() throws {
        let book = try Book(realistic: 10)
        let contacts = (0..<24).map { index in
            let contact = CNMutableContact()
            contact.givenName = String(repeating: "Zoë", count: 40 * index + 1)
            contact.familyName = index.isMultiple(of: 2) ? "" : "Łukasiewicz-李 \(index)"
            contact.note = String(repeating: "abcdefgh🚀ß€\u{1F}", count: 300 * (index % 5 + 1))
            contact.emailAddresses = (0..<(index % 7)).map { value in
                CNLabeledValue(
                    label: value.isMultiple(of: 3) ? nil : "ラベル\(value)", value: NSString(string: "user\(value)@例え.jp"))
            }
            return contact
        }
        _ = try ContactFixtures.save(contacts, in: book.temporary.person)
        for order in [CNContactSortOrder.none, .givenName] {
            let query = ContactQuery(predicate: nil, keys: Keys.allButImages.set, sortOrder: order, unify: false)
            let result = try Self.compare(try book.connection(.full), query, size: 16)
            #expect(result.encoded == result.batches)
            #expect(result.batches == 3, "38 contacts in batches of 16")
        }
    }

    /// A damaged file's text that is not UTF-8 (a contact's columns, a labeled value and its detail) reaches the
    /// app repaired, as the storages' path repairs it (`String(decoding:as:)`), not as bytes the app rejects.
    @Test(arguments: [CNContactSortOrder.none, .givenName])
    func textThatIsNotUTF8IsRepairedAsTheStoragesPathRepairsIt(order: CNContactSortOrder) throws {
        let book = try Book(realistic: 5)
        let script = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("UPDATE contact SET given_name = CAST(X'5A6FC3FF41' AS TEXT), note = CAST(X'E282' AS TEXT) "
                       "WHERE given_name = 'Zoë'")
            db.execute("UPDATE contact_value SET value = CAST(X'2B31C0AF' AS TEXT), "
                       "detail = CAST(X'4142ED1FA0' AS TEXT) WHERE kind = 3")
            db.commit()
            print(db.total_changes)
            """
        let run = try UnprivilegedApp.run(["/usr/bin/env", "python3", "-c", script, book.temporary.url.path])
        try #require(run.status == 0, "\(run.output)")
        let changes = Int(run.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(changes >= 2, "the damaged rows were written")
        let query = ContactQuery(predicate: nil, keys: Keys.allButImages.set, sortOrder: order, unify: false)
        let result = try Self.compare(try book.connection(.full), query, size: 4)
        #expect(result.encoded == result.batches)
    }

    /// The Python client's generated code decodes the rows' batches to what it decodes the general path's to.
    @Test func pythonDecodesTheRowsBatchesAsTheGeneralPaths() throws {
        let check = try UnprivilegedApp.run(["/usr/bin/env", "python3", "-c", "import google.protobuf"])
        try #require(check.status == 0, "python3 with protobuf is needed: \(check.output)")
        let book = try Book(realistic: 60)
        let frames = book.temporary.directory.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
        let query = ContactQuery(predicate: nil, keys: Keys.allButImages.set, sortOrder: .givenName, unify: false)
        let result = try Self.compare(try book.connection(.full), query, size: 25, frames: frames)
        let python = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Python")
        let script = """
            import sys
            sys.path.insert(0, sys.argv[1])
            import contacts_pb2
            same = contacts = 0
            for index in range(int(sys.argv[3])):
                new, old = (contacts_pb2.ServerMessage(), contacts_pb2.ServerMessage())
                new.ParseFromString(open(f"{sys.argv[2]}/{index}.new", "rb").read())
                old.ParseFromString(open(f"{sys.argv[2]}/{index}.old", "rb").read())
                same += new == old
                contacts += len(new.contact_batch.columns.identifiers)
            print(same, contacts)
            """
        let run = try UnprivilegedApp.run(
            ["/usr/bin/env", "python3", "-c", script, python.path, frames.path, String(result.batches)])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.trimmingCharacters(in: .whitespacesAndNewlines) == "\(result.batches) 64")
    }
}
