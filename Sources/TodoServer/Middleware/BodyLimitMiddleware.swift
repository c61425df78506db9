import Hummingbird

/// Refuses, with 413, a request whose declared `Content-Length` is over the limit, before
/// any of its body is read. Bodies without a length (chunked) are limited while they are
/// read, by ``TodoRequestContext/maxUploadSize``.
struct BodyLimitMiddleware<Context: RequestContext>: RouterMiddleware {
  /// The largest body accepted, in bytes.
  var limit: Int

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    if let declared = request.headers[.contentLength] {
      guard let length = Int(declared), length >= 0 else {
        throw Problem.badRequest("Content-Length \(declared) is not a length")
      }
      if length > limit { throw Problem.bodyTooLarge }
    }
    return try await next(request, context)
  }
}
