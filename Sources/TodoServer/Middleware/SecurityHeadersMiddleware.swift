import Hummingbird

/// Puts the security headers on every response the router writes (pages, files, API
/// bodies and problems): the content security policy of ``ServerOrigins``,
/// `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer` and
/// `Cross-Origin-Opener-Policy: same-origin`. The outermost middleware.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
  let origins: ServerOrigins

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var response = try await next(request, context)
    response.headers.append(contentsOf: origins.securityHeaders)
    return response
  }
}
