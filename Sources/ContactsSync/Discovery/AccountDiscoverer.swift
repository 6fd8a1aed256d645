import Foundation

/// Runs a ``DiscoveryMachine`` against a server.
struct AccountDiscoverer {
    let client: DAVClient

    /// The server's address books for the person, and the principal when the server names one.
    ///
    /// - Throws: ``SyncError``: `unauthorized`, `noAddressBooks`, `redirectLoop`, transport errors.
    func discover(from url: URL) async throws -> (books: [DiscoveredAddressBook], principal: URL?) {
        var machine = DiscoveryMachine(url: url)
        var action = machine.start()
        while true {
            switch action {
            case .send(let request):
                let (response, finalURL) = try await client.send(request)
                action = machine.receive(response, from: finalURL)
            case .finish(let books, let principal):
                return (books, principal)
            case .fail(let error):
                throw error
            }
        }
    }
}
