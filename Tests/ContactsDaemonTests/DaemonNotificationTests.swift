import ContactsClient
import ContactsProtocol
import ContactsSystem
import ContactsTestSupport
import Foundation
import Synchronization
import Testing

@testable import ContactsDaemon

/// Change notifications in daemon mode: contactsd pushes a `ChangeNotice` to each connected app when another
/// connection or the person changed the store, and the app's store posts `CNContactStoreDidChange` as an embedded
/// store does for another process's change. Nothing polls on the app's side.
@Suite struct DaemonNotificationTests {
    private static var names: [any CNKeyDescriptor] { [CNContactGivenNameKey as CNKeyDescriptor] }

    @Test func anotherClientsSaveIsPushedAndPostedAsAnExternalChange() async throws {
        let fixture = try DaemonFixture()
        try fixture.setAccess(.full)
        let app = fixture.appStore()
        #expect(app.changeWatcher == nil, "no file watcher and no timer: the daemon pushes")
        let recorder = NotificationRecorder(app)
        _ = app.authorizationStatus(for: .contacts)  // connects, as the first call of an embedded store opens it
        let other = fixture.appStore()
        try ContactFixtures.save([ContactFixtures.person("Ann", "Lee")], in: other)
        let received = try await recorder.wait(for: 1)
        #expect(received.count == 1)
        #expect(received.first?.external == true)
        #expect(received.first?.keys == ["CNNotificationOriginationExternally"], "no contact data, no identifiers")
        // What changed is read from the history, through the gate.
        #expect(try app.historyLines(after: nil).lines.count == 2)
    }

    @Test func thePersonsChangesAndLinksAndImportsArePushedToo() async throws {
        let fixture = try DaemonFixture()
        try fixture.setAccess(.full)
        let app = fixture.appStore()
        let recorder = NotificationRecorder(app)
        _ = app.authorizationStatus(for: .contacts)
        // The person's own tool, embedded, on the daemon's file.
        let ann = ContactFixtures.person("Ann", "Lee")
        try ContactFixtures.save([ann], in: fixture.person)
        #expect(try await recorder.wait(for: 1).count >= 1)
        let other = fixture.appStore()
        let bob = ContactFixtures.person("Bob", "Lee")
        try ContactFixtures.save([bob], in: other)
        let afterSave = try await recorder.wait(for: 2).count
        #expect(afterSave >= 2)
        try other.link([ann.identifier, bob.identifier])
        #expect(try await recorder.wait(for: afterSave + 1).count >= afterSave + 1)
        try other.importVCards(
            data: Data("BEGIN:VCARD\r\nVERSION:3.0\r\nN:New;Eve;;;\r\nFN:Eve New\r\nEND:VCARD\r\n".utf8))
        #expect(try await recorder.wait(for: afterSave + 2).count >= afterSave + 2)
        let allExternal = recorder.received.allSatisfy { $0.external }
        #expect(allExternal)
    }

    @Test func theSavingStoreIsNotToldOfItsOwnSave() async throws {
        let fixture = try DaemonFixture()
        try fixture.setAccess(.full)
        let app = fixture.appStore()
        let recorder = NotificationRecorder(app)
        let request = CNSaveRequest()
        request.add(ContactFixtures.person("Ann", "Lee"), toContainerWithIdentifier: nil)
        try app.execute(request)
        // A later change by another app is pushed after anything the daemon could have sent about the first:
        // pushes to one connection keep their order.
        try ContactFixtures.save([ContactFixtures.person("Bob", "Stone")], in: fixture.appStore())
        let received = try await recorder.wait(for: 2)
        #expect(received.count == 2)
        #expect(
            received.first
                == NotificationRecorder.Entry(
                    saveIdentifiers: [request.saveIdentifier], external: false,
                    keys: ["CNNotificationSaveIdentifiersKey", "CNNotificationSourcesKey"]))
        #expect(received.last?.external == true)
    }

    @Test func anObserverMayCallTheStoreFromTheHandler() async throws {
        let fixture = try DaemonFixture()
        try fixture.setAccess(.full)
        let app = fixture.appStore()
        _ = app.authorizationStatus(for: .contacts)
        let fetched = FetchedNames()
        let observer = NotificationCenter.default.addObserver(
            forName: .CNContactStoreDidChange, object: app, queue: nil
        ) { _ in
            // Runs on the connection's push queue, not on the thread that reads replies: the call gets its reply.
            fetched.set(
                (try? app.unifiedContacts(
                    matching: CNContact.predicateForContacts(matchingName: "ann"), keysToFetch: Self.names))?
                    .map(\.givenName) ?? ["failed"])
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        try ContactFixtures.save([ContactFixtures.person("Ann", "Lee")], in: fixture.appStore())
        let deadline = ContinuousClock.now + .seconds(180)
        while fetched.value == nil, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(fetched.value == ["Ann"])
    }

    // A deadlock guard, generous because the full suite may keep Swift Testing's pool busy for minutes.
    @Test(.timeLimit(.minutes(10)))
    func aClientThatDoesNotReadStallsNoOtherClient() async throws {
        let fixture = try DaemonFixture()
        try fixture.setAccess(.full)
        try ContactFixtures.save(
            (0..<600).map { ContactFixtures.person(String(format: "P%04d", $0), "Test") }, in: fixture.person)
        // A stuck app: it asks for a large stream with ample credit, and is told of every change, but reads nothing.
        let stuck = try RawClient(path: fixture.daemon.configuration.socketPath)
        var fetch = Contacts_V1_FetchContactsRequest()
        fetch.keys = [CNContactGivenNameKey, CNContactFamilyNameKey]
        fetch.initialBatches = 1_000
        fetch.batchSize = 16
        for id in 2..<12 { try stuck.send(id: UInt64(id), .fetchContacts(fetch)) }
        let app = fixture.appStore()
        let recorder = NotificationRecorder(app)
        for index in 0..<100 {
            try ContactFixtures.save([ContactFixtures.person("Saved\(index)", "Busy")], in: app)
        }
        #expect(try ContactFixtures.identifiers(in: app).count == 700)
        // Another app still gets its pushes.
        let watcher = fixture.appStore()
        let watched = NotificationRecorder(watcher)
        _ = watcher.authorizationStatus(for: .contacts)
        try ContactFixtures.save([ContactFixtures.person("Last", "One")], in: app)
        #expect(try await watched.wait(for: 1).count == 1)
        #expect(recorder.received.count == 101, "the saving store posted its own saves only")
        withExtendedLifetime(stuck) {}
    }
}

/// The names an observer fetched, shared with its closure.
private final class FetchedNames: Sendable {
    private let names = Mutex<[String]?>(nil)
    func set(_ value: [String]) { names.withLock { $0 = value } }
    var value: [String]? { names.withLock { $0 } }
}
