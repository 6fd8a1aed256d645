import ContactsSystem
import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsDaemon

/// The consent prompt in two stages: the app's `requestAccess` waits until the person answers in the browser.
extension ScreensBrowserTests {
    @Test func choosingTwoContactsGrantsLimitedAccessToExactlyThose() async throws {
        try Self.requireBrowser()
        let world = try await World.make()
        _ = try Self.seedContacts(world)
        let app = world.fixture.appStore()
        let granted = AccessRequest(app)
        _ = try await world.waitForRequests(1)

        // The person's tool asks the daemon for the link over its socket, as `contacts ui` does.
        let ui = try await world.contacts(["ui"])
        #expect(ui.status == 0, "\(ui.output)")
        let link = ui.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(link.hasPrefix(world.screens.origin + "/enter/"))

        let seen = try await Self.browse(
            "consent",
            [
                "name": "consent-limited", "link": link, "decision": "limited", "choose": ["Ann Lee", "Cid Moss"],
                "search": "sto",
            ])
        #expect(seen["stage1Title"] as? String == "“Daemon Tests” would like to access your contacts")
        #expect(seen["purpose"] as? String == "Tests the daemon.", "the app's purpose string from the registry")
        #expect(seen["offersFull"] as? Bool == true)
        #expect(seen["visibleAfterSearch"] as? [String] == ["Bob Stone"], "the search narrows the list")
        #expect(seen["outcome"] as? String == "“Daemon Tests” can access the contacts you chose (2).")

        #expect(try await granted.value())
        #expect(app.authorizationStatus(for: .contacts) == .limited)
        #expect(try Self.visibleNames(app) == ["Ann", "Cid"], "the app sees exactly the two chosen contacts")
        #expect(world.waiting().isEmpty)
    }

    @Test func dontAllowAtTheFirstStageDenies() async throws {
        try Self.requireBrowser()
        let world = try await World.make()
        _ = try Self.seedContacts(world)
        let app = world.fixture.appStore()
        let granted = AccessRequest(app)
        _ = try await world.waitForRequests(1)

        let seen = try await Self.browse(
            "consent", ["name": "consent-deny", "link": try world.link(), "decision": "deny-at-stage1"])
        #expect(seen["outcome"] as? String == "“Daemon Tests” may not access your contacts.")
        do {
            _ = try await granted.value()
            Issue.record("a denied request was granted")
        } catch {
            #expect((error as? CNError)?.code == .authorizationDenied)
        }
        #expect(app.authorizationStatus(for: .contacts) == .denied)
    }

    @Test func thePromptCanBeAnsweredWithTheKeyboardAlone() async throws {
        try Self.requireBrowser()
        let world = try await World.make()
        _ = try Self.seedContacts(world)
        let app = world.fixture.appStore()
        let granted = AccessRequest(app)
        _ = try await world.waitForRequests(1)

        let seen = try await Self.browse(
            "keyboard", ["name": "consent-keyboard", "link": try world.link(), "choose": ["Bob Stone"]])
        #expect(seen["outcome"] as? String == "“Daemon Tests” can access the contacts you chose (1).")
        #expect(try await granted.value())
        #expect(try Self.visibleNames(app) == ["Bob"])
    }

    @Test func theAgentTellsOfAWaitingAppWithALinkToItsRequest() async throws {
        let world = try await World.make()
        let agent = try AgentProcess(world)
        defer { agent.stop() }
        let app = world.fixture.appStore()
        let granted = AccessRequest(app)
        let reader = agent.lines()
        let line = try #require(try await Self.offPool { reader.line() })
        let id = try #require(try await world.waitForRequests(1).first?.id)
        #expect(
            line.hasPrefix(
                "Daemon Tests would like to access your contacts (request \(id)): \(world.screens.origin)/enter/"))

        // The link opens the request's own screen.
        let link = try #require(line.split(separator: " ").last.map(String.init))
        let entered = try await Self.browse("links", ["enter": link])
        #expect(entered["status"] as? Int == 303)
        #expect(entered["location"] as? String == "/requests/\(id)")
        #expect(world.screens.backend.answer(id, with: .deny, uid: geteuid()))
        _ = try? await granted.value()
    }
}
