import Hummingbird

/// Puts the client's address in the request's context (``TodoRequestContext/peerAddress``):
/// the peer's, or behind a trusted proxy the one its forwarding headers name
/// (``TrustedProxies``). Sign-in throttling and the request's log line use it.
struct ClientAddressMiddleware: RouterMiddleware {
  let proxies: TrustedProxies

  func handle(
    _ request: Request, context: TodoRequestContext,
    next: (Request, TodoRequestContext) async throws -> Response
  ) async throws -> Response {
    var context = context
    context.peerAddress = proxies.client(peer: context.peerAddress, headers: request.headers)
    return try await next(request, context)
  }
}
