import Hummingbird

/// Puts the security headers on every response the router writes (pages, files, API
/// bodies and problems): the content security policy of ``ServerOrigins``,
/// `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer` and
/// `Cross-Origin-Opener-Policy: same-origin`. The outermost middleware.
///
/// The generated API responses carry them already (the document requires them); they are
/// set, not added, so each header is sent once.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
  let origins: ServerOrigins

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var response = try await next(request, context)
    for field in origins.securityHeaders {
      response.headers[field.name] = field.value
    }
    return response
  }
}
