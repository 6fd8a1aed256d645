import ContactsSystem
import Foundation
import Testing

@testable import ContactsSync

/// Checks the fault tests share: errors that say what failed and nothing private, and both sides holding
/// every card exactly once.
enum SyncChecks {
    /// What no error, log or store file may hold: the password, as typed and as sent in the Basic header.
    static var credentials: [String] {
        let basic = CardDAVCredentials(username: CardDAVTestServer.username, password: CardDAVTestServer.password)
            .basicAuthorization
        return [CardDAVTestServer.password, String(basic.dropFirst("Basic ".count))]
    }

    /// What no error or log may hold: the credentials and the person data the fault tests put in cards.
    static var secrets: [String] {
        credentials + [
            "Lovelace", "Turing", "Hopper", "Noether", "Curie", "Meitner", "Franklin", "Ride", "+1 555", "@example",
        ]
    }

    /// Requires a ``SyncError`` with a code whose message and description name nothing in ``secrets``.
    static func expectClear(
        _ error: (any Error)?, code: SyncError.Code, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let error = error as? SyncError else {
            Issue.record(
                "expected a SyncError \(code), got \(String(describing: error))", sourceLocation: sourceLocation)
            return
        }
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
        expectNoSecrets(in: error.description, sourceLocation: sourceLocation)
        expectNoSecrets(in: error.message, sourceLocation: sourceLocation)
        expectNoSecrets(in: String(reflecting: error), sourceLocation: sourceLocation)
    }

    static func expectNoSecrets(in text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for secret in secrets {
            #expect(!text.contains(secret), "\"\(secret)\" appears in: \(text)", sourceLocation: sourceLocation)
        }
    }

    /// The family name of each card of the server's book, sorted; group cards left out.
    static func serverFamilies(_ server: CardDAVTestServer) async throws -> [String] {
        try await server.cards().values.compactMap { text -> String? in
            let lines = unfoldedLines(text)
            guard !lines.contains(where: { $0.uppercased().contains("KIND:GROUP") }) else { return nil }
            guard let name = lines.first(where: { $0.hasPrefix("N:") || $0.hasPrefix("N;") }) else { return nil }
            let value = name[name.index(after: name.firstIndex(of: ":") ?? name.startIndex)...]
            return String(value.split(separator: ";", omittingEmptySubsequences: false).first ?? "")
        }.sorted()
    }

    /// Requires the container and the server's book to hold exactly these family names, each once.
    static func expectBothSides(
        hold families: [String], harness: SyncHarness, container: String, server: CardDAVTestServer,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let local = try harness.contacts(in: container).map(\.familyName).sorted()
        #expect(local == families.sorted(), "local contacts", sourceLocation: sourceLocation)
        let remote = try await serverFamilies(server)
        #expect(remote == families.sorted(), "server cards", sourceLocation: sourceLocation)
    }
}
