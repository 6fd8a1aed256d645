import ContactsClient
import ContactsProtocol
import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsDaemon

/// An array fetch (`unifiedContacts(matching:)`) lets contactsd send a few batches before the app reads them
/// (`DaemonConnection.keptFetchCredit`), topped up one a batch; a lookup the event loop answers in one batch
/// leaves no credit job behind on the connection's queue.
@Suite struct ArrayFetchCreditTests {
    private static let batch = AuthorizedStore.batchSize

    @Test func anArrayFetchOfMoreBatchesThanItsCreditComesBackWholeAndOnce() throws {
        let fixture = try DaemonFixture()
        try fixture.setAccess(.full)
        // Six full batches and part of a seventh: more than the four granted at first, so the top-ups carry it.
        let count = 6 * Self.batch + 37
        let saved = try ContactFixtures.save(
            (0..<count).map { ContactFixtures.person("Given\($0)", "Credit") }, in: fixture.person)
        _ = try ContactFixtures.save([ContactFixtures.person("Other", "Elsewhere")], in: fixture.person)
        let app = fixture.appStore()
        let keys = [CNContactGivenNameKey, CNContactFamilyNameKey].map { $0 as CNKeyDescriptor }

        let found = try app.unifiedContacts(
            matching: CNContact.predicateForContacts(matchingName: "Credit"), keysToFetch: keys)

        #expect(found.count == count)
        #expect(Set(found.map(\.identifier)) == Set(saved.map(\.identifier)))
        #expect(found.allSatisfy { $0.familyName == "Credit" && $0.givenName.hasPrefix("Given") })
        // The stream ended with its last batch: nothing is left open or held for it.
        #expect(fixture.daemon.openStreams.open == 0)
        #expect(fixture.daemon.openStreams.readAhead == 0)
        // The connection goes on: the next call is answered.
        let again = try app.unifiedContacts(
            matching: CNContact.predicateForContacts(matchingName: "Elsewhere"), keysToFetch: keys)
        #expect(again.map(\.givenName) == ["Other"])
    }

    @Test func aLookupAnsweredInOneBatchQueuesNoJobForItsUnusedCredit() throws {
        let fixture = try DaemonFixture()
        let people = (0..<3).map { ContactFixtures.person("Given\($0)", "Family\($0)", phones: ["+1 415 555 0100"]) }
        try ContactFixtures.save(people, in: fixture.person)
        try fixture.setAccess(.full)
        let client = try RawClient(path: fixture.daemon.configuration.socketPath, receiveTimeout: 60)
        guard case .welcome = try client.reply(to: 1).message.body else {
            Issue.record("no welcome")
            return
        }
        // The greeting's own job has ended once the status call is answered (it came behind it).
        try client.send(id: 2, .authorizationStatus(Contacts_V1_AuthorizationStatusRequest()))
        _ = try client.reply(to: 2)
        var fetch = Contacts_V1_FetchContactsRequest()
        fetch.predicate.kind = .contactsMatchingPhoneNumber("+1 415 555 0100")
        fetch.keys = [CNContactGivenNameKey]
        fetch.batchSize = 500
        fetch.initialBatches = 4
        // The loop answers a call only while the session is idle (no job of its own running, no write on its
        // way); on a busy machine the end of the last call may not have reached the loop yet, and the call is then
        // queued whole, one job. So the lookup is tried up to ten times: answered on the loop, it queues no job at
        // all; with a job queued for its unused credit, every try would count one.
        var answeredWithoutAJob = false
        for id in UInt64(3)..<13 where !answeredWithoutAJob {
            Thread.sleep(forTimeInterval: 0.02)
            let before = try fixture.daemon.queuedJobCount()
            try client.send(id: id, .fetchContacts(fetch))
            let reply = try client.reply(to: id)
            guard case .contactBatch(let batch) = reply.message.body else {
                Issue.record("not a batch: \(reply.message)")
                return
            }
            #expect(batch.last)
            #expect(Set(batch.contacts.map(\.identifier)) == Set(people.map(\.identifier)))
            answeredWithoutAJob = try fixture.daemon.queuedJobCount() == before
        }
        #expect(answeredWithoutAJob)
        #expect(fixture.daemon.openStreams.open == 0)
    }
}
