import Foundation
import Testing

/// `contacts apps register --web-origin`: the origin allowed to frame the app's contact access button, stored as
/// a browser writes it, and nothing that is not an origin.
@Suite struct AppsWebOriginTests {
    @Test(arguments: [
        ("https://Friends.Example", "https://friends.example"),
        ("https://friends.example:443", "https://friends.example"),
        ("http://127.0.0.2:8080", "http://127.0.0.2:8080"),
        ("https://friends.example/", "https://friends.example"),
    ])
    func anOriginIsStoredAsABrowserSendsIt(given: String, stored: String) throws {
        let world = try AppsCommandTests.World()
        let result = try world.register(nil, "org.example.friends", ["--usage", "Finds.", "--web-origin", given])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("web origin"))
        let file = URL(fileURLWithPath: world.registry + "/org.example.friends.json")
        let entry = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        #expect(entry["webOrigin"] as? String == stored)
    }

    @Test(arguments: [
        "https://*.example", "null", "https://friends.example/app", "https://user@friends.example",
        "ftp://friends.example", "https://friends.example?x=1", "https://friends.example; script-src *",
        "friends.example",
    ])
    func anythingButAnOriginIsAUsageError(given: String) throws {
        let world = try AppsCommandTests.World()
        let result = try world.register(nil, "org.example.friends", ["--usage", "Finds.", "--web-origin", given])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--web-origin"))
        #expect(!FileManager.default.fileExists(atPath: world.registry + "/org.example.friends.json"))
    }

    @Test func aSandboxedAppGetsAWebOriginAndTheListShowsEveryOrigin() throws {
        let world = try AppsCommandTests.World()
        let flatpak = try world.contacts([
            "apps", "register", "--flatpak", "org.example.Friends", "--usage", "Finds.",
            "--web-origin", "HTTPS://Friends.Example:443",
        ])
        #expect(flatpak.status == 0, "\(flatpak.standardError)")
        #expect(flatpak.standardOutput.contains("web origin"))
        let file = URL(fileURLWithPath: world.registry + "/org.example.Friends.json")
        let entry = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        #expect(entry["webOrigin"] as? String == "https://friends.example")
        let bad = try world.contacts([
            "apps", "register", "--snap", "friends", "--bundle-id", "org.example.snap", "--usage", "Finds.",
            "--web-origin", "https://*.example",
        ])
        #expect(bad.status == 64)
        #expect(!FileManager.default.fileExists(atPath: world.registry + "/org.example.snap.json"))

        let host = try world.register(
            nil, "org.example.host", ["--usage", "Finds.", "--web-origin", "http://127.0.0.2:8080"])
        #expect(host.status == 0, "\(host.standardError)")
        _ = try world.register("/usr/bin/true", "org.example.plain", ["--usage", "Finds."])
        let apps = try world.list()
        let origins = Dictionary(
            uniqueKeysWithValues: apps.compactMap { app in
                (app["bundleIdentifier"] as? String).map { ($0, app["webOrigin"] as? String ?? "none") }
            })
        #expect(
            origins == [
                "org.example.Friends": "https://friends.example", "org.example.host": "http://127.0.0.2:8080",
                "org.example.plain": "none",
            ])
        let table = try world.contacts(["apps", "list"]).standardOutput
        #expect(table.contains("WEB ORIGIN"))
        #expect(table.contains("https://friends.example") && table.contains("http://127.0.0.2:8080"))
    }
}
