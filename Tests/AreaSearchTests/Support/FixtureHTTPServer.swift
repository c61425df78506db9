import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// A small HTTP server on 127.0.0.1 and a free port that answers each path with a status and
/// a body, and records the paths it was asked for: the agency's server, for the live client.
final class FixtureHTTPServer: Sendable {
  /// The answers, by path; any other path is a 404.
  let routes: [String: (status: HTTPResponseStatus, body: Data)]
  private let channel: any Channel
  private let requested = NIOLockedValueBox<[String]>([])

  /// The server's address, such as `http://127.0.0.1:49152`.
  var base: URL { URL(string: "http://127.0.0.1:\(channel.localAddress?.port ?? 0)")! }
  /// The paths asked for, in order.
  var paths: [String] { requested.withLockedValue { $0 } }

  init(routes: [String: (status: HTTPResponseStatus, body: Data)]) async throws {
    self.routes = routes
    let requested = self.requested
    channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { channel in
        channel.pipeline.configureHTTPServerPipeline().flatMap {
          channel.pipeline.addHandler(Responder(routes: routes, requested: requested))
        }
      }
      .bind(host: "127.0.0.1", port: 0).get()
  }

  func shutdown() async throws {
    try await channel.close()
  }

  private final class Responder: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart
    let routes: [String: (status: HTTPResponseStatus, body: Data)]
    let requested: NIOLockedValueBox<[String]>
    var path = ""

    init(
      routes: [String: (status: HTTPResponseStatus, body: Data)],
      requested: NIOLockedValueBox<[String]>
    ) {
      self.routes = routes
      self.requested = requested
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      switch unwrapInboundIn(data) {
      case .head(let head):
        path = head.uri
        requested.withLockedValue { $0.append(head.uri) }
      case .body:
        break
      case .end:
        let (status, body) = routes[path] ?? (.notFound, Data("not found".utf8))
        var headers = HTTPHeaders()
        headers.add(name: "Content-Length", value: "\(body.count)")
        headers.add(name: "Content-Type", value: "application/json")
        context.write(
          wrapOutboundOut(
            .head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))),
          promise: nil)
        context.write(
          wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))),
          promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
      }
    }
  }
}
