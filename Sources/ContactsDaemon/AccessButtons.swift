import Synchronization

/// The contact access button sessions the daemon's apps opened, by session id (docs/WebUI.md).
///
/// A session belongs to the connection that opened it and ends with it: the app that placed a button is the
/// one process that learns what it grants.
final class AccessButtons: Sendable {
    /// Sessions one connection may hold at once: each costs the daemon a little memory, and a page rarely shows
    /// more than a few buttons.
    static let maximumPerConnection = 64
    private let sessions = Mutex<[String: AccessButtonSession]>([:])

    /// Adds a session; false when its connection already holds the maximum.
    func add(_ session: AccessButtonSession) -> Bool {
        sessions.withLock { sessions in
            guard sessions.values.count(where: { $0.owner == session.owner }) < Self.maximumPerConnection else {
                return false
            }
            sessions[session.id] = session
            return true
        }
    }

    func session(_ id: String) -> AccessButtonSession? {
        sessions.withLock { $0[id] }
    }

    /// Ends one session of a connection; false when the connection has none with that id.
    func end(_ id: String, owner: ObjectIdentifier) -> Bool {
        let removed = sessions.withLock { sessions -> AccessButtonSession? in
            guard sessions[id]?.owner == owner else { return nil }
            return sessions.removeValue(forKey: id)
        }
        removed?.end()
        return removed != nil
    }

    /// Ends every session of a connection (it closed).
    func end(owner: ObjectIdentifier) {
        let removed = sessions.withLock { sessions -> [AccessButtonSession] in
            let mine = sessions.values.filter { $0.owner == owner }
            for session in mine { sessions[session.id] = nil }
            return mine
        }
        for session in removed { session.end() }
    }
}
