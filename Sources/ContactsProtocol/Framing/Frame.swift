import SwiftProtobuf

/// The framing of the contactsd protocol: a 4-byte big-endian length, then that many bytes of one message.
///
/// The client writes frames to a plain socket and the daemon to a NIO channel, so this type works on byte
/// arrays and knows nothing of either; ``FrameBuffer`` reads frames back from a stream.
///
/// ```swift
/// let bytes = try Frame.encode(clientMessage)
/// try socket.write(bytes)
/// ```
package enum Frame {
    /// The size of the length prefix.
    package static let headerLength = 4

    /// Serializes a message and prefixes it with its length.
    ///
    /// - Parameter message: The message, a `Contacts_V1_ClientMessage` or `Contacts_V1_ServerMessage`.
    /// - Returns: The frame's bytes.
    /// - Throws: `WireError.frameTooLarge` when the message exceeds ``ProtocolVersion/maximumFrameLength``, so
    ///   the sender finds out instead of the peer closing the connection; `malformedMessage` when SwiftProtobuf
    ///   cannot serialize it.
    package static func encode(_ message: some SwiftProtobuf.Message) throws(WireError) -> [UInt8] {
        let body: [UInt8]
        do {
            body = try message.serializedBytes()
        } catch {
            throw WireError(.malformedMessage, "\(type(of: message)) could not be serialized", cause: error)
        }
        guard body.count <= ProtocolVersion.maximumFrameLength else {
            throw WireError(
                .frameTooLarge,
                "a \(type(of: message)) of \(body.count) bytes exceeds \(ProtocolVersion.maximumFrameLength)"
            )
        }
        let length = UInt32(body.count)
        var frame: [UInt8] = []
        frame.reserveCapacity(headerLength + body.count)
        frame.append(UInt8(truncatingIfNeeded: length >> 24))
        frame.append(UInt8(truncatingIfNeeded: length >> 16))
        frame.append(UInt8(truncatingIfNeeded: length >> 8))
        frame.append(UInt8(truncatingIfNeeded: length))
        frame.append(contentsOf: body)
        return frame
    }

    /// Parses the body of a frame (without its length prefix) as a message.
    ///
    /// - Parameters:
    ///   - type: The message type the peer sends.
    ///   - body: A frame's body, as ``FrameBuffer/nextFrame()`` returns it.
    /// - Returns: The message; fields this build does not know are kept as unknown fields.
    /// - Throws: `WireError.malformedMessage` when the bytes are not a message of that type (including
    ///   strings that are not UTF-8).
    package static func decode<Message: SwiftProtobuf.Message>(
        _ type: Message.Type,
        from body: [UInt8]
    ) throws(WireError) -> Message {
        do {
            return try Message(serializedBytes: body)
        } catch {
            throw WireError(.malformedMessage, "a frame of \(body.count) bytes is not a \(type)", cause: error)
        }
    }
}
