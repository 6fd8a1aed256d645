import ContactsClient
import ContactsPrivacy
import ContactsProtocol
import ContactsSystem
import ContactsTestSupport
import ContactsWebUI
import Foundation
import Synchronization
import Testing

@testable import ContactsDaemon

/// contactsd answers an idle app's short calls on its event loop (ConnectionSession.receive): what that could
/// break, tried as a client would. A connection's calls are still answered in the order they were made, a call
/// that needs the person still waits for the person without holding anyone else, a flood holds no other app,
/// connections that go away at once leave nothing behind, and a revoked app's answer is 100.
@Suite struct ShortCallTests {
    private static let allKeys = [CNContactIdentifierKey, CNContactGivenNameKey, CNContactFamilyNameKey]

    private static func getContact(_ identifier: String) -> Contacts_V1_ClientMessage.OneOf_Body {
        var request = Contacts_V1_GetContactRequest()
        request.identifier = identifier
        request.keys = allKeys
        return .getContact(request)
    }

    /// A raw client past its greeting.
    private static func greetedClient(_ fixture: DaemonFixture) throws -> RawClient {
        let client = try RawClient(path: fixture.daemon.configuration.socketPath, receiveTimeout: 60)
        guard case .welcome = try client.reply(to: 1).message.body else {
            throw CNError(.communicationError)
        }
        return client
    }

    /// The ids of the messages received, in order, up to and including `id`'s.
    private static func order(of messages: [Contacts_V1_ServerMessage]) -> [UInt64] {
        messages.map(\.id).filter { $0 != 0 }
    }

    @Test func aContactAskedForRightAfterItsSaveIsFoundAndAnsweredAfterTheSave() throws {
        let fixture = try DaemonFixture()
        try fixture.setAccess(.full)
        let client = try Self.greetedClient(fixture)
        let ann = ContactFixtures.person("Ann", "Lee")
        var add = Contacts_V1_ContactInContainer()
        add.contact = Contacts_V1_Contact(ann.storage)
        var operation = Contacts_V1_SaveOperation()
        operation.kind = .addContact(add)
        var save = Contacts_V1_SaveRequest()
        save.operations = [operation]

        // Both written before either is answered: the second must not overtake the first.
        try client.send(id: 2, .save(save))
        try client.send(id: 3, Self.getContact(ann.identifier))
        let reply = try client.reply(to: 3)
        guard case .contact(let found) = reply.message.body else {
            Issue.record("not a contact reply: \(reply.message)")
            return
        }
        #expect(found.contact.identifier == ann.identifier)
        #expect(found.contact.givenName == "Ann")
        #expect(Self.order(of: reply.messages).suffix(2) == [2, 3])
        if case .error(let error) = reply.messages.first(where: { $0.id == 2 })?.body {
            Issue.record("the save failed: \(error.code)")
        }
    }

    @Test func aShortCallDuringAnEnumerationComesAfterItsBatchAndTheEnumerationGoesOn() throws {
        let fixture = try DaemonFixture()
        let people = (0..<40).map { ContactFixtures.person("Given\($0)", "Family\($0)") }
        try ContactFixtures.save(people, in: fixture.person)
        try fixture.setAccess(.full)
        let client = try Self.greetedClient(fixture)
        var fetch = Contacts_V1_FetchContactsRequest()
        fetch.keys = Self.allKeys
        fetch.batchSize = 8
        fetch.initialBatches = 2

        try client.send(id: 2, .fetchContacts(fetch))
        try client.send(id: 3, Self.getContact(people[0].identifier))
        try client.send(id: 4, .authorizationStatus(Contacts_V1_AuthorizationStatusRequest()))
        let status = try client.reply(to: 4)
        // The enumeration's two granted batches were asked for first: they come first.
        #expect(Self.order(of: status.messages).suffix(4) == [2, 2, 3, 4])
        if case .contact(let found)? = status.messages.first(where: { $0.id == 3 })?.body {
            #expect(found.contact.identifier == people[0].identifier)
        } else {
            Issue.record("no contact reply")
        }

        // Between batches (nothing queued), a call is answered at once, and the stream still ends whole.
        try client.send(id: 5, Self.getContact(people[1].identifier))
        _ = try client.reply(to: 5)
        var more = Contacts_V1_Continue()
        more.batches = 100
        try client.send(id: 2, .continue(more))
        var identifiers: [String] = []
        var messages: [Contacts_V1_ServerMessage] = []
        while true {
            let reply = try client.reply(to: 2)
            messages = reply.messages
            if case .contactBatch(let batch)? = messages.last?.body, batch.last { break }
            if case .error? = messages.last?.body { break }
            try client.send(id: 2, .continue(more))
        }
        for message in messages where message.id == 2 {
            if case .contactBatch(let batch) = message.body { identifiers += batch.contacts.map(\.identifier) }
        }
        #expect(Set(identifiers) == Set(people.map(\.identifier)))
        #expect(identifiers.count == people.count)
    }

