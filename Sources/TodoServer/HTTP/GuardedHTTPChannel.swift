import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1
import Synchronization

/// Hummingbird's HTTP/1 channel with the WebSocket upgrade, guarded: each connection gets an
/// ``InboundBytesHandler`` before the HTTP decoder and an ``HTTPGuardHandler`` right after it,
/// and the server counts its connections against ``HTTPLimits/maximumConnections``.
struct GuardedHTTPChannel: ServerChildChannel {
  typealias Value = HTTP1WebSocketUpgradeChannel.Value

  let base: HTTP1WebSocketUpgradeChannel
  let origins: ServerOrigins
  let limits: HTTPLimits
  let webSocketPaths: Set<String>
  let connections: ConnectionCounter

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    base.setup(channel: channel, logger: logger).flatMapThrowing { value in
      let overCapacity = !connections.open(limit: limits.maximumConnections)
      channel.closeFuture.whenComplete { _ in connections.close() }
      let pipeline = channel.pipeline.syncOperations
      let guardHandler = HTTPGuardHandler(
        origins: origins, limits: limits, webSocketPaths: webSocketPaths,
        overCapacity: overCapacity)
      let decoder = try pipeline.context(handlerType: ByteToMessageHandler<HTTPRequestDecoder>.self)
      try pipeline.addHandler(guardHandler, position: .after(decoder.handler))
      try pipeline.addHandler(InboundBytesHandler(guardHandler: guardHandler), position: .first)
      return value
    }
  }

  func handle(value: Value, logger: Logger) async {
    await base.handle(value: value, logger: logger)
  }

  /// The number of open connections of one server.
  final class ConnectionCounter: Sendable {
    private let count = Atomic<Int>(0)

    /// Counts a new connection; `false` if it makes more than `limit`.
    func open(limit: Int) -> Bool {
      count.wrappingAdd(1, ordering: .relaxed).newValue <= limit
    }

    /// Counts a connection closed.
    func close() {
      count.wrappingSubtract(1, ordering: .relaxed)
    }
  }
}

extension HTTPServerBuilder {
  /// HTTP/1 with the WebSocket upgrade of `shouldUpgrade`, every connection guarded by
  /// ``HTTPGuardHandler`` with `limits` and `origins`.
  static func guarded(
    origins: ServerOrigins, limits: HTTPLimits, webSocketPaths: Set<String>,
    webSocket: WebSocketServerConfiguration,
    shouldUpgrade:
      @escaping @Sendable (HTTPRequest, any Channel, Logger) throws -> ShouldUpgradeResult<
        WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>
      >
  ) -> HTTPServerBuilder {
    let connections = GuardedHTTPChannel.ConnectionCounter()
    var decoder = HTTP1Channel.Configuration.DecoderConfiguration()
    decoder.maxHeaderFieldSize = limits.maximumHeaderSize
    decoder.maxHeaderListSize = limits.maximumHeaderSize
    decoder.maxHeaderFieldCount = 200
    let http1 = HTTP1Channel.Configuration(
      idleTimeout: nil, httpDecoderConfiguration: decoder)
    return HTTPServerBuilder { responder in
      GuardedHTTPChannel(
        base: HTTP1WebSocketUpgradeChannel(
          responder: responder,
          configuration: .init(http1: http1, ws: webSocket),
          shouldUpgrade: shouldUpgrade),
        origins: origins, limits: limits, webSocketPaths: webSocketPaths,
        connections: connections)
    }
  }
}
