import Foundation
import Hummingbird
import Logging
import TodoCore

/// Where and how the server's metrics are read: `GET /metrics` in Prometheus' text format, on
/// a listener of its own (``buildMetricsApplication(_:host:port:logger:)``) or on the main
/// port behind a bearer token.
public struct MetricsExposition: Sendable {
  /// The token a scraper sends on the main port (`Authorization: Bearer …`); `nil` keeps
  /// `/metrics` off the main port.
  public var token: String?
  /// The metrics as text, read at each scrape.
  public var text: @Sendable () -> String

  /// Creates an exposition.
  public init(token: String? = nil, text: @escaping @Sendable () -> String) {
    self.token = token
    self.text = text
  }

  /// Prometheus' text exposition format.
  static let contentType = "text/plain; version=0.0.4; charset=utf-8"

  /// Adds `GET /metrics` to `router`, checking the bearer token when `token` is set.
  func addRoute<Context: RequestContext>(to router: Router<Context>, token: String?) {
    let text = self.text
    let expected = token.map(Secrets.hash)
    router.get("/metrics") { request, _ -> Response in
      if let expected {
        let presented = request.headers[.authorization].flatMap { value in
          value.hasPrefix("Bearer ") ? String(value.dropFirst(7)) : nil
        }
        // Digests of equal length, compared in constant time: the comparison's time tells
        // nothing about the token.
        guard let presented, ConstantTime.equal(Secrets.hash(presented), expected) else {
          throw Problem.unauthorized("send the metrics token: Authorization: Bearer TOKEN")
        }
      }
      return Response(
        status: .ok, headers: [.contentType: Self.contentType, .cacheControl: "no-store"],
        body: .init(byteBuffer: ByteBuffer(string: text())))
    }
  }
}

/// A listener of its own that answers `GET /metrics` only (`todo serve --metrics-listen`), for
/// a Prometheus that scrapes it where the pages' port is not.
public func buildMetricsApplication(
  _ exposition: MetricsExposition, host: String, port: Int, logger: Logger
) -> some ApplicationProtocol {
  let router = Router()
  exposition.addRoute(to: router, token: nil)
  return Application(
    router: router,
    configuration: .init(address: .hostname(host, port: port), serverName: "todo-metrics"),
    logger: logger)
}