    @Test func aLookupAnsweredOnTheLoopSendsTheBatchesItWasGrantedAndNoMore() throws {
        let fixture = try DaemonFixture()
        let people = (0..<20).map { ContactFixtures.person("Given\($0)", "Family\($0)", phones: ["+1 415 555 0100"]) }
        try ContactFixtures.save(people, in: fixture.person)
        try fixture.setAccess(.full)
        let client = try Self.greetedClient(fixture)
        var fetch = Contacts_V1_FetchContactsRequest()
        fetch.predicate.kind = .contactsMatchingPhoneNumber("+1 415 555 0100")
        fetch.keys = Self.allKeys
        fetch.batchSize = 4
        fetch.initialBatches = 3

        try client.send(id: 2, .fetchContacts(fetch))
        // A status call after the three granted batches marks where the daemon stopped.
        try client.send(id: 3, .authorizationStatus(Contacts_V1_AuthorizationStatusRequest()))
        let status = try client.reply(to: 3)
        #expect(Self.order(of: status.messages).suffix(4) == [2, 2, 2, 3])
        var more = Contacts_V1_Continue()
        more.batches = 10
        try client.send(id: 2, .continue(more))
        var messages: [Contacts_V1_ServerMessage] = []
        while true {
            let reply = try client.reply(to: 2)
            messages = reply.messages
            guard case .contactBatch(let batch) = reply.message.body else {
                Issue.record("not a batch: \(reply.message)")
                return
            }
            if batch.last { break }
        }
        var identifiers: [String] = []
        for message in messages where message.id == 2 {
            if case .contactBatch(let batch) = message.body { identifiers += batch.contacts.map(\.identifier) }
        }
        #expect(identifiers.count == people.count)
        #expect(Set(identifiers) == Set(people.map(\.identifier)))
    }

    /// Asks the person after a while; counts how often.
    private final class SlowConsent: ConsentAgent {
        let asked = Atomic<Int>(0)
        func consent(to request: ConsentRequest, candidates: ContactCandidateSource) async -> ConsentAnswer? {
            asked.add(1, ordering: .relaxed)
            try? await Task.sleep(for: .seconds(2))
            return .full
        }
    }

    @Test func aCallThatNeedsThePersonWaitsForThemWithoutHoldingOtherConnections() throws {
        let consent = SlowConsent()
        let fixture = try DaemonFixture(consent: consent, consentTimeout: .seconds(30))
        let ann = ContactFixtures.person("Ann", "Lee")
        try ContactFixtures.save([ann], in: fixture.person)
        // Not determined: the app's first data call asks the person, who answers after two seconds.
        let asking = try Self.greetedClient(fixture)
        let other = try Self.greetedClient(fixture)
        let started = ContinuousClock.now
        try asking.send(id: 2, Self.getContact(ann.identifier))
        Thread.sleep(forTimeInterval: 0.3)

        try other.send(id: 2, .authorizationStatus(Contacts_V1_AuthorizationStatusRequest()))
        let status = try other.reply(to: 2)
        #expect(ContinuousClock.now - started < .seconds(1.5), "another app's call waited for the person")
        guard case .authorizationStatus = status.message.body else {
            Issue.record("not a status reply: \(status.message)")
            return
        }

        let reply = try asking.reply(to: 2)
        #expect(ContinuousClock.now - started >= .seconds(2))
        guard case .contact(let found) = reply.message.body else {
            Issue.record("the call did not wait for the person's answer: \(reply.message)")
            return
        }
        #expect(found.contact.identifier == ann.identifier)
        #expect(consent.asked.load(ordering: .relaxed) == 1)
    }

