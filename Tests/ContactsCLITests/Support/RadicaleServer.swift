import ContactsTestSupport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A Radicale server in a temporary folder on a free port of 127.0.0.1, with two address books of user
/// `alice`: `friends` (read-write) and `readonly`. Stopped and removed when released.
///
/// A trimmed copy of ContactsSyncTests' `CardDAVTestServer` (Radicale over plain http only); cards are put
/// with URLSession, as another client of the server would.
final class RadicaleServer: Sendable {
    let directory: URL
    let port: Int
    let process: ServerProcess

    static let username = "alice"
    static let password = "s3cr3t-Pa55word!"

    init() throws {
        let python = try ServerProcess.python()
        try ServerProcess.requireModule("radicale", package: "Radicale")
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "contacts-cli-radicale-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        port = try ServerProcess.freePort()
        try RadicaleFiles.write(in: directory, port: port, username: Self.username, password: Self.password)
        process = ServerProcess(
            executable: python,
            arguments: ["-m", "radicale", "--config", directory.appendingPathComponent("config").path],
            port: port, logFile: directory.appendingPathComponent("server.log"))
        try process.start()
    }

    deinit {
        process.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    var baseURL: String { "http://127.0.0.1:\(port)/" }

    /// Writes a card into the `friends` book.
    func put(_ card: String, name: String) async throws {
        var request = URLRequest(url: try requireURL("\(baseURL)\(Self.username)/friends/\(name)"))
        request.httpMethod = "PUT"
        request.setValue("text/vcard; charset=utf-8", forHTTPHeaderField: "Content-Type")
        let token = Data("\(Self.username):\(Self.password)".utf8).base64EncodedString()
        request.setValue("Basic \(token)", forHTTPHeaderField: "Authorization")
        request.httpBody = Data(card.utf8)
        let (_, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else { throw ServerError("PUT \(name) answered \(status)") }
    }

    /// A small vCard 3.0 person, CRLF line breaks.
    static func card(uid: String, given: String, family: String) -> String {
        [
            "BEGIN:VCARD", "VERSION:3.0", "UID:\(uid)", "N:\(family);\(given);;;", "FN:\(given) \(family)",
            "TEL;TYPE=CELL:+1 555 0100", "END:VCARD",
        ].joined(separator: "\r\n") + "\r\n"
    }
}

/// A URL from text, or a test failure naming it.
private func requireURL(_ text: String) throws -> URL {
    guard let url = URL(string: text) else { throw ServerError("not a URL: \(text)") }
    return url
}
