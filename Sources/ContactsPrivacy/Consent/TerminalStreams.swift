#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A line-based conversation with the person: read a line, write text.
///
/// ```swift
/// if let terminal = TerminalStreams.controllingTerminal() {
///     terminal.write("Hello\n")
/// }
/// ```
///
/// Parity: our addition.
public struct TerminalStreams: Sendable {
    /// Reads one line without its line ending; nil at end of input.
    public var readLine: @Sendable () -> String?
    /// Writes text as is.
    public var write: @Sendable (String) -> Void

    /// Creates streams from two closures.
    public init(readLine: @escaping @Sendable () -> String?, write: @escaping @Sendable (String) -> Void) {
        self.readLine = readLine
        self.write = write
    }

    /// The process's controlling terminal, `/dev/tty`, or nil when the process has none (a daemon, CI, a pipe).
    ///
    /// Standard input and output are not used: they may be redirected by the app, and the app must never be
    /// able to answer for the person.
    public static func controllingTerminal() -> TerminalStreams? {
        guard let device = TerminalDevice(path: "/dev/tty") else { return nil }
        return TerminalStreams(readLine: { device.receiveLine() }, write: { device.send($0) })
    }
}

/// An open terminal device; the descriptor is closed when the last stream using it goes away.
private final class TerminalDevice: Sendable {
    // The descriptor never changes after init; reads and writes are system calls, safe from any thread.
    private let descriptor: Int32

    init?(path: String) {
        let descriptor = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        guard isatty(descriptor) == 1 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    func receiveLine() -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(descriptor, &byte, 1)
            if count <= 0 {
                return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    func send(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if written <= 0 { return }
            offset += written
        }
    }
}