    @Test func anAppFloodingShortCallsHoldsNoOtherApp() async throws {
        let fixture = try DaemonFixture()
        let ann = ContactFixtures.person("Ann", "Lee")
        try ContactFixtures.save([ann], in: fixture.person)
        try fixture.setAccess(.full)
        let flooder = try Self.greetedClient(fixture)
        let flooded = Atomic<Bool>(false)
        // The flood: calls by the thousand, never read (its replies wait in the daemon for it).
        let thread = Thread {
            for id in 2..<20_000 {
                let body: Contacts_V1_ClientMessage.OneOf_Body =
                    id % 2 == 0 ? Self.getContact(ann.identifier) : .authorizationStatus(.init())
                guard (try? flooder.send(id: UInt64(id), body)) != nil else { break }
            }
            flooded.store(true, ordering: .releasing)
        }
        thread.start()

        let app = fixture.appStore()
        let started = ContinuousClock.now
        for _ in 0..<50 {
            let contact = try app.unifiedContact(
                withIdentifier: ann.identifier, keysToFetch: [CNContactGivenNameKey as CNKeyDescriptor])
            #expect(contact.givenName == "Ann")
        }
        #expect(ContinuousClock.now - started < .seconds(20), "the other app waited")
        // The flooder is answered too, in order, once it reads.
        let last = try flooder.reply(to: 101)
        #expect(Self.order(of: last.messages) == Array(1...101))
        while !flooded.load(ordering: .acquiring) { try await Task.sleep(for: .milliseconds(20)) }
    }

    /// Connects, greets, asks for the status without reading, and closes.
    private static func callAndLeave(_ fixture: DaemonFixture, greet: Bool) throws {
        let client = try RawClient(path: fixture.daemon.configuration.socketPath, receiveTimeout: 60)
        if greet { _ = try client.reply(to: 1) }
        try client.send(id: 2, .authorizationStatus(Contacts_V1_AuthorizationStatusRequest()))
        try client.send(id: 3, getContact("nobody"))
    }

    @Test(arguments: [false, true])
    func connectionsThatCallAndLeaveAtOnceStallNothingAndLeaveNothing(greet: Bool) throws {
        let fixture = try DaemonFixture()
        try fixture.setAccess(.full)
        for _ in 0..<150 { try Self.callAndLeave(fixture, greet: greet) }
        let app = fixture.appStore()
        #expect(
            try app.unifiedContacts(matching: CNContact.predicateForContacts(matchingName: "x"), keysToFetch: [])
                .isEmpty)
        let deadline = Date().addingTimeInterval(60)
        while fixture.daemon.liveSessionCount > 1, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(fixture.daemon.liveSessionCount == 1)
    }

    @Test func aRevokedAppsShortCallsFailWith100() throws {
        let fixture = try DaemonFixture()
        let ann = ContactFixtures.person("Ann", "Lee")
        try ContactFixtures.save([ann], in: fixture.person)
        try fixture.setAccess(.full)
        let client = try Self.greetedClient(fixture)
        try client.send(id: 2, Self.getContact(ann.identifier))
        guard case .contact(let before) = try client.reply(to: 2).message.body else {
            Issue.record("no contact before the revocation")
            return
        }
        #expect(before.contact.identifier == ann.identifier)

        // Calls in flight while the person denies the app (the revocation runs on the session's queue, from the
        // person's side, beside the loop's calls); the app's process is kept (it is this test).
        for id in 3..<40 { try client.send(id: UInt64(id), Self.getContact(ann.identifier)) }
        try fixture.daemon.screensBackend.setAccess(
            .denied, for: DaemonFixture.bundleIdentifier, keepProcesses: true, uid: geteuid())
        try client.send(id: 40, Self.getContact(ann.identifier))
        try client.send(id: 41, .authorizationStatus(Contacts_V1_AuthorizationStatusRequest()))
        try client.send(id: 42, .meContact(Contacts_V1_MeContactRequest()))
        let after = try client.reply(to: 42)
        #expect(
            after.messages.contains { message in
                if case .accessRevoked = message.body { return true } else { return false }
            })
        for id: UInt64 in [40, 42] {
            let message = after.messages.first { $0.id == id }
            guard case .error(let error)? = message?.body else {
                Issue.record("call \(id) was answered after the revocation: \(String(describing: message))")
                continue
            }
            #expect(error.code == Int32(CNError.Code.authorizationDenied.rawValue))
        }
        guard case .authorizationStatus(let status)? = after.messages.first(where: { $0.id == 41 })?.body else {
            Issue.record("no status reply")
            return
        }
        #expect(status.status == Int32(CNAuthorizationStatus.denied.rawValue))
    }
}
