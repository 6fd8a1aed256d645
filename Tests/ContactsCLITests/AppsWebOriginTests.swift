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
        "ftp://friends.example", "https://friends.example?x=1", "https://friends.example; script-src *", "friends.example",
    ])
    func anythingButAnOriginIsAUsageError(given: String) throws {
        let world = try AppsCommandTests.World()
        let result = try world.register(nil, "org.example.friends", ["--usage", "Finds.", "--web-origin", given])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--web-origin"))
        #expect(!FileManager.default.fileExists(atPath: world.registry + "/org.example.friends.json"))
    }
}
