import ContactsProtocol
import NIOCore

/// Splits a connection's bytes into frames: a 4-byte big-endian length, then that many bytes.
///
/// A length above ``ProtocolVersion/maximumFrameLength`` is refused as soon as the prefix arrives, before any of
/// the body is buffered, so a peer cannot make the daemon hold a huge frame in memory.
struct FrameDecoder: ByteToMessageDecoder {
    typealias InboundOut = ByteBuffer

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let length = buffer.getInteger(at: buffer.readerIndex, endianness: .big, as: UInt32.self) else {
            return .needMoreData
        }
        guard length <= ProtocolVersion.maximumFrameLength else {
            throw DaemonError(.protocolViolation, "a frame of \(length) bytes is over the limit")
        }
        guard buffer.readableBytes >= 4 + Int(length) else { return .needMoreData }
        buffer.moveReaderIndex(forwardBy: 4)
        guard let frame = buffer.readSlice(length: Int(length)) else { return .needMoreData }
        context.fireChannelRead(wrapInboundOut(frame))
        return .continue
    }

    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws
        -> DecodingState
    {
        // A partial frame at the end of the stream is dropped: the peer went away mid-message.
        while try decode(context: context, buffer: &buffer) == .continue {}
        return .needMoreData
    }
}
