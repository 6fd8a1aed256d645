import ContactsProtocol
import Foundation

/// A well-behaved client of each daemon: Hello, then an authorization status request; the daemon must welcome it and
/// answer (3: the app has full access; the person's agent acts as the person).
enum FuzzHealthCheck {
    static func run() {
        check(FuzzDaemon.socketPath)
        check(FuzzDaemon.agentSocketPath)
    }

    private static func check(_ path: String) {
        guard let connection = FuzzConnection(path: path, timeoutSeconds: 20) else {
            fatalError("the daemon stopped accepting connections")
        }
        defer { connection.close() }
        var status = Contacts_V1_ClientMessage()
        status.id = 2
        status.body = .authorizationStatus(Contacts_V1_AuthorizationStatusRequest())
        let request = FuzzInput.frame(FuzzInput.hello) + FuzzInput.frame((try? status.serializedBytes()) ?? [])
        guard connection.write(request) else { fatalError("the daemon closed a well-behaved connection") }
        guard let replies = connection.readFrames(2) else { fatalError("the daemon stopped answering") }
        let messages = replies.compactMap { try? Contacts_V1_ServerMessage(serializedBytes: $0) }
        guard messages.contains(where: { if case .welcome = $0.body { true } else { false } }),
            messages.contains(where: {
                if case .authorizationStatus(let reply) = $0.body { reply.status == 3 } else { false }
            })
        else { fatalError("the daemon no longer answers a well-behaved client as before") }
    }
}
