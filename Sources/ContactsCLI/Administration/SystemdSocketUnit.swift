import Foundation

/// The socket unit `contacts daemon install` writes beside `contactsd.service`: systemd listens on the apps'
/// socket and starts contactsd on the first connection, handing it the socket (docs/Daemon.md, "Socket
/// activation").
///
/// systemd makes the socket, so its mode is set before any app can connect, and it keeps the socket while the
/// daemon is stopped or restarting: an app that connects then waits in the socket's queue instead of failing.
package struct SystemdSocketUnit: Hashable, Sendable {
    /// The file name under /etc/systemd/system; the same name as the service's, so it starts that service.
    package static let fileName = "contactsd.socket"

    package var socket: String

    package init(socket: String) {
        self.socket = socket
    }

    /// The unit file's text.
    package var text: String {
        [
            "# Written by 'contacts daemon install'; docs/Daemon.md explains each setting.",
            "[Unit]",
            "Description=Contacts store socket for apps (contactsd)",
            "",
            "[Socket]",
            "ListenStream=\(SystemdUnit.quoted(socket))",
            // Apps of every user connect; the daemon decides, from the kernel's credentials, what each may see.
            "SocketMode=0666",
            "DirectoryMode=0755",
            "RemoveOnStop=yes",
            "",
            "[Install]",
            "WantedBy=sockets.target",
        ].joined(separator: "\n") + "\n"
    }
}
