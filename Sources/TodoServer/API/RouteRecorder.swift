import Hummingbird
import OpenAPIRuntime

/// A server transport that registers each generated handler on a Hummingbird router and
/// remembers which methods every path answers, so that the other methods can be answered
/// 405 with `Allow` (``RouterMethods/refuseOtherMethods(on:allowing:)``).
///
/// The generated `registerHandlers(on:)` knows the document's routes; the router does not
/// say which methods a path has. Recording them here keeps the 405s derived from the
/// document instead of a second list of routes.
final class RouteRecorder<Router: RouterMethods>: ServerTransport {
  private let router: Router
  private var recorded: [(path: String, methods: [HTTPRequest.Method])] = []

  /// A recorder that registers the handlers on `router`.
  init(_ router: Router) {
    self.router = router
  }

  func register(
    _ handler:
      @escaping @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws
      -> (HTTPResponse, HTTPBody?),
    method: HTTPRequest.Method,
    path: String
  ) throws {
    router.register(handler, method: method, path: path)
    if let index = recorded.firstIndex(where: { $0.path == path }) {
      recorded[index].methods.append(method)
    } else {
      recorded.append((path, [method]))
    }
  }

  /// Answers, on every recorded path, the methods it has no handler for with 405.
  func refuseOtherMethods() {
    for (path, methods) in recorded {
      router.refuseOtherMethods(on: RouterPath(path), allowing: methods)
    }
  }
}
