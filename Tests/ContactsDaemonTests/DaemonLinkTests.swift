import ContactsClient
import ContactsSystem
import ContactsTestSupport
import Foundation
import Synchronization
import Testing

@testable import ContactsDaemon

/// One connection shared by many callers: whoever waits reads the socket (docs/Daemon.md, "Decisions"), yet
/// every reply reaches its own caller and pushes arrive whether or not a call is waiting.
@Suite struct DaemonLinkTests {
    private static var names: [any CNKeyDescriptor] {
        [CNContactGivenNameKey as CNKeyDescriptor, CNContactFamilyNameKey as CNKeyDescriptor]
    }

    /// Runs `body` on a thread of Dispatch's, off Swift's cooperative pool, and waits for it without blocking one.
    private static func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
        }
    }

    @Test func callsFromManyThreadsOnOneStoreEachGetTheirOwnReply() async throws {
        let fixture = try DaemonFixture()
        try fixture.setAccess(.full)
        let people = (0..<24).map { ContactFixtures.person("Given\($0)", "Family\($0)") }
        try ContactFixtures.save(people, in: fixture.person)
        let expected = Dictionary(uniqueKeysWithValues: people.map { ($0.identifier, $0.givenName) })
        let app = fixture.appStore()
        let wrong = Atomic<Int>(0)
        let answered = Atomic<Int>(0)
        try await Self.offThePool {
            DispatchQueue.concurrentPerform(iterations: 8) { thread in
                for round in 0..<30 {
                    let identifier = people[(thread * 7 + round) % people.count].identifier
                    // A fetch by identifier and an enumeration interleave on the one connection.
                    if round % 5 == 4 {
                        let request = CNContactFetchRequest(keysToFetch: Self.names)
                        var seen = 0
                        try? app.enumerateContacts(with: request) { contact, _ in
                            if expected[contact.identifier] != contact.givenName { wrong.add(1, ordering: .relaxed) }
                            seen += 1
                        }
                        if seen != people.count { wrong.add(1, ordering: .relaxed) }
                    } else if let contact = try? app.unifiedContact(
                        withIdentifier: identifier, keysToFetch: Self.names),
                        contact.identifier == identifier, contact.givenName == expected[identifier]
                    {
                        answered.add(1, ordering: .relaxed)
                    } else {
                        wrong.add(1, ordering: .relaxed)
                    }
                }
            }
        }
        #expect(wrong.load(ordering: .relaxed) == 0)
        #expect(answered.load(ordering: .relaxed) == 8 * 24)
    }

    @Test func aChangeIsPushedWhileACallWaitsAndReadsTheSocket() async throws {
        // The app's only connection is busy with a request the person does not answer: the waiting caller is
        // the one reading the socket, and must hand the push on.
        // The wait is long enough that a loaded machine (the whole suite runs at once) cannot end it before the
        // push arrives; whether the push came first is checked on the request itself, not on a clock.
        let fixture = try DaemonFixture(consentTimeout: .seconds(60))
        let app = fixture.appStore()
        let recorder = NotificationRecorder(app)
        // Connected before the person saves, whenever the request's thread gets to run: the daemon announces
        // commits made after an app's store is open, not the ones before.
        #expect(app.authorizationStatus(for: .contacts) == .notDetermined)
        let request = AccessRequest(app)
        // Whether the request had returned is read when the notification is posted, on the posting thread: the
        // test's own async code may be held up by the rest of the suite, the delivery may not.
        let finishedWhenPushed = PushMoment()
        let observer = NotificationCenter.default.addObserver(
            forName: .CNContactStoreDidChange, object: app, queue: nil
        ) { _ in
            finishedWhenPushed.record(request.isFinished)
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        // The person's own tool saves (the app has no access to save with), half a second after the request
        // started, on a thread of its own: the test's task may resume much later when the suite loads the pool,
        // and the save must land while the request still waits.
        let person = fixture.person
        let saved = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            usleep(500_000)
            _ = try? ContactFixtures.save([ContactFixtures.person("Ann", "Lee")], in: person)
            saved.signal()
        }
        #expect(try await recorder.wait(for: 1, within: 50).count == 1)
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                saved.wait()
                continuation.resume()
            }
        }
        #expect(finishedWhenPushed.value == false, "the push came while the request still waited")
        // Nobody answered: the request ends when the daemon stops waiting, not granted.
        let refusal = await #expect(throws: CNError.self) { try await request.value() }
        #expect(refusal?.code == .authorizationDenied)
        // The connection is still in step: a call after the long one gets its own reply.
        #expect(app.authorizationStatus(for: .contacts) == .notDetermined)
    }

    @Test func pushesBetweenBackToBackCallsAreAllPosted() async throws {
        let fixture = try DaemonFixture()
        try fixture.setAccess(.full)
        let app = fixture.appStore()
        let recorder = NotificationRecorder(app)
        _ = app.authorizationStatus(for: .contacts)
        // Another app saves between this app's calls: whoever reads when a notice arrives (this caller or the
        // link's own thread) posts it, once.
        let other = fixture.appStore()
        for index in 0..<20 {
            try ContactFixtures.save([ContactFixtures.person("Saved\(index)", "Other")], in: other)
            #expect(app.authorizationStatus(for: .contacts) == .authorized)
        }
        #expect(try await recorder.wait(for: 20).count == 20)
        #expect(try ContactFixtures.identifiers(in: app).count == 20)
    }
}

/// What a notification observer saw first, shared with its closure.
private final class PushMoment: Sendable {
    private let first = Mutex<Bool?>(nil)

    func record(_ finished: Bool) {
        first.withLock { if $0 == nil { $0 = finished } }
    }

    var value: Bool? { first.withLock { $0 } }
}
