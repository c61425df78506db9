import Crypto
import Foundation
import Hummingbird
import Logging

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
    let expected = token.map { Data(SHA256.hash(data: Data($0.utf8))) }
    router.get("/metrics") { request, _ -> Response in
      if let expected {
        let presented = request.headers[.authorization].flatMap { value in
          value.hasPrefix("Bearer ") ? String(value.dropFirst(7)) : nil
        }
        // Digests of equal length, compared without an early exit: the comparison's time
        // tells nothing about the token.
        let digest = Data(SHA256.hash(data: Data((presented ?? "").utf8)))
        let same = zip(digest, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
        guard presented != nil, same else {
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
