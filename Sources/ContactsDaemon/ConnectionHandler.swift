import NIOCore

/// The event-loop side of a connection: hands each frame to the connection's session (which answers short calls
/// on the loop, ``ConnectionSession/receive(_:)``), tells it when a read ended, and ends it on close.
final class ConnectionHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer

    private let session: ConnectionSession

    init(session: ConnectionSession) {
        self.session = session
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        session.receive(unwrapInboundIn(data))
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        session.readEnded()
        context.fireChannelReadComplete()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        session.writabilityChanged()
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        session.close()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A bad frame (too large, say) ends this connection only.
        context.close(promise: nil)
    }
}
