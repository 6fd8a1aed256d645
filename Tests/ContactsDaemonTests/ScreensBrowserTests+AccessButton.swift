import ContactsClient
import ContactsProtocol
import ContactsSystem
import ContactsTestSupport
import ContactsWebUI
import Foundation
import Synchronization
import Testing

@testable import ContactsDaemon

/// The contact access button for web apps, in headless Chromium (Browser/button.py): this test process is the
/// app, registered with the web origin of a page served on 127.0.0.2 (another site than the screens'
/// 127.0.0.1); the person enters the screens through a one-time link, then opens the app's page, which frames
/// the button. Every attack is a test that must grant nothing, and each checks that its tap reached the daemon.
extension ScreensBrowserTests {
    /// A daemon with its screens, Ann Lee, Bob Stone and Cid Moss, and this process registered with a web origin.
    struct ButtonWorld {
        let world: World
        let pagePort: Int
        let origin: String
        let contacts: [String: String]
        let app: CNContactStore
        let grants = ReceivedGrants()

        init(access: AccessChoice? = nil, extraContacts: [(String, String)] = []) async throws {
            world = try await World.make()
            pagePort = try ScreensBrowserTests.freePort("127.0.0.2")
            origin = "http://127.0.0.2:\(pagePort)"
            try AppRegistry.register(
                executable: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
                bundleIdentifier: DaemonFixture.bundleIdentifier, displayName: "Daemon Tests",
                usageDescription: "Tests the daemon.", webOrigin: origin,
                in: world.fixture.daemon.configuration.registryDirectory)
            var contacts = try ScreensBrowserTests.seedContacts(world)
            let extra = extraContacts.map { ContactFixtures.person($0.0, $0.1) }
            if !extra.isEmpty { try ContactFixtures.save(extra, in: world.fixture.person) }
            for contact in extra { contacts["\(contact.givenName) \(contact.familyName)"] = contact.identifier }
            self.contacts = contacts
            switch access {
            case .limited:
                // Bob is shared already: the button offers only what the app cannot see.
                try world.fixture.setAccess(.limited([contacts["Bob"] ?? ""]))
            case .some(let choice): try world.fixture.setAccess(choice)
            case nil: break
            }
            app = world.fixture.appStore()
        }

        /// Starts a button for `query` as the app, its grants recorded.
        func start(_ query: String, caption: WebAccessButton.Caption = .defaultText) throws -> WebAccessButtonSession {
            let grants = grants
            return try app.startWebAccessButton(WebAccessButton(queryString: query, caption: caption)) {
                grants.record($0)
            }
        }

        /// The browser scenario's inputs for a session.
        func config(_ name: String, _ session: WebAccessButtonSession, _ extra: [String: Any] = [:]) throws -> [String:
            Any]
        {
            var config: [String: Any] = [
                "name": name, "link": try world.link(), "frame": session.url.absoluteString, "pagePort": pagePort,
                "names": ["Ann Lee", "Ann Moss", "Bob Stone", "Cid Moss"],
            ]
            config.merge(extra) { _, new in new }
            return config
        }

        /// The tap the daemon handed the session's flow last.
        func lastTap(_ session: WebAccessButtonSession) -> AccessButtonTap? {
            let backend = world.screens.backend as? DaemonScreensBackend
            return backend?.buttons.session(session.url.lastPathComponent)?.lastTap
        }
    }

    /// What the app's approval callback received, in order.
    final class ReceivedGrants: Sendable {
        private let received = Mutex<[[String]]>([])

        func record(_ identifiers: [String]) {
            received.withLock { $0.append(identifiers) }
        }

        var all: [[String]] { received.withLock { $0 } }

        /// Waits until `count` grants arrived (the daemon pushes them after the browser's tap).
        func wait(for count: Int) async throws -> [[String]] {
            for _ in 0..<100 where all.count < count {
                try await Task.sleep(for: .milliseconds(100))
            }
            return all
        }
    }

    static func buttonBrowse(_ scenario: String, _ config: [String: Any]) async throws -> [String: Any] {
        try await runBrowserScript("button.py", scenario, config)
    }

    /// A port free on a loopback address now, for the app's page (its origin is registered before it listens).
    static func freePort(_ host: String) throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        inet_pton(AF_INET, host, &address.sin_addr)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        try #require(bound)
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// The names of the frame's matches, as the scenario saw them.
    static func names(_ seen: Any?) -> [String]? {
        (seen as? [String: Any])?["names"] as? [String]
    }

