import Hummingbird

/// Reads a request body whole, up to the context's limit (1 MB), before the generated API
/// handlers see it: a chunked body over the limit is answered 413 like a declared one (which
/// the connection guard refuses before it is read).
struct BodyLimitMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard ContentTypeMiddleware<Context>.hasBody(request) else {
      return try await next(request, context)
    }
    var request = request
    _ = try await request.collectBody(upTo: context.maxUploadSize)
    return try await next(request, context)
  }
}
