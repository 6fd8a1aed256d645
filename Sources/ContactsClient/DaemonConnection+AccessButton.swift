import ContactsModel
import ContactsProtocol
import Foundation

// An app's contact access button for its web page (docs/WebUI.md): the daemon answers with the frame's address,
// then pushes, under the same request id, what the person shares through it, and Done when the session ends.
extension DaemonConnection {
    /// Opens a button session; `onGrant` gets each grant's identifiers and `onEnd` is called once, when the
    /// session ends or the connection breaks, on a thread of the session's own.
    ///
    /// - Returns: The session's id, the frame's URL and the origin allowed to frame it.
    /// - Throws: The daemon's error: 302 for an illegible style or invalid settings, 104 without screens or a
    ///   registered web origin.
    package func startAccessButton(
        _ request: Contacts_V1_StartAccessButtonRequest, onGrant: @escaping @Sendable ([String]) -> Void,
        onEnd: @escaping @Sendable () -> Void
    ) throws(CNError) -> Contacts_V1_AccessButtonSession {
        let stream = try open(.startAccessButton(request))
        guard case .accessButtonSession(let session) = try stream.next() else {
            stream.finish()
            throw Self.unexpected
        }
        let reader = GrantReader(stream: stream)
        // A thread of its own, not Swift's pool: it blocks until the person shares something, which may be never.
        Thread.detachNewThread {
            reader.read(onGrant)
            onEnd()
        }
        return session
    }

    /// Gives a button session of this connection a new query.
    ///
    /// - Throws: 200 when the connection has no session with that id; 302 for a query over the limits.
    package func updateAccessButton(_ request: Contacts_V1_UpdateAccessButtonRequest) throws(CNError) {
        guard case .done = try call(.updateAccessButton(request)) else { throw Self.unexpected }
    }

    /// Ends a button session of this connection.
    ///
    /// - Throws: 200 when the connection has no session with that id.
    package func endAccessButton(_ sessionID: String) throws(CNError) {
        var request = Contacts_V1_EndAccessButtonRequest()
        request.sessionID = sessionID
        guard case .done = try call(.endAccessButton(request)) else { throw Self.unexpected }
    }
}

/// The stream of one button session's grants, read by one thread.
private final class GrantReader: @unchecked Sendable {
    // SAFETY: the stream is used only by the reading thread once the session has started.
    // TODO(#14): none; the stream is not Sendable because it has one reader by design.
    private let stream: DaemonStream

    init(stream: DaemonStream) {
        self.stream = stream
    }

    /// Hands over each grant until the session's Done or the connection's end.
    func read(_ onGrant: @Sendable ([String]) -> Void) {
        defer { stream.finish() }
        while let body = try? stream.next(), case .accessButtonGrant(let grant) = body {
            onGrant(grant.identifiers)
        }
    }
}
