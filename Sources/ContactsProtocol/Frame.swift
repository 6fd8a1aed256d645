import SwiftProtobuf

/// The framing of the wire protocol: a 4-byte big-endian length, then that many bytes of one message.
package enum Frame {
    /// One message as a frame.
    ///
    /// - Throws: ``WireError`` `frameTooLarge` above ``ProtocolVersion/maximumFrameLength``, or the encoder's error.
    package static func encode(_ message: some SwiftProtobuf.Message) throws -> [UInt8] {
        let body: [UInt8] = try message.serializedBytes()
        guard body.count <= ProtocolVersion.maximumFrameLength else {
            throw WireError(.frameTooLarge, "a message of \(body.count) bytes is over the frame limit")
        }
        let length = UInt32(body.count)
        return [UInt8(length >> 24), UInt8((length >> 16) & 0xFF), UInt8((length >> 8) & 0xFF), UInt8(length & 0xFF)] + body
    }
}

/// Bytes received so far, cut into frames as they complete.
package struct FrameBuffer: Sendable {
    private var bytes: [UInt8] = []
    private var start = 0

    package init() {}

    package mutating func append(_ received: some Collection<UInt8>) {
        bytes.append(contentsOf: received)
    }

    /// The next complete frame's body, or nil until one has arrived.
    ///
    /// - Throws: ``WireError`` `frameTooLarge` as soon as a length prefix over the limit arrives, before its body.
    package mutating func nextFrame() throws(WireError) -> [UInt8]? {
        guard bytes.count - start >= 4 else { return nil }
        let length = Int(bytes[start]) << 24 | Int(bytes[start + 1]) << 16 | Int(bytes[start + 2]) << 8 | Int(bytes[start + 3])
        guard length <= ProtocolVersion.maximumFrameLength else {
            throw WireError(.frameTooLarge, "a frame of \(length) bytes is over the limit")
        }
        guard bytes.count - start >= 4 + length else { return nil }
        let frame = Array(bytes[(start + 4)..<(start + 4 + length)])
        start += 4 + length
        // Drop consumed bytes once they are most of the buffer, so it does not grow with the connection's life.
        if start > 65_536, start * 2 > bytes.count {
            bytes.removeFirst(start)
            start = 0
        }
        return frame
    }
}
