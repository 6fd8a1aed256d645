import Foundation
import NIOCore

#if canImport(Glibc)
    import Glibc
#endif

/// Who is at the other end of a connection, as the kernel says: never anything the peer sent.
///
/// `SO_PEERCRED` gives the process, user and group that connected; `SO_PEERPIDFD` (Linux 6.5 and later) gives a
/// file descriptor that refers to that very process, so a process that exits and whose PID is reused by
/// another cannot take its place between the connection and the lookup of its executable.
struct PeerCredentials: Sendable, Hashable {
    var pid: pid_t
    var uid: uid_t
    var gid: gid_t
    /// A pidfd for the peer, or nil where the kernel has no `SO_PEERPIDFD`; closed with the session.
    var pidfd: Int32?

    /// Reads the credentials of a connected Unix-domain channel.
    static func read(from channel: any Channel) -> EventLoopFuture<PeerCredentials> {
        guard let provider = channel as? any SocketOptionProvider else {
            return channel.eventLoop.makeFailedFuture(DaemonError(.peerUnknown, "the channel has no socket options"))
        }
        let credentials: EventLoopFuture<KernelCredentials> = provider.unsafeGetSocketOption(
            level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(SO_PEERCRED))
        return credentials.flatMap { credentials in
            let pidfd: EventLoopFuture<Int32> = provider.unsafeGetSocketOption(
                level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(Self.peerPIDFDOption))
            return pidfd.map { Optional($0) }.recover { _ in nil }.map { pidfd in
                PeerCredentials(pid: credentials.pid, uid: credentials.uid, gid: credentials.gid, pidfd: pidfd)
            }
        }
    }

    /// `struct ucred` of linux/socket.h (pid, uid, gid: three 32-bit fields), which Glibc's Swift module does not
    /// export without _GNU_SOURCE; `SO_PEERCRED` fills exactly this layout.
    struct KernelCredentials: Sendable {
        var pid: pid_t = 0
        var uid: uid_t = 0
        var gid: gid_t = 0
    }

    /// `SO_PEERPIDFD` from linux/socket.h; Glibc's headers here predate it.
    static let peerPIDFDOption: Int32 = 77

    /// Whether the process the pidfd refers to is still running (so its PID still names it).
    ///
    /// A pidfd becomes readable when its process exits; polling it without waiting tells whether it did.
    var isStillRunning: Bool {
        guard let pidfd else { return kill(pid, 0) == 0 }
        var entry = pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) == 0
    }

    /// Closes the pidfd.
    func close() {
        if let pidfd { _ = Glibc.close(pidfd) }
    }
}
