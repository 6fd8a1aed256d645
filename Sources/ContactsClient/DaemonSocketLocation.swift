import Foundation

/// Where an app finds contactsd: the socket named by `CONTACTS_DAEMON_SOCKET`, else the system's.
///
/// The variable only chooses which daemon the app talks to; the daemon decides who the app is from the kernel,
/// so pointing it elsewhere fools nobody but the app itself.
package enum DaemonSocketLocation {
    /// The variable that names the socket.
    package static let variable = "CONTACTS_DAEMON_SOCKET"
    /// The system daemon's socket (docs/Daemon.md).
    package static let systemPath = "/run/contactsd/contactsd.sock"

    /// The socket to use when a daemon listens there, else nil (embedded mode).
    package static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let path = chosenPath(environment: environment)
        return isSocket(path) ? path : nil
    }

    /// The socket the variable names, else the system's, whether or not a daemon listens there.
    package static func chosenPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        environment[variable].flatMap { $0.isEmpty ? nil : $0 } ?? systemPath
    }

    /// Whether a Unix socket is at a path.
    package static func isSocket(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFSOCK
    }
}
