import Hummingbird

/// Puts the security headers on every response the router writes (pages, files, API
/// bodies and problems): the content security policy of ``ServerOrigins``,
/// `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer` and
/// `Cross-Origin-Opener-Policy: same-origin`. The outermost middleware.
///
/// The only place they are written: the document lists them on every response but leaves
/// them optional, so the generated handlers do not percent-encode the same constant values on
/// every request (that cost a list read 9% of its time). They are set, not added,
/// so each header is sent once.
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
