import NIOCore
import NIOPosix

/// A TCP proxy on loopback that delays every byte by a fixed time each way, as a connection
/// from another continent would: the page benchmark's browser talks to the server through it.
///
/// Each direction keeps its bytes in arrival order with the time they are due, and writes
/// them when due; a close is passed on once what came before it has been written.
final class DelayProxy: Sendable {
  /// The port the proxy listens on.
  let port: Int
  private let channel: any Channel

  private init(port: Int, channel: any Channel) {
    self.port = port
    self.channel = channel
  }

  /// Starts a proxy to `127.0.0.1:target` on `port` (0 for a free one).
  static func start(target: Int, delay: Duration, port: Int = 0) async throws -> DelayProxy {
    let group = MultiThreadedEventLoopGroup.singleton
    let channel = try await ServerBootstrap(group: group)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { inbound in
        inbound.setOption(.autoRead, value: false).flatMap {
          ClientBootstrap(group: inbound.eventLoop).connect(host: "127.0.0.1", port: target)
        }.flatMap { outbound in
          let up = DelayedForwarder(to: outbound, delay: delay)
          let down = DelayedForwarder(to: inbound, delay: delay)
          return inbound.pipeline.addHandler(up).flatMap {
            outbound.pipeline.addHandler(down)
          }.flatMap {
            inbound.setOption(.autoRead, value: true)
          }
        }
      }
      .bind(host: "127.0.0.1", port: port).get()
    guard let bound = channel.localAddress?.port else {
      try await channel.close()
      throw BenchError("the delaying proxy has no port")
    }
    return DelayProxy(port: bound, channel: channel)
  }

  /// Stops accepting connections.
  func stop() async throws {
    try await channel.close()
  }

  /// A proxy for the duration of `body`.
  static func with<T>(
    target: Int, delay: Duration, port: Int = 0, _ body: (DelayProxy) async throws -> T
  ) async throws -> T {
    let proxy = try await start(target: target, delay: delay, port: port)
    do {
      let value = try await body(proxy)
      try await proxy.stop()
      return value
    } catch {
      try? await proxy.stop()
      throw error
    }
  }
}

/// Writes what its channel reads to `peer`, each chunk `delay` after it arrived.
private final class DelayedForwarder: ChannelInboundHandler, @unchecked Sendable {
  typealias InboundIn = ByteBuffer

  private let peer: any Channel
  private let delay: TimeAmount
  /// Chunks waiting for their time, in arrival order; `nil` is the close.
  private var queue: [(due: NIODeadline, data: ByteBuffer?)] = []
  private var scheduled = false

  init(to peer: any Channel, delay: Duration) {
    self.peer = peer
    let (seconds, attoseconds) = delay.components
    self.delay = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    enqueue(unwrapInboundIn(data), context: context)
  }

  func channelInactive(context: ChannelHandlerContext) {
    enqueue(nil, context: context)
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    context.close(promise: nil)
  }

  private func enqueue(_ data: ByteBuffer?, context: ChannelHandlerContext) {
    queue.append((.now() + delay, data))
    schedule(on: context.eventLoop)
  }

  private func schedule(on loop: any EventLoop) {
    guard !scheduled, let first = queue.first else { return }
    scheduled = true
    loop.scheduleTask(deadline: first.due) { [self] in
      scheduled = false
      let now = NIODeadline.now()
      while let first = queue.first, first.due <= now {
        queue.removeFirst()
        guard let data = first.data else {
          peer.close(promise: nil)
          queue.removeAll()
          return
        }
        peer.writeAndFlush(data, promise: nil)
      }
      schedule(on: loop)
    }
  }
}
