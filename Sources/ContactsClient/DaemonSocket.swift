import ContactsModel
import ContactsProtocol
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A blocking Unix-domain stream socket with frame reading and writing.
///
/// Apps call the store synchronously (Apple's API is synchronous), so the client uses plain blocking sockets
/// instead of an event loop: no NIO in the app. One thread at a time reads (``DaemonLink`` hands out the turn);
/// writers take turns.
final class DaemonSocket {
    private let descriptor: Int32
    private var buffer = FrameBuffer()
    /// What recv(2) reads into, kept between reads rather than allocated and zeroed (64 KiB) for every frame,
    /// which every call paid.
    private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

    /// Connects to the socket at a path.
    init(path: String) throws(CNError) {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Self.unavailable("cannot create a socket") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(descriptor)
            throw Self.unavailable("the socket path is too long")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
        }
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw Self.unavailable("contactsd is not running at \(path)")
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Ends both directions, so a thread blocked reading returns; the descriptor is closed with the socket.
    func shutDown() {
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Writes all of a frame.
    func write(_ bytes: [UInt8]) throws(CNError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                send(descriptor, raw.baseAddress?.advanced(by: offset), bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw Self.unavailable("the connection to contactsd was lost") }
            offset += written
        }
    }

    /// Waits until the socket has bytes to read (or was closed), or until `waker` is woken; returns whether the
    /// socket is readable. Bytes of a frame already buffered count as readable.
    func waitUntilReadable(orWoken waker: DaemonWaker) -> Bool {
        if buffer.bufferedByteCount > 0 { return true }
        var descriptors = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: waker.descriptor, events: Int16(POLLIN), revents: 0),
        ]
        while poll(&descriptors, 2, -1) < 0, errno == EINTR {}
        return descriptors[0].revents != 0
    }

    /// Reads the next frame, blocking.
    func readFrame() throws(CNError) -> [UInt8] {
        while true {
            let incomplete: (length: Int, received: ArraySlice<UInt8>)?
            do {
                if let frame = try buffer.nextFrame() { return frame }
                incomplete = try buffer.takeIncompleteFrame(minimumLength: chunk.count)
            } catch {
                throw Self.unavailable("contactsd sent a malformed frame")
            }
            if let incomplete { return try receiveBody(length: incomplete.length, received: incomplete.received) }
            var count = receiveSpinning()
            if count < 0, errno == EAGAIN {
                count = chunk.withUnsafeMutableBytes { raw in recv(descriptor, raw.baseAddress, raw.count, 0) }
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw Self.unavailable("the connection to contactsd was lost") }
            buffer.append(chunk[0..<count])
        }
    }

    /// The rest of a long frame's body, received straight into the body (the part already read first): a large
    /// batch is copied once from the socket, not through the chunk and the frame buffer as well.
    private func receiveBody(length: Int, received: ArraySlice<UInt8>) throws(CNError) -> [UInt8] {
        var lost = false
        let body = [UInt8](unsafeUninitializedCapacity: length) { raw, count in
            var filled = raw.initialize(fromContentsOf: received)
            while filled < length {
                let read = recv(descriptor, raw.baseAddress! + filled, length - filled, 0)
                if read < 0, errno == EINTR { continue }
                guard read > 0 else {
                    lost = true
                    break
                }
                filled += read
            }
            count = filled
        }
        if lost { throw Self.unavailable("the connection to contactsd was lost") }
        return body
    }

    /// Polls for the reply without sleeping for up to ``spinNanoseconds`` before the caller blocks in recv(2).
    ///
    /// Most replies come 20–110 µs after the request. A thread that sleeps for one is woken by the kernel after its
    /// processor wakes from idle, which on a quiet machine cost more than the call itself: the status call took
    /// 64–70 µs sleeping and 22–26 µs polling, a fetch by identifier 160–218 and 106–108 (docs/Daemon.md, "The caller
    /// polls briefly for its reply"). A slow reply (a long query, a prompt for the person) falls through to the
    /// blocking read after the budget: at most 200 µs of processor time a call, no added latency.
    private func receiveSpinning() -> Int {
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        while true {
            let count = chunk.withUnsafeMutableBytes { raw in
                recv(descriptor, raw.baseAddress, raw.count, Int32(MSG_DONTWAIT))
            }
            if count >= 0 || (errno != EAGAIN && errno != EWOULDBLOCK) { return count }
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let elapsed = (now.tv_sec - start.tv_sec) * 1_000_000_000 + (now.tv_nsec - start.tv_nsec)
            if elapsed >= Self.spinNanoseconds {
                errno = EAGAIN
                return -1
            }
            // Another thread that is ready to run (the daemon, on a busy machine) gets the processor first.
            sched_yield()
        }
    }

    /// How long a caller polls for its reply before it sleeps (``receiveSpinning()``).
    static let spinNanoseconds = 200_000

    private static func unavailable(_ reason: String) -> CNError {
        CNError(.dataAccessError, userInfo: [NSDebugDescriptionErrorKey: reason])
    }
}
