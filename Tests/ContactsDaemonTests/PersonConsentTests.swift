import ContactsClient
import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsDaemon

/// An app's consent request waits in the daemon for the person, who answers with `contacts privacy pending` and
/// `answer` (the `contacts` tool, registered as the person's agent). The app cannot answer its own prompt, and
/// another user's agent sees and answers nothing.
@Suite(.serialized) struct PersonConsentTests {
    /// A daemon with this test process registered as the app and the `contacts` tool as the person's agent.
    final class World: @unchecked Sendable {
        // SAFETY: set once in init. TODO(#13): none; test fixture.
        let fixture: DaemonFixture
        let agent: String

        init(agent path: String? = nil) throws {
            // Long enough that a test whose task waits behind other suites (Swift's pool is two threads here) still
            // answers in time; every test answers, and the daemon stops with the fixture.
            fixture = try DaemonFixture(consentTimeout: .seconds(600))
            agent = try UnprivilegedApp.registerPersonAgent(
                in: fixture.directory.appendingPathComponent("apps"), executable: path)
        }

        var socket: String { fixture.daemon.configuration.socketPath }

        /// Runs the person's tool against the daemon, as root (the test's user) or as another user, on a thread
        /// of its own: the test's tasks must not block Swift's small cooperative pool.
        func contacts(_ arguments: [String], as user: (uid: uid_t, gid: gid_t)? = nil) async throws
            -> UnprivilegedApp.Result
        {
            let full = arguments + ["--socket", socket]
            let agent = self.agent
            return try await Self.offPool {
                if let user {
                    return try UnprivilegedApp.run(
                        as: user, [agent] + full, environment: ["HOME": "/tmp", "LANG": "C.UTF-8"])
                }
                return try UnprivilegedApp.run([agent] + full)
            }
        }

        /// One waiting request as `contacts privacy pending --json` lists it.
        struct Pending: Sendable {
            var request: Int
            var bundleIdentifier: String?
            var purpose: String?
            var prompt: String?
        }

