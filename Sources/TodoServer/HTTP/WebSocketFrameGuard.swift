import NIOCore
import NIOHTTP1
import NIOWebSocket

/// Refuses WebSocket frames that RFC 6455 forbids from a client, before the connection's
/// handler sees them: a frame that is not masked closes the connection with 1002 (protocol
/// error), and nothing in it is applied. (Invalid UTF-8 is closed with 1007 and an oversized
/// message with 1009 by the WebSocket handler itself.) On shutdown it says 1001 (going away)
/// and closes the connection once the grace period ends.
final class WebSocketFrameGuard: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = WebSocketFrame
  typealias InboundOut = WebSocketFrame
  typealias OutboundOut = WebSocketFrame

  private let shutdownGrace: Duration
  private var closing = false

  init(shutdownGrace: Duration) {
    self.shutdownGrace = shutdownGrace
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !closing else { return }
    let frame = unwrapInboundIn(data)
    guard frame.maskKey != nil else {
      close(with: .protocolError, context: context, after: nil)
      return
    }
    context.fireChannelRead(data)
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if event is ChannelShouldQuiesceEvent, !closing {
      close(with: .goingAway, context: context, after: shutdownGrace)
    }
    context.fireUserInboundEventTriggered(event)
  }

  /// Sends a close frame with `code` and closes the connection, at once or after `delay`
  /// (time for the client to answer the close).
  private func close(
    with code: WebSocketErrorCode, context: ChannelHandlerContext, after delay: Duration?
  ) {
    closing = true
    var data = context.channel.allocator.buffer(capacity: 2)
    data.write(webSocketErrorCode: code)
    let frame = WebSocketFrame(fin: true, opcode: .connectionClose, data: data)
    let written = context.writeAndFlush(wrapOutboundOut(frame))
    if let delay {
      context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(delay)) {
        context.close(promise: nil)
      }
    } else {
      written.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
  }

  /// Waits at the end of the pipeline for the WebSocket upgrade to complete, then puts a
  /// ``WebSocketFrameGuard`` right after the frame decoder and leaves. Until then it passes
  /// everything on untouched.
  final class Installer: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = Never

    private let shutdownGrace: Duration

    init(shutdownGrace: Duration) {
      self.shutdownGrace = shutdownGrace
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
      if case HTTPServerUpgradeEvents.upgradeComplete = event {
        let pipeline = context.pipeline.syncOperations
        if let decoder = try? pipeline.context(
          handlerType: ByteToMessageHandler<WebSocketFrameDecoder>.self)
        {
          try? pipeline.addHandler(
            WebSocketFrameGuard(shutdownGrace: shutdownGrace), position: .after(decoder.handler))
        } else {
          // No frame decoder to guard: refuse the connection rather than leave it unchecked.
          context.close(promise: nil)
        }
        pipeline.removeHandler(context: context, promise: nil)
      }
      context.fireUserInboundEventTriggered(event)
    }
  }
}
