#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes to the process's standard output and error with plain `write(2)` calls.
///
/// Standard output is buffered by ``BufferedOutput``, so a listing of 100,000 contacts makes a few hundred
/// system calls rather than one per line.
package enum StandardStreams {
    /// Writes text to standard error at once.
    package static func writeError(_ text: String) {
        write(Array(text.utf8), to: STDERR_FILENO)
    }

    /// Whether standard error is a terminal, where progress may be drawn.
    package static var errorIsTerminal: Bool {
        isatty(STDERR_FILENO) == 1
    }

    /// Writes bytes to a file descriptor, retrying short writes; a closed pipe ends the writing silently.
    static func write(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = systemWrite(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }

    private static func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
            Darwin.write(descriptor, pointer, count)
        #elseif canImport(Musl)
            Musl.write(descriptor, pointer, count)
        #else
            Glibc.write(descriptor, pointer, count)
        #endif
    }
}

/// Standard output with a buffer; ``flush()`` before the command returns.
package struct BufferedOutput {
    private var buffer: [UInt8] = []
    private let limit = 1 << 16

    package init() {
        buffer.reserveCapacity(limit)
    }

    /// Appends text, writing the buffer out when it is full.
    package mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= limit { flush() }
    }

    /// Appends bytes, writing the buffer out when it is full.
    package mutating func write(bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= limit { flush() }
    }

    /// Appends a line.
    package mutating func line(_ text: String = "") {
        write(text)
        write("\n")
    }

    /// Writes out what is buffered.
    package mutating func flush() {
        guard !buffer.isEmpty else { return }
        StandardStreams.write(buffer, to: STDOUT_FILENO)
        buffer.removeAll(keepingCapacity: true)
    }
}
