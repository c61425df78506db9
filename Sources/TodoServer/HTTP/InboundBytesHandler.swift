import NIOCore

/// Hands the raw bytes of a connection to its ``HTTPGuardHandler`` before the HTTP decoder
/// sees them, so that the guard bounds a request head by bytes and by time before the decoder
/// has parsed it.
final class InboundBytesHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer

  /// The guard of the same connection.
  let guardHandler: HTTPGuardHandler

  init(guardHandler: HTTPGuardHandler) {
    self.guardHandler = guardHandler
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guardHandler.received(unwrapInboundIn(data))
    context.fireChannelRead(data)
  }
}
