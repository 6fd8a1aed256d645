import ContactsSystem
import ContactsTestSupport
import ContactsWebUI
import Foundation
import Testing

@testable import ContactsDaemon

/// Attacks on the screens, each of which must change nothing and show nothing (docs/ThreatModel.md).
extension ScreensBrowserTests {
    @Test func forgedPostsFramingRebindingAndAReplayedLinkGetNothing() async throws {
        try Self.requireBrowser()
        let world = try await World.make()
        _ = try Self.seedContacts(world)
        try world.fixture.setAccess(.denied)
        let seen = try await Self.browse(
            "attacks", ["name": "attacks", "link": try world.link(), "bundlePath": DaemonFixture.bundleIdentifier])

        // The session cookie is out of scripts' reach and stays on this site's own requests.
        let cookie = seen["cookie"] as? [String: Any]
        #expect(cookie?["httpOnly"] as? Bool == true)
        #expect(cookie?["sameSite"] as? String == "Strict")
        #expect(cookie?["path"] as? String == "/")
        let headers = seen["headers"] as? [String: String] ?? [:]
        #expect(
            headers["content-security-policy"]
                == "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
        )
        #expect(headers["x-content-type-options"] == "nosniff")
        #expect(headers["cache-control"] == "no-store")
        #expect(headers["referrer-policy"] == "same-origin")
        #expect(headers["x-frame-options"] == "DENY")
        #expect(headers["cross-origin-resource-policy"] == "same-origin")
        #expect(headers["cross-origin-opener-policy"] == "same-origin")

        // Another port of 127.0.0.1 is the same site, so SameSite=Strict lets the cookie through: the origin
        // check is what refuses the form.
        #expect(seen["crossSitePost"] as? String == "This request was refused.")
        #expect(seen["postWithoutToken"] as? Int == 403)
        #expect(seen["postWrongToken"] as? Int == 403)
        #expect(seen["postWithoutOrigin"] as? Int == 403)
        #expect(seen["postOtherOrigin"] as? Int == 403)
        #expect(seen["rebindingHost"] as? Int == 421)
        #expect(seen["topLevelShowsSettings"] as? Bool == true, "the control: the page itself loads")
        #expect(seen["frameShowsSettings"] as? Bool == false, "another origin's frame shows nothing of the screens")
        #expect(
            seen["replay"] as? String
                == "This link is not valid: it was already used or it expired. Run ‘contacts ui’ for a new one.")
        #expect(seen["afterReplay"] as? String == "Your session has ended. Run ‘contacts ui’ for a new link.")
        #expect(seen["afterReplayHasApps"] as? Bool == false)

        let summary = try world.fixture.person.accessControls().apps().first {
            $0.bundleIdentifier == DaemonFixture.bundleIdentifier
        }
        #expect(summary?.status == .denied, "no attack changed the app's access")
    }

    @Test func anExpiredLinkAndAnotherUsersSessionGetNothing() async throws {
        // Links that expire at once: the first is stale by the time anything opens it.
        let stale = try await World.make(linkLifetime: .milliseconds(1))
        let expired = try stale.link()
        try await Task.sleep(for: .milliseconds(20))
        let outcome = try await Self.browse("links", ["expiredLink": expired])
        #expect(outcome["expired"] as? Int == 403)

        let world = try await World.make()
        try world.fixture.person.accessControls().setAccess(.full, for: "org.example.other")
        let app = world.fixture.appStore()
        let granted = AccessRequest(app)
        let request = try #require(try await world.waitForRequests(1).first)

        // Another user's link (uid 4242 here; the daemon makes it only for a connection of that uid) opens
        // a session bound to that user's store: this user's request and apps are not there.
        let other = try #require(world.screens.link(uid: 4242, page: ""))
        let seen = try await Self.browse(
            "links", ["otherLink": other, "request": String(request.id), "purpose": "Tests the daemon."])
        #expect(seen["otherEnter"] as? Int == 303)
        #expect(seen["otherRequestPage"] as? Int == 404)
        #expect(seen["otherRequestPageShowsPurpose"] as? Bool == false)
        #expect(seen["otherHomeListsRequest"] as? Bool == false)
        #expect(seen["otherAnswer"] as? Int == 404, "the other user's own token answers nothing of this user's")
        #expect(seen["otherSettingsStatus"] as? Int == 200)
        #expect(seen["otherSettingsListsApps"] as? Bool == false)
        #expect(world.waiting().map(\.id) == [request.id], "the request still waits for its own person")

        #expect(world.screens.backend.answer(request.id, with: .deny, uid: geteuid()))
        _ = try? await granted.value()
    }
}
