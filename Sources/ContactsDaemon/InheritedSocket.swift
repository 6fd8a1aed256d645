import Foundation

/// The listening socket systemd hands contactsd when `contactsd.socket` starts it (socket activation): the
/// protocol of `sd_listen_fds(3)`, read here without libsystemd. `LISTEN_PID` names the process the descriptors
/// are meant for, `LISTEN_FDS` counts them from descriptor 3.
///
/// The daemon then serves that socket instead of binding its `--socket` path: systemd made it (its path, owner
/// and mode are the socket unit's), keeps it while the daemon is stopped, and starts the daemon again on the next
/// connection. The variables are checked before the descriptor is trusted, as `sd_listen_fds` does: a variable
/// meant for another process (a parent's, passed on) hands over nothing, and a descriptor that is not a listening
/// Unix stream socket is refused with a message rather than served.
package enum InheritedSocket {
    /// The first descriptor systemd passes (`SD_LISTEN_FDS_START`).
    package static let firstDescriptor: Int32 = 3

    /// Why an inherited descriptor cannot be served.
    package struct Refusal: Error, CustomStringConvertible {
        package var description: String
    }

    /// The descriptor systemd passed to this process, or nil when it passed none (the daemon binds its own).
    ///
    /// On success the variables are removed from the environment and the descriptor is closed on `exec`, so
    /// nothing the daemon starts inherits either.
    package static func take(
        environment: [String: String] = ProcessInfo.processInfo.environment, processID: pid_t = getpid()
    ) throws(Refusal) -> Int32? {
        guard let listenPID = environment["LISTEN_PID"], pid_t(listenPID) == processID else { return nil }
        guard let text = environment["LISTEN_FDS"], let count = Int(text), count >= 0 else {
            throw Refusal(description: "LISTEN_FDS is not a count of descriptors: socket activation cannot be used")
        }
        guard count > 0 else { return nil }
        guard count == 1 else {
            throw Refusal(
                description:
                    "systemd passed \(count) sockets; contactsd listens on one (one ListenStream= in contactsd.socket)")
        }
        let descriptor = firstDescriptor
        guard integerOption(SO_ACCEPTCONN, of: descriptor) == 1,
            integerOption(SO_TYPE, of: descriptor) == Int32(SOCK_STREAM.rawValue),
            integerOption(SO_DOMAIN, of: descriptor) == AF_UNIX
        else {
            throw Refusal(
                description: "descriptor \(descriptor) from systemd is not a listening Unix stream socket "
                    + "(contactsd.socket needs ListenStream=PATH)")
        }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        for name in ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"] { unsetenv(name) }
        return descriptor
    }

    /// A socket option's integer value, or nil when the descriptor is not a socket (or not open).
    private static func integerOption(_ option: Int32, of descriptor: Int32) -> Int32? {
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, option, &value, &length) == 0 else { return nil }
        return value
    }
}