        /// The waiting requests the person's tool lists; asks until there are `count`, at least 100 times and
        /// for at least a minute (counted in tries too: a test starved of threads must not run out of time
        /// before it asked).
        func pending(count: Int, as user: (uid: uid_t, gid: gid_t)? = nil) async throws -> [Pending] {
            let deadline = Date().addingTimeInterval(60)
            var tries = 0
            while true {
                tries += 1
                let result = try await contacts(["privacy", "pending", "--json"], as: user)
                #expect(result.status == 0, "\(result.output)")
                let objects =
                    (try? JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]]) ?? []
                let rows = objects.map { object in
                    Pending(
                        request: object["request"] as? Int ?? -1,
                        bundleIdentifier: object["bundleIdentifier"] as? String,
                        purpose: object["purpose"] as? String, prompt: object["prompt"] as? String)
                }
                if rows.count >= count || (Date() > deadline && tries >= 100) { return rows }
                try await Task.sleep(for: .milliseconds(100))
            }
        }

        static func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
            try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
            }
        }
    }

    @Test func anAppWaitsUntilThePersonAnswersThroughTheirAgent() async throws {
        let world = try World()
        let app = world.fixture.appStore()
        let granted = AccessRequest(app)
        let waiting = try await world.pending(count: 1)
        let request = try #require(waiting.first)
        #expect(request.bundleIdentifier == DaemonFixture.bundleIdentifier, "the registry names the app")
        #expect(request.purpose == "Tests the daemon.")
        #expect(request.prompt == "standard")
        let id = request.request
        // Another store of the app (its own connection: the first one is busy with the request).
        #expect(
            world.fixture.appStore().authorizationStatus(for: .contacts) == .notDetermined,
            "nothing decided while it waits")

        let answer = try await world.contacts(["privacy", "answer", String(id), "--full"])
        #expect(answer.status == 0, "\(answer.output)")
        #expect(try await granted.value())
        #expect(app.authorizationStatus(for: .contacts) == .authorized)
        #expect(try await world.pending(count: 0).isEmpty)
        // Answered once: a second answer finds no request.
        let again = try await world.contacts(["privacy", "answer", String(id), "--deny"])
        #expect(again.status == 67)
    }

    @Test func aLimitedAnswerSharesOnlyTheChosenContacts() async throws {
        let world = try World()
        let ann = ContactFixtures.person("Ann", "Lee")
        try ContactFixtures.save([ann, ContactFixtures.person("Bob", "Stone")], in: world.fixture.person)
        let app = world.fixture.appStore()
        let granted = AccessRequest(app)
        let id = try #require(try await world.pending(count: 1).first?.request)
        #expect(try await world.contacts(["privacy", "answer", String(id), "--limited", ann.identifier]).status == 0)
        #expect(try await granted.value())
        #expect(app.authorizationStatus(for: .contacts) == .limited)
        var names: [String] = []
        try app.enumerateContacts(with: CNContactFetchRequest(keysToFetch: [CNContactGivenNameKey as CNKeyDescriptor]))
        { contact, _ in
            names.append(contact.givenName)
        }
        #expect(names == ["Ann"])
    }

    @Test func anAppCannotListOrAnswerItsOwnPrompt() async throws {
        let world = try World()
        let app = world.fixture.appStore()
        let granted = AccessRequest(app)
        let id = try #require(try await world.pending(count: 1).first?.request)

        // The app speaks the protocol itself, on a connection of its own: the daemon knows it is the app.
        let own = DaemonConnection(socketPath: world.socket)
        #expect(throws: CNError.self) { try own.pendingConsents() }
        do {
            _ = try own.answerConsent(UInt64(id), status: .authorized)
            Issue.record("the app answered its own prompt")
        } catch {
            #expect(error.code == .authorizationDenied)
        }
        #expect(world.fixture.appStore().authorizationStatus(for: .contacts) == .notDetermined)
        #expect(try await world.pending(count: 1).count == 1, "the request still waits for the person")

        #expect(try await world.contacts(["privacy", "answer", String(id), "--deny"]).status == 0)
        // Denied: the async form throws 100, as on Apple platforms.
        do {
            _ = try await granted.value()
            Issue.record("a denied request was granted")
        } catch {
            #expect((error as? CNError)?.code == .authorizationDenied)
        }
        #expect(app.authorizationStatus(for: .contacts) == .denied)
    }

    @Test func anotherUsersAgentSeesAndAnswersNothing() async throws {
        try #require(UnprivilegedApp.isRoot, "runs the person's tool as another user: needs root (CI runs as root)")
        let world = try World()
        let userB = try UnprivilegedApp.user("contacts-test-b")
        let app = world.fixture.appStore()
        let granted = AccessRequest(app)
        let id = try #require(try await world.pending(count: 1).first?.request)

        // User B runs the same registered tool: the daemon knows B's uid from the kernel, and B's list is B's.
        #expect(try await world.pending(count: 0, as: userB).isEmpty)
        let answer = try await world.contacts(["privacy", "answer", String(id), "--full"], as: userB)
        #expect(answer.status == 67, "\(answer.output)")
        #expect(world.fixture.appStore().authorizationStatus(for: .contacts) == .notDetermined)

        #expect(try await world.contacts(["privacy", "answer", String(id), "--deny"]).status == 0)
        // Denied: the async form throws 100, as on Apple platforms.
        do {
            _ = try await granted.value()
            Issue.record("a denied request was granted")
        } catch {
            #expect((error as? CNError)?.code == .authorizationDenied)
        }
    }

    @Test func withoutADaemonTheCommandsSaySo() throws {
        let agent = try UnprivilegedApp.product("contacts")
        let result = try UnprivilegedApp.run([agent, "privacy", "pending", "--socket", "/nonexistent/contactsd.sock"])
        #expect(result.status == 69)
        #expect(result.output.contains("no contacts daemon listens at /nonexistent/contactsd.sock"))
    }
}