    /// The page's messages, as `[origin, identifiers]`.
    static func messages(_ result: [String: Any]) -> [[String: Any]] {
        (result["messages"] as? [[String: Any]]) ?? []
    }

    // MARK: Flows

    @Test func aGenuineTapSharesTheContactAndThePageGetsIdentifiersOnly() async throws {
        try Self.requireBrowser()
        let button = try await ButtonWorld(access: .limited([]))
        let session = try button.start("Ann")
        #expect(session.embeddingOrigin == button.origin)
        #expect(session.url.absoluteString.hasPrefix(button.world.screens.origin + "/button/"))

        let seen = try await Self.buttonBrowse("tap", try button.config("button-genuine", session, ["mode": "genuine"]))
        let ann = try #require(button.contacts["Ann"])
        #expect(Self.names(seen["before"]) == ["Ann Lee"], "the frame shows the match the app cannot see")
        #expect(try await button.grants.wait(for: 1) == [[ann]], "the app gets the identifier on its socket")
        var grants = session.grants.makeAsyncIterator()
        #expect(await grants.next() == [ann], "and from the session's async sequence")
        let messages = Self.messages(seen)
        #expect(messages.count == 1)
        #expect(messages.first?["origin"] as? String == button.world.screens.origin)
        let data = messages.first?["data"] as? [String: Any]
        #expect(data?["identifiers"] as? [String] == [ann])
        #expect(Set(data?.keys.map { $0 } ?? []) == ["type", "identifiers"], "identifiers only, no names")
        #expect(seen["pageHoldsNames"] as? [String] == [], "the page's DOM never holds the contact's name")
        #expect(try Self.visibleNames(button.app) == ["Ann", "Bob"])
        #expect(button.lastTap(session)?.isVerified == true)
        #expect(
            (seen["after"] as? [String: Any])?["state"] as? String == "empty", "Ann is shared: nothing left to offer")
    }

    @Test func notDeterminedTapThenAllowGivesLimitedAccessToThatContact() async throws {
        try Self.requireBrowser()
        let button = try await ButtonWorld()
        let session = try button.start("Ann")
        #expect(button.app.authorizationStatus(for: .contacts) == .notDetermined)

        let seen = try await Self.buttonBrowse("tap", try button.config("button-prompt", session, ["mode": "prompt"]))
        let ann = try #require(button.contacts["Ann"])
        #expect(seen["promptText"] as? String == "“Daemon Tests” would like to access the contact you chose")
        #expect(try await button.grants.wait(for: 1) == [[ann]])
        #expect(Self.messages(seen).count == 1)
        #expect(button.app.authorizationStatus(for: .contacts) == .limited)
        #expect(try Self.visibleNames(button.app) == ["Ann"], "limited access with exactly the tapped contact")
    }

    @Test func withFullAccessTheFrameShowsNothing() async throws {
        try Self.requireBrowser()
        let button = try await ButtonWorld(access: .full)
        let session = try button.start("Ann")
        let seen = try await Self.buttonBrowse(
            "tap", try button.config("button-full", session, ["mode": "genuine", "expect": "empty"]))
        let before = seen["before"] as? [String: Any]
        #expect(before?["state"] as? String == "empty", "the frame loaded and shows nothing")
        #expect(Self.names(before) == [])
        #expect(button.grants.all.isEmpty)
    }

    @Test func aBrowserThatBlocksThirdPartyCookiesConnectsThroughStorageAccess() async throws {
        try Self.requireBrowser()
        let button = try await ButtonWorld(access: .limited([]), extraContacts: [("Ann", "Moss")])
        let session = try button.start("Ann")
        let seen = try await Self.buttonBrowse(
            "tap",
            try button.config(
                "button-storage-access", session,
                [
                    "mode": "several", "choose": 0, "blockThirdPartyCookies": true, "storageAccess": "grant",
                    "reloadPage": true,
                ]))
        let annLee = try #require(button.contacts["Ann"])
        let connect = seen["connect"] as? [String: Any]
        #expect(Self.names(connect) == [], "before the person's tap the frame holds no contact")
        let before = seen["before"] as? [String: Any]
        #expect(Self.names(before) == ["Ann Lee", "Ann Moss"], "allowed: the frame got the cookie and the matches")
        #expect(try await button.grants.wait(for: 1) == [[annLee]], "the tap's post carried the cookie too")
        #expect(Self.messages(seen).count == 1)
        #expect(button.lastTap(session)?.isVerified == true)
        let reloaded = seen["reloaded"] as? [String: Any]
        #expect(Self.names(reloaded) == ["Ann Moss"], "the page loaded again: the frame has the cookie at once")
        #expect(seen["pageHoldsNames"] as? [String] == [])
    }

    @Test func aBrowserThatBlocksThirdPartyCookiesAndRefusesStorageAccessShowsNoContact() async throws {
        try Self.requireBrowser()
        let button = try await ButtonWorld(access: .limited([]))
        let session = try button.start("Ann")
        let seen = try await Self.buttonBrowse(
            "tap",
            try button.config(
                "button-storage-refused", session,
                ["mode": "genuine", "blockThirdPartyCookies": true, "storageAccess": "refuse"]))
        let connect = seen["connect"] as? [String: Any]
        #expect(connect?["state"] as? String == "connect")
        #expect(Self.names(connect) == [])
        let refused = seen["refused"] as? [String: Any]
        #expect(Self.names(refused) == [], "the browser said no: still no cookie, no contact (fails closed)")
        #expect((refused?["notice"] as? String)?.contains("contacts ui") == true, "and the frame says what to do")
        #expect(button.lastTap(session) == nil)
        #expect(button.grants.all.isEmpty)
        #expect(seen["pageHoldsNames"] as? [String] == [])
    }

    @Test func severalMatchesOpenAListAndOnlyTheChosenContactIsShared() async throws {
        try Self.requireBrowser()
        let button = try await ButtonWorld(access: .limited([]), extraContacts: [("Ann", "Moss")])
        let session = try button.start("Ann")
        let seen = try await Self.buttonBrowse(
            "tap", try button.config("button-several", session, ["mode": "several", "choose": 1]))
        let annMoss = try #require(button.contacts["Ann Moss"])
        let before = seen["before"] as? [String: Any]
        #expect(before?["several"] as? Bool == true && before?["listOpen"] as? Bool == false, "one button for both")
        #expect((seen["list"] as? [String: Any])?["listOpen"] as? Bool == true, "the tap opened the list")
        #expect(try await button.grants.wait(for: 1) == [[annMoss]], "only the chosen contact is shared")
        #expect(Self.names(seen["after"]) == ["Ann Lee"], "Ann Lee is still offered")
        #expect(try Self.visibleNames(button.app) == ["Ann", "Bob"])
    }

    @Test func theButtonCanBeUsedWithTheKeyboard() async throws {
        try Self.requireBrowser()
        let button = try await ButtonWorld(access: .limited([]))
        let session = try button.start("Ann")
        let seen = try await Self.buttonBrowse(
            "tap", try button.config("button-keyboard", session, ["mode": "keyboard"]))
        let ann = try #require(button.contacts["Ann"])
        #expect(try await button.grants.wait(for: 1) == [[ann]], "ENTER on the focused match is a genuine tap")
        #expect(Self.messages(seen).count == 1)
    }

    @Test func theListOfSeveralMatchesCanBeUsedWithTheKeyboard() async throws {
        try Self.requireBrowser()
        let button = try await ButtonWorld(access: .limited([]), extraContacts: [("Ann", "Moss")])
        let session = try button.start("Ann")
        let seen = try await Self.buttonBrowse(
            "tap", try button.config("button-keyboard-several", session, ["mode": "keyboardSeveral"]))
        let annLee = try #require(button.contacts["Ann"])
        #expect((seen["list"] as? [String: Any])?["listOpen"] as? Bool == true, "ENTER opened the list")
        #expect(seen["focused"] as? String == "match-0", "and moved the focus to its first row")
        #expect(try await button.grants.wait(for: 1) == [[annLee]], "ENTER on the row shares that contact")
        #expect(Self.messages(seen).count == 1)
    }

    // MARK: Attacks: each reaches the daemon's flow and grants nothing

    /// Loads the app's page as `mode` arranges it, taps, and checks that nothing was granted although the tap
    /// reached the flow, lacking `missing`.
    func attack(_ mode: String, missing: TapVerification, _ extra: [String: Any] = [:]) async throws {
        try Self.requireBrowser()
        let button = try await ButtonWorld(access: .limited([]))
        let session = try button.start("Ann")
        let name = extra.isEmpty ? "button-attack-\(mode)" : "button-attack-\(mode)-at-once"
        let seen = try await Self.buttonBrowse(
            "tap", try button.config(name, session, ["mode": mode].merging(extra) { _, new in new }))
        #expect(Self.names(seen["before"]) == ["Ann Lee"], "the frame showed the match")
        let tap = try #require(button.lastTap(session), "the tap reached the daemon")
        #expect(!tap.verification.isSuperset(of: missing), "the frame reported what was wrong: \(tap.verification)")
        #expect(Self.messages(seen).isEmpty, "the page gets no identifiers")
        try await Task.sleep(for: .milliseconds(500))
        #expect(button.grants.all.isEmpty, "the app gets nothing")
        #expect(try Self.visibleNames(button.app) == ["Bob"], "nothing was shared")
        #expect(seen["pageHoldsNames"] as? [String] == [])
    }

    @Test func aClickSynthesizedByScriptInsideTheFrameGrantsNothing() async throws {
        try await attack("synthesized", missing: .genuineEvent)
    }

    @Test func aGenuineClickThroughAnOverlayGrantsNothing() async throws {
        try await attack("overlay", missing: .unobstructed)
    }

    @Test func aFrameAtOpacityOneTenthGrantsNothing() async throws {
        try await attack("opacity", missing: .unobstructed)
    }

    @Test func aFrameScaledDownByATransformGrantsNothing() async throws {
        try await attack("scaled", missing: .unobstructed)
    }

    @Test func anEnterOnAButtonFocusedJustNowGrantsNothing() async throws {
        try await attack("keyboard", missing: .genuineEvent, ["pressAtOnce": true])
    }

    @Test func aFrameBelowTheMinimumSizeGrantsNothing() async throws {
        try await attack("tiny", missing: .unobstructed)
    }

    @Test func aDoubleClickOnSeveralMatchesGrantsNothing() async throws {
        try Self.requireBrowser()
        let button = try await ButtonWorld(access: .limited([]), extraContacts: [("Ann", "Moss")])
        let session = try button.start("Ann")
        let seen = try await Self.buttonBrowse(
            "tap", try button.config("button-attack-double-click", session, ["mode": "doubleClick"]))
        #expect(Self.names(seen["before"]) == ["Ann Lee", "Ann Moss"])
        let tap = try #require(button.lastTap(session), "the second click reached the daemon")
        #expect(!tap.verification.contains(.genuineEvent), "a row seen for no time is no choice: \(tap.verification)")
        #expect(Self.messages(seen).isEmpty)
        try await Task.sleep(for: .milliseconds(500))
        #expect(button.grants.all.isEmpty)
        #expect(try Self.visibleNames(button.app) == ["Bob"])
    }

    @Test func aPageOfAnotherOriginFramingTheButtonSeesNothing() async throws {
        try Self.requireBrowser()
        let button = try await ButtonWorld(access: .limited([]))
        let session = try button.start("Ann")
        let seen = try await Self.buttonBrowse(
            "framedElsewhere", try button.config("button-attack-other-origin", session))
        #expect(seen["names"] as? [String] == [])
        #expect(seen["frameHoldsNames"] as? [String] == [])
        #expect(button.lastTap(session) == nil)
        #expect(button.grants.all.isEmpty)
    }

    @Test func theAppFetchingTheFrameGetsNoNamesAndItsForgedTapIsRefused() async throws {
        let button = try await ButtonWorld(access: .limited([]))
        let session = try button.start("Ann")
        let ann = try #require(button.contacts["Ann"])
        let seen = try await Self.buttonBrowse(
            "outsider", try button.config("button-outsider", session, ["identifier": ann]))
        #expect(seen["status"] as? Int == 200)
        #expect(seen["holdsNames"] as? [String] == [], "no contact reaches a client without the person's cookie")
        #expect(seen["secret"] as? String == "", "and no secret to tap with")
        #expect((seen["policy"] as? String)?.contains("frame-ancestors \(button.origin);") == true)
        let claimed = seen["claimedStorageAccess"] as? [String: [String: Any]]
        #expect(claimed?["active"]?["holdsNames"] as? [String] == [], "claiming storage access brings no cookie")
        #expect(claimed?["active"]?["secret"] as? String == "")
        #expect(claimed?["inactive"]?["holdsNames"] as? [String] == [])
        #expect(claimed?["inactive"]?["activate"] as? String == "retry; allowed-origin=\"\(button.origin)\"")
        #expect(seen["forgedTap"] as? Int == 403)
        #expect(button.lastTap(session) == nil)
        #expect(button.grants.all.isEmpty)
        #expect(try Self.visibleNames(button.app) == ["Bob"])
    }

    @Test func aReplayedTapSecretIsRefused() async throws {
        try Self.requireBrowser()
        let button = try await ButtonWorld(access: .limited([]), extraContacts: [("Ann", "Moss")])
        let session = try button.start("Ann")
        let annLee = try #require(button.contacts["Ann"])
        let annMoss = try #require(button.contacts["Ann Moss"])
        let seen = try await Self.buttonBrowse(
            "tap", try button.config("button-attack-replay", session, ["mode": "replay", "replayIdentifier": annMoss]))
        #expect(Self.names(seen["before"]) == ["Ann Lee", "Ann Moss"])
        #expect(try await button.grants.wait(for: 1) == [[annLee]], "the first use of the secret counted")
        #expect(seen["replayStatus"] as? Int == 403, "the same secret again, from inside the frame, is refused")
        #expect(Self.names(seen["after"]) == ["Ann Moss"], "Ann Moss is still offered, not shared")
        try await Task.sleep(for: .milliseconds(500))
        #expect(button.grants.all == [[annLee]])
        #expect(try Self.visibleNames(button.app) == ["Ann", "Bob"])
    }

    // MARK: Sessions and statuses, without a browser

    @Test func theFrameIsEmptyWhenDeniedAndForAnotherUsersBrowser() async throws {
        let button = try await ButtonWorld(access: .limited([]))
        let session = try button.start("Ann")
        let backend = try #require(button.world.screens.backend as? DaemonScreensBackend)
        let id = session.url.lastPathComponent
        #expect(
            await backend.accessButtonView(id, uid: geteuid())
                == .matches(
                    app: "Daemon Tests",
                    [AccessButtonMatch(identifier: button.contacts["Ann"] ?? "", name: "Ann Lee", caption: nil)]))
        #expect(await backend.accessButtonView(id, uid: 4242) == .empty, "another user's browser sees nothing")
        let outcome = await backend.accessButtonTap(
            id, uid: 4242, identifier: button.contacts["Ann"] ?? "", verification: .all)
        #expect(outcome == .nothing, "nor can it tap")
        try button.world.fixture.setAccess(.denied)
        try await Task.sleep(for: .milliseconds(100))
        // The flow that showed Ann waits for a tap; a verified one now finds the app denied and grants nothing.
        #expect(
            await backend.accessButtonTap(
                id, uid: geteuid(), identifier: button.contacts["Ann"] ?? "", verification: .all) == .nothing)
        #expect(await backend.accessButtonView(id, uid: geteuid()) == .empty, "denied: the button shows nothing")
        #expect(button.grants.all.isEmpty)
    }

    @Test func aNewQueryTakesBackTheOldMatchesAndTheFrameShowsTheNewOnes() async throws {
        let button = try await ButtonWorld(access: .limited([]))
        let session = try button.start("Ann")
        let backend = try #require(button.world.screens.backend as? DaemonScreensBackend)
        let id = session.url.lastPathComponent
        let ann = try #require(button.contacts["Ann"])
        let cid = try #require(button.contacts["Cid"])
        #expect(
            await backend.accessButtonView(id, uid: geteuid())
                == .matches(
                    app: "Daemon Tests", [AccessButtonMatch(identifier: ann, name: "Ann Lee", caption: nil)]))

        try session.update(queryString: "Cid")
        let oldTap = await backend.accessButtonTap(id, uid: geteuid(), identifier: ann, verification: .all)
        #expect(oldTap == .nothing, "Ann was shown for the old query: a tap on her grants nothing now")
        #expect(
            await backend.accessButtonView(id, uid: geteuid())
                == .matches(
                    app: "Daemon Tests", [AccessButtonMatch(identifier: cid, name: "Cid Moss", caption: nil)]))
        let newTap = await backend.accessButtonTap(id, uid: geteuid(), identifier: cid, verification: .all)
        #expect(newTap == .granted([cid]))
        #expect(try await button.grants.wait(for: 1) == [[cid]])
        #expect(try Self.visibleNames(button.app) == ["Bob", "Cid"])

        #expect {
            try session.update(queryString: String(repeating: "a", count: 1_001))
        } throws: { error in
            (error as? CNError)?.code == .validationConfigurationError
        }
        // Another connection of the same app cannot steer this one's button.
        var foreign = Contacts_V1_UpdateAccessButtonRequest()
        foreign.sessionID = id
        foreign.queryString = "Ann"
        do {
            try DaemonConnection(socketPath: button.world.fixture.daemon.configuration.socketPath).updateAccessButton(
                foreign)
            Issue.record("another connection updated the session")
        } catch {
            #expect(error.code == .recordDoesNotExist)
        }
        try session.end()
        #expect {
            try session.update(queryString: "Ann")
        } throws: { error in
            (error as? CNError)?.code == .recordDoesNotExist
        }
    }

    @Test func endingASessionOrDroppingItEmptiesTheFrame() async throws {
        let button = try await ButtonWorld(access: .limited([]))
        let backend = try #require(button.world.screens.backend as? DaemonScreensBackend)
        let ended = try button.start("Ann")
        try ended.end()
        for await _ in ended.grants {}  // finishes: the daemon said the session is over
        #expect(backend.accessButtonLook(ended.url.lastPathComponent) == nil)
        #expect(throws: CNError.self) { try ended.end() }

        // An app that lets go of its store and its session closes its connection: the daemon ends the session.
        var dropped: WebAccessButtonSession? = try button.world.fixture.appStore().startWebAccessButton(
            WebAccessButton(queryString: "Ann"))
        let id = try #require(dropped?.url.lastPathComponent)
        #expect(backend.accessButtonLook(id) != nil)
        dropped = nil
        for _ in 0..<50 where backend.accessButtonLook(id) != nil {
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(backend.accessButtonLook(id) == nil)
    }

    // MARK: Legibility and availability, without a browser

    @Test func anIllegibleStyleIsRefusedWhenTheButtonStarts() async throws {
        let button = try await ButtonWorld(access: .limited([]))
        var request = WebAccessButton(queryString: "Ann")
        request.style.foreground = .init(red: 0.55, green: 0.55, blue: 0.55)
        request.style.tint = .init(red: 0.45, green: 0.45, blue: 0.45)
        #expect {
            try button.app.startWebAccessButton(request)
        } throws: { error in
            (error as? CNError)?.code == .validationConfigurationError
        }
        request.style.foreground = .init(red: 1, green: 1, blue: 1)
        request.style.tint = .init(red: 0, green: 0.4, blue: 0.8)
        _ = try button.app.startWebAccessButton(request)
    }

    @Test func anIllegibleStyleSentOnTheWireIsRefusedByTheDaemon() async throws {
        let button = try await ButtonWorld(access: .limited([]))
        let connection = DaemonConnection(socketPath: button.world.fixture.daemon.configuration.socketPath)
        var request = Contacts_V1_StartAccessButtonRequest()
        request.queryString = "Ann"
        var low = Contacts_V1_ButtonColor()
        (low.red, low.green, low.blue) = (0.8, 0.8, 0.8)
        request.style.foreground = low
        // No tint: the standard dark blue, against which a light gray contrasts about 3.5:1.
        do {
            _ = try connection.startAccessButton(request, onGrant: { _ in }, onEnd: {})
            Issue.record("an illegible button was started")
        } catch {
            #expect(error.code == .validationConfigurationError)
        }
    }

    @Test func anAppWithoutARegisteredWebOriginOrAnEmbeddedStoreGetsNoButton() async throws {
        let fixture = try DaemonFixture()
        _ = try await fixture.daemon.startScreens(PersonScreensConfiguration(port: 0))
        #expect {
            try fixture.appStore().startWebAccessButton(WebAccessButton(queryString: "Ann"))
        } throws: { error in
            (error as? CNError)?.code == .featureNotAvailable
        }
        let embedded = CNContactStore(
            configuration: ContactStoreConfiguration(url: fixture.directory.appendingPathComponent("embedded.sqlite")))
        #expect {
            try embedded.startWebAccessButton(WebAccessButton(queryString: "Ann"))
        } throws: { error in
            (error as? CNError)?.code == .featureNotAvailable
        }
    }
}
