import ContactsClient
import ContactsProtocol
import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsDaemon

/// An app's change history over contactsd: the same events as the embedded store gives, streamed in batches
/// under the client's credit, scoped to what the app may see.
@Suite struct DaemonHistoryTests {
    @Test func theAppReadsTheSameHistoryAsTheEmbeddedStore() throws {
        let fixture = try DaemonFixture()
        try fixture.setAccess(.full)
        let ann = ContactFixtures.person("Ann", "Lee")
        let bob = ContactFixtures.person("Bob", "Stone")
        try ContactFixtures.save([ann, bob], in: fixture.person)
        let app = fixture.appStore()
        let start = try #require(app.currentHistoryToken)
        let cara = ContactFixtures.person("Cara", "Diaz")
        let request = CNSaveRequest()
        request.add(cara, toContainerWithIdentifier: nil)
        ann.givenName = "Anna"
        request.update(ann)
        request.delete(bob)
        let group = CNMutableGroup()
        group.name = "Friends"
        request.add(group, toContainerWithIdentifier: nil)
        request.addMember(cara, to: group)
        try fixture.person.execute(request)

        let overSocket = try app.historyLines(after: start, groups: true)
        let embedded = try fixture.person.historyLines(after: start, groups: true)
        #expect(overSocket.lines == embedded.lines)
        #expect(overSocket.lines.contains("add \(cara.identifier) in \(fixture.person.defaultContainerIdentifier())"))
        #expect(overSocket.lines.contains("delete \(bob.identifier)"))
        #expect(overSocket.lines.contains("add member \(cara.identifier) to Friends"))
        #expect(overSocket.token == embedded.token, "the token of the state the events describe")
        #expect(try app.historyLines(after: overSocket.token).lines.isEmpty, "nothing after the returned token")

        let full = try app.historyLines(after: nil, keys: [CNContactGivenNameKey])
        #expect(full.lines == (try fixture.person.historyLines(after: nil, keys: [CNContactGivenNameKey]).lines))
        #expect(full.lines.first == "drop")
        let expired = CNChangeHistoryFetchRequest()
        expired.startingToken = Data("not a token".utf8)
        #expect(try app.changeHistory(for: expired).value.startsOver)
    }

    @Test func eventContactsHoldTheRequestedKeysAndAreMutableWhenAsked() throws {
        let fixture = try DaemonFixture()
        try fixture.setAccess(.full)
        let app = fixture.appStore()
        let start = try #require(app.currentHistoryToken)
        try ContactFixtures.save([ContactFixtures.person("Ann", "Lee")], in: fixture.person)
        let request = CNChangeHistoryFetchRequest()
        request.startingToken = start
        request.additionalContactKeyDescriptors = [CNContactGivenNameKey as NSString]
        request.mutableObjects = true
        let event = try #require(
            Array(try app.changeHistory(for: request).value).first as? CNChangeHistoryAddContactEvent)
        #expect(event.contact.givenName == "Ann")
        #expect(event.contact is CNMutableContact)
        #expect(!event.contact.isKeyAvailable(CNContactFamilyNameKey))
    }

    @Test func aLongHistoryStreamsInBatchesAndAnIterationLeftEarlyLeavesTheConnectionInStep() throws {
        let fixture = try DaemonFixture()
        try fixture.setAccess(.full)
        let people = (0..<700).map { ContactFixtures.person(String(format: "P%04d", $0), "Test") }
        try ContactFixtures.save(people, in: fixture.person)

        // On the wire: batches of at most 256 events, one more per Continue.
        let connection = DaemonConnection(socketPath: fixture.daemon.configuration.socketPath)
        let stream = try connection.open(.changeHistory(Contacts_V1_ChangeHistoryRequest()))
        var sizes: [Int] = []
        while true {
            guard case .historyBatch(let batch) = try stream.next() else {
                Issue.record("not a history batch")
                return
            }
            sizes.append(batch.events.count)
            #expect(batch.startsOver)
            if batch.last { break }
            try stream.grant(1)
        }
        stream.finish()
        #expect(sizes == [256, 256, 189], "a drop-everything event and 700 adds, in three batches")

        let app = fixture.appStore()
        let result = try app.changeHistory(for: CNChangeHistoryFetchRequest())
        var seen = 0
        for _ in result.value {
            seen += 1
            if seen == 300 { break }
        }
        #expect(seen == 300)
        #expect(try ContactFixtures.identifiers(in: app).count == 700, "the connection is in step after leaving early")
        #expect(Array(result.value).count == 701, "a second iteration reads every event again")

        // The lazy fetch streams the same way, with the token read before it.
        let fetch = CNContactFetchRequest(keysToFetch: [CNContactGivenNameKey as NSString])
        fetch.sortOrder = .givenName
        let contacts = try app.contacts(for: fetch)
        #expect(contacts.value.map(\.givenName) == people.map(\.givenName))
        #expect(contacts.currentHistoryToken == app.currentHistoryToken)
        #expect(Array(contacts.value.prefix(3)).count == 3)
        #expect(contacts.value.error == nil)
    }

    @Test func aLimitedAppSeesTheHistoryOfItsVisibleContactsOnly() throws {
        let fixture = try DaemonFixture()
        let (app, ann, bob) = try fixture.annSharedBobNot()
        let full = try app.historyLines(after: nil)
        #expect(full.lines == ["drop", "add \(ann.identifier) in \(fixture.person.defaultContainerIdentifier())"])
        ann.familyName = "Lewis"
        bob.familyName = "Stein"
        let request = CNSaveRequest()
        request.update(ann)
        request.update(bob)
        try fixture.person.execute(request)
        #expect(try app.historyLines(after: full.token).lines == ["update \(ann.identifier)"])
    }

    @Test func notesNeedTheEntitlementAndADeniedAppGetsNoHistory() throws {
        let fixture = try DaemonFixture()
        try fixture.setAccess(.full)
        let app = fixture.appStore()
        #expect(ErrorCode.of { try app.historyLines(after: nil, keys: [CNContactNoteKey]) } == .unauthorizedKeys)
        try fixture.setAccess(.denied)
        let denied = fixture.appStore()
        #expect(ErrorCode.of { try denied.changeHistory(for: CNChangeHistoryFetchRequest()) } == .authorizationDenied)
        #expect(denied.currentHistoryToken == nil)
    }
}
