import Foundation

/// One client connection to the fuzzed daemon over its Unix socket, with blocking I/O and a receive timeout.
struct FuzzConnection {
    private let descriptor: Int32

    init?(path: String, timeoutSeconds: Int) {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(path.utf8.prefix(capacity - 1))
            raw.copyBytes(from: bytes)
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            Glibc.close(fd)
            return nil
        }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        descriptor = fd
    }

    /// Writes everything; false when the daemon closed the connection first (a refused frame), which is fine.
    func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    /// Ends the client's side, so the daemon sees the end of the stream, as from an app that went away.
    func finishWriting() {
        shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Reads until the daemon closes the connection. Returns the bytes, or nil when the timeout passed first.
    func readToEnd() -> [UInt8]? {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { return result }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == ECONNRESET { return result }
                return nil
            }
            result += buffer[0..<count]
        }
    }

    /// Reads until `count` whole frames have arrived; nil when the daemon closed or the timeout passed first.
    func readFrames(_ count: Int) -> [[UInt8]]? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let frames = Self.frames(in: bytes)
            if frames.count >= count { return frames }
            let read = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if read < 0 && errno == EINTR { continue }
            if read <= 0 { return nil }
            bytes += buffer[0..<read]
        }
    }

    /// The whole frames at the start of `bytes` (4-byte big-endian length, then the payload).
    static func frames(in bytes: [UInt8]) -> [[UInt8]] {
        var result: [[UInt8]] = []
        var index = 0
        while index + 4 <= bytes.count {
            let length =
                Int(bytes[index]) << 24 | Int(bytes[index + 1]) << 16 | Int(bytes[index + 2]) << 8
                | Int(bytes[index + 3])
            index += 4
            guard index + length <= bytes.count else { break }
            result.append(Array(bytes[index..<index + length]))
            index += length
        }
        return result
    }

    func close() {
        Glibc.close(descriptor)
    }
}
