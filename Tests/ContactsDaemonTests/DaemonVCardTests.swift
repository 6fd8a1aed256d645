import ContactsClient
import ContactsProtocol
import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsDaemon

/// vCard import and export over contactsd: the same results and rules as the embedded store, the cards crossing
/// the socket in chunks under flow control.
@Suite struct DaemonVCardTests {
    private static var names: [any CNKeyDescriptor] { [CNContactGivenNameKey as CNKeyDescriptor] }

    private static func card(_ given: String, uid: String? = nil, note: String? = nil) -> String {
        var lines = ["BEGIN:VCARD", "VERSION:3.0", "N:Test;\(given);;;", "FN:\(given) Test"]
        if let uid { lines.append("UID:\(uid)") }
        if let note { lines.append("NOTE:\(note)") }
        lines.append("END:VCARD")
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    private static let groupCards =
        card("John", uid: "john") + card("Kate", uid: "kate") + """
            BEGIN:VCARD\r
            VERSION:3.0\r
            N:Friends\r
            FN:Friends\r
            X-ADDRESSBOOKSERVER-KIND:group\r
            X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:john\r
            X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:kate\r
            END:VCARD\r

            """

    private func write(_ text: String, in fixture: DaemonFixture, named name: String = "cards.vcf") throws -> URL {
        let url = fixture.directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    private func names(in store: CNContactStore) throws -> [String] {
        var result: [String] = []
        try store.enumerateContacts(with: CNContactFetchRequest(keysToFetch: Self.names)) { contact, _ in
            result.append(contact.givenName)
        }
        return result.sorted()
    }

    @Test func anImportOverTheSocketAddsUpdatesAndReportsAsEmbedded() throws {
        let fixture = try DaemonFixture()
        try fixture.setAccess(.full)
        let app = fixture.appStore()
        let url = try write(Self.groupCards, in: fixture)
        var reports: [ContactImportProgress] = []
        let summary = try app.importVCards(from: url, options: ContactImportOptions(progressInterval: 1)) {
            reports.append($0)
        }
        #expect(summary.files == 1)
        #expect(summary.cards == 3)
        #expect(summary.added == 2)
        #expect(summary.groupsCreated == 1)
        #expect(summary.membersAdded == 2)
        #expect(reports.last?.isFinished == true)
        #expect(reports.last?.cardsRead == 3)
        #expect(reports.last?.totalBytes == Self.groupCards.utf8.count)
        #expect(try names(in: fixture.person) == ["John", "Kate"])
        #expect(try fixture.person.groups(matching: nil).map(\.name) == ["Friends"])
        let again = try app.importVCards(from: url)
        #expect(again.added == 0)
        #expect(again.skipped[.unchanged] == 2, "matched by UID, as embedded")
        let data = try app.importVCards(data: Data(Self.card("Lena").utf8))
        #expect(data.files == 0)
        #expect(data.added == 1)
        let empty = try app.importVCards(data: Data())
        #expect(empty.cards == 0)
    }

    @Test func severalFilesLargerThanAChunkAreOneImport() throws {
        let fixture = try DaemonFixture()
        try fixture.setAccess(.full)
        let app = fixture.appStore()
        // Over a MiB: the upload takes several chunks.
        let many = (0..<14_000).map { Self.card(String(format: "M%05d", $0), uid: "m\($0)") }.joined()
        let first = try write(many, in: fixture, named: "many.vcf")
        let empty = try write("", in: fixture, named: "empty.vcf")
        let last = try write(Self.card("Zed"), in: fixture, named: "last.vcf")
        #expect(many.utf8.count > 1 << 20)
        let summary = try app.importVCards(from: [first, empty, last])
        #expect(summary.files == 3)
        #expect(summary.added == 14_001)
        #expect(try ContactFixtures.identifiers(in: fixture.person).count == 14_001)
    }

    @Test func aMalformedFileImportsNothingAndIsNamedWithItsLine() throws {
        let fixture = try DaemonFixture()
        try fixture.setAccess(.full)
        let app = fixture.appStore()
        let good = try write(Self.card("Ann"), in: fixture, named: "good.vcf")
        let bad = try write(
            Self.card("Bob") + "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Cut;Off\r\n", in: fixture, named: "bad.vcf")
        do {
            try app.importVCards(from: [good, bad])
            Issue.record("a malformed file was imported")
        } catch let error as CNError {
            let embedded = try #require(ErrorCapture.of { try fixture.person.importVCards(from: [good, bad]) })
            #expect(error.code == .vCardMalformed)
            #expect(error.lineNumber == embedded.lineNumber)
            #expect(error.lineNumber != nil)
            #expect(error.userInfo[NSFilePathErrorKey] as? String == bad.path, "the app's path, not the daemon's")
        }
        #expect(try names(in: fixture.person).isEmpty, "nothing of the good file either: one transaction")
        #expect(
            ErrorCode.of { try app.importVCards(from: fixture.directory.appendingPathComponent("missing.vcf")) }
                == .dataAccessError)
    }

    @Test func aDeniedAppImportsNothingAndNotesNeedTheEntitlement() throws {
        let fixture = try DaemonFixture()
        try fixture.setAccess(.denied)
        #expect(
            ErrorCode.of { try fixture.appStore().importVCards(data: Data(Self.card("Eve").utf8)) }
                == .authorizationDenied)
        #expect(try names(in: fixture.person).isEmpty)
        try fixture.setAccess(.full)
        #expect(
            ErrorCode.of { try fixture.appStore().importVCards(data: Data(Self.card("Eve", note: "secret").utf8)) }
                == .unauthorizedKeys)
        #expect(try names(in: fixture.person).isEmpty)
    }

    @Test func importedContactsBecomeTheLimitedAppsOwn() throws {
        let fixture = try DaemonFixture()
        let (app, _, _) = try fixture.annSharedBobNot()
        try app.importVCards(data: Data(Self.card("Eve").utf8))
        #expect(try names(in: app) == ["Ann", "Eve"])
        try fixture.setAccess(.limited([]))
        #expect(try names(in: fixture.appStore()) == ["Eve"], "the app's own contacts stay visible")
    }

    @Test func anExportOverTheSocketIsTheEmbeddedExportLessWhatTheAppMayNotSee() throws {
        let fixture = try DaemonFixture()
        let ann = ContactFixtures.person("Ann", "Lee", phones: ["+1 555 0100"])
        ann.note = "private"
        let bob = ContactFixtures.person("Bob", "Stone")
        try ContactFixtures.save([ann, bob], in: fixture.person)
        try fixture.setAccess(.full)
        let app = fixture.appStore()
        let options = ContactExportOptions(includesNotes: false)
        let appURL = fixture.directory.appendingPathComponent("app.vcf")
        let personURL = fixture.directory.appendingPathComponent("person.vcf")
        let summary = try app.exportVCards(to: appURL, options: options)
        let embedded = try fixture.person.exportVCards(to: personURL, options: options)
        #expect(summary == embedded)
        #expect(summary.contacts == 2)
        #expect(try Data(contentsOf: appURL) == Data(contentsOf: personURL))
        // With notes asked for, an app without the entitlement gets the cards without them, as embedded.
        try app.exportVCards(to: appURL)
        #expect(try !String(decoding: Data(contentsOf: appURL), as: UTF8.self).contains("private"))
        try fixture.setAccess(.limited([ann.identifier]))
        let limited = try fixture.appStore().exportVCards(to: appURL, options: options)
        #expect(limited.contacts == 1)
        let predicate = NSPredicate(value: true)
        #expect(
            ErrorCode.of { try app.exportVCards(to: appURL, selection: .predicate(predicate)) } == .predicateInvalid)
    }

    @Test func aLargeExportStreamsInChunksAndStopsWhenCancelled() throws {
        let fixture = try DaemonFixture()
        let people = (0..<6_000).map {
            ContactFixtures.person(String(format: "P%05d", $0), "Exported", emails: ["p\($0)@example.com"])
        }
        try ContactFixtures.save(people, in: fixture.person)
        try fixture.setAccess(.full)

        let connection = DaemonConnection(socketPath: fixture.daemon.configuration.socketPath)
        var request = Contacts_V1_ExportVCardsRequest()
        request.initialBatches = 1
        var stream = try connection.open(.exportVcards(request))
        var chunks = 0
        var bytes = 0
        while true {
            guard case .vcardChunk(let chunk) = try stream.next() else {
                Issue.record("not a chunk")
                return
            }
            chunks += 1
            bytes += chunk.data.count
            #expect(chunk.data.count <= 1 << 20)
            if chunk.last {
                #expect(chunk.summary.bytes == UInt64(bytes))
                #expect(chunk.summary.contacts == 6_000)
                break
            }
            try stream.grant(1)
        }
        stream.finish()
        #expect(chunks >= 3, "over a MiB of cards, a chunk per credit, then the summary")

        // Cancelled after the first chunk: a last, empty chunk ends it, and the connection serves on.
        stream = try connection.open(.exportVcards(request))
        guard case .vcardChunk(let first) = try stream.next() else {
            Issue.record("not a chunk")
            return
        }
        #expect(!first.data.isEmpty)
        try stream.send(.cancel(Contacts_V1_Cancel()))
        var ended = false
        while !ended {
            guard case .vcardChunk(let chunk) = try stream.next() else {
                Issue.record("not a chunk")
                return
            }
            ended = chunk.last
            if ended {
                #expect(chunk.data.isEmpty)
                #expect(!chunk.hasSummary)
            }
        }
        stream.finish()
        #expect(connection.authorizationStatus() == .authorized)
        let handle = FileHandle(forWritingAtPath: "/dev/null")
        let summary = try fixture.appStore().exportVCards(to: try #require(handle))
        #expect(summary.contacts == 6_000)
    }
}

/// The CNError a call throws, or nil.
enum ErrorCapture {
    static func of(_ body: () throws -> Void) -> CNError? {
        do {
            try body()
            return nil
        } catch {
            return error as? CNError
        }
    }
}
