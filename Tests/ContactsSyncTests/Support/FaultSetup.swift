import ContactsSystem
import ContactsTestSupport
import Foundation

@testable import ContactsSync

/// A server behind the fault proxy, with an account synced once, then changes pending on both sides: three
/// cards new on the server (two download batches) and three contacts new locally (three uploads).
struct FaultSetup {
    let server: CardDAVTestServer
    let proxy: FaultProxy
    let harness: SyncHarness
    let account: CardDAVAccount
    let container: String

    /// Synced by the first sync.
    static let first = ["Lovelace", "Turing"]
    static let serverAdded = ["Noether", "Curie", "Meitner"]
    static let localAdded = ["Hopper", "Franklin", "Ride"]
    static var all: [String] { (first + serverAdded + localAdded).sorted() }

    /// Short timeouts so a slow answer fails fast, long enough for a loaded machine's normal answers; a listing
    /// may take longer than a read (``SyncTimeouts/listing``), but not as long as the proxy's slow fault (12 s).
    static let timeouts = SyncTimeouts(connect: 5, read: 4, request: 20, listing: 10)

    static func start(
        _ kind: ServerKind, batchSize: Int = 2, wrapTransport: (@Sendable (any DAVTransport) -> any DAVTransport)? = nil
    ) async throws -> FaultSetup {
        let server = try CardDAVTestServer.start(kind)
        for (index, family) in first.enumerated() {
            try await server.put(
                Cards.person(uid: "first-\(index)", given: "Given", family: family), name: "first-\(index).vcf")
        }
        let proxy = try FaultProxy.start(in: server)
        let harness = try SyncHarness(wrapTransport: wrapTransport)
        let account = try await harness.addAccount(server, url: proxy.baseURL, batchSize: batchSize, timeouts: timeouts)
        let container = try harness.container(of: account, server: server)
        // Every request must go through the proxy, or a fault would miss it.
        guard account.addressBooks.allSatisfy({ $0.url.port == proxy.port }) else {
            throw ServerError("discovery left the proxy: \(account.addressBooks.map(\.url))")
        }
        try await harness.sync(account)
        for (index, family) in serverAdded.enumerated() {
            try await server.put(
                Cards.person(uid: "server-\(index)", given: "Given", family: family), name: "server-\(index).vcf")
        }
        for family in localAdded {
            try harness.add(given: "Given", family: family, to: container)
        }
        return FaultSetup(server: server, proxy: proxy, harness: harness, account: account, container: container)
    }

    /// Syncs and returns the error it ended with, or nil.
    func syncError() async -> (any Error)? {
        do {
            try await harness.sync(account)
            return nil
        } catch {
            return error
        }
    }

    /// The family names of the container's contacts, sorted, duplicates kept.
    func localFamilies() throws -> [String] {
        try harness.contacts(in: container).map(\.familyName).sorted()
    }
}
