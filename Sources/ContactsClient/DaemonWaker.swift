import ContactsModel
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A pipe one thread polls beside the socket and another writes to wake it: how a caller takes the reading turn
/// from ``DaemonLink``'s own thread while that thread waits for the socket.
final class DaemonWaker: Sendable {
    /// The end to poll.
    let descriptor: Int32
    private let writeEnd: Int32

    init() throws(CNError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw CNError(.dataAccessError, userInfo: [NSDebugDescriptionErrorKey: "cannot create a pipe"])
        }
        for end in ends {
            // Neither end may leak into a child the app starts, nor block: a full pipe already wakes the poller.
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        descriptor = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(descriptor)
        close(writeEnd)
    }

    /// Makes the read end readable, waking the thread that polls it.
    func wake() {
        var byte: UInt8 = 1
        _ = Glibc.write(writeEnd, &byte, 1)
    }

    /// Reads the wake-ups back, so the next poll waits again.
    func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while Glibc.read(descriptor, &bytes, bytes.count) > 0 {}
    }

    /// Sleeps without the pipe: the thread that waits for a quiet connection is woken by time only.
    func sleep(nanoseconds: UInt64) {
        var interval = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&interval, &remaining) != 0, errno == EINTR {
            interval = remaining
        }
    }
}
