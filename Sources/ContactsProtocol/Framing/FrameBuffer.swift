/// Collects the bytes of a stream and yields its complete frames, however the stream splits them.
///
/// Feed it what the socket reads, then take frames until it answers nil:
///
/// ```swift
/// var buffer = FrameBuffer()
/// buffer.append(bytesRead)
/// while let body = try buffer.nextFrame() {
///     let message = try Frame.decode(Contacts_V1_ServerMessage.self, from: body)
/// }
/// ```
///
/// A length prefix above ``ProtocolVersion/maximumFrameLength`` fails as soon as its four bytes are in,
/// before the body arrives, so a peer cannot make the reader hold 4 GiB; from then on the buffer stays failed
/// and drops what it is given, since the stream has lost its frame boundaries.
package struct FrameBuffer: Sendable {
    private var bytes: [UInt8] = []
    /// Where the next frame starts in `bytes`; the bytes before it were handed out already.
    private var start = 0
    /// The error of an oversized length prefix, thrown again by every later call.
    private var failure: WireError?

    package init() {}

    /// The bytes received and not yet handed out as frames.
    package var bufferedByteCount: Int { bytes.count - start }

    /// Adds bytes read from the stream.
    package mutating func append(_ newBytes: some Collection<UInt8>) {
        guard failure == nil else { return }
        bytes.append(contentsOf: newBytes)
    }

    /// The body of the next complete frame, or nil until all of its bytes have arrived.
    ///
    /// - Returns: The frame's body without its length prefix.
    /// - Throws: `WireError.frameTooLarge` when the next length prefix exceeds the maximum; the connection
    ///   must then be closed.
    package mutating func nextFrame() throws(WireError) -> [UInt8]? {
        guard let length = try nextLength() else { return nil }
        let bodyStart = start + Frame.headerLength
        guard bytes.count - bodyStart >= length else { return nil }
        let body = Array(bytes[bodyStart..<bodyStart + length])
        start = bodyStart + length
        discardConsumedBytes()
        return body
    }

    /// The next frame when it is long and not all here: its body's length and the part of it received, taken
    /// out of the buffer (the buffer is then empty), so the reader receives the rest straight into the body.
    /// Through the buffer, every byte of a 200 kB batch was copied twice more (appended, then cut out as the
    /// body), a few dozen microseconds of a name search with all keys (docs/Daemon.md, "Performance").
    ///
    /// - Parameter minimumLength: Shorter bodies stay in the buffer (nil): they arrive in one read or two.
    /// - Returns: nil when no frame has started, its whole body is here (``nextFrame()`` hands it out), or it is
    ///   shorter than `minimumLength`.
    /// - Throws: `WireError.frameTooLarge`, as ``nextFrame()``.
    package mutating func takeIncompleteFrame(minimumLength: Int) throws(WireError) -> (
        length: Int, received: ArraySlice<UInt8>
    )? {
        guard let length = try nextLength(), length >= minimumLength else { return nil }
        let bodyStart = start + Frame.headerLength
        guard bytes.count - bodyStart < length else { return nil }
        let received = bytes[bodyStart...]
        bytes = []
        start = 0
        return (length, received)
    }

    /// The body length of the next frame once its header is here; nil before.
    private mutating func nextLength() throws(WireError) -> Int? {
        if let failure { throw failure }
        guard bufferedByteCount >= Frame.headerLength else { return nil }
        let length = bytes[start..<start + Frame.headerLength].reduce(0) { ($0 << 8) | Int($1) }
        guard length <= ProtocolVersion.maximumFrameLength else {
            let error = WireError(
                .frameTooLarge, "a length prefix of \(length) bytes exceeds \(ProtocolVersion.maximumFrameLength)"
            )
            failure = error
            bytes = []
            start = 0
            throw error
        }
        return length
    }

    /// Checks that the stream ended on a frame boundary; call it when the peer closes the connection.
    ///
    /// - Throws: `WireError.truncatedFrame` when part of a frame is buffered; the frame's error when the
    ///   buffer failed.
    package func finish() throws(WireError) {
        if let failure { throw failure }
        guard bufferedByteCount == 0 else {
            throw WireError(.truncatedFrame, "the stream ended with \(bufferedByteCount) bytes of an incomplete frame")
        }
    }

    /// Frees the bytes handed out, once they are at least half the buffer, so appending and taking frames
    /// stays linear in the bytes received.
    private mutating func discardConsumedBytes() {
        if start == bytes.count {
            bytes.removeAll(keepingCapacity: true)
            start = 0
        } else if start >= 4096, start * 2 >= bytes.count {
            bytes.removeFirst(start)
            start = 0
        }
    }
}
